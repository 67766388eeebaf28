"""oracle: a rules oracle and puzzle solver for four poker-family tabletop games."""

__version__ = "0.1.0"
