"""Solvers by method: ``exact`` (enumeration), ``dp`` (dynamic programming), ``cpsat``
(OR-Tools CP-SAT) and ``smt`` (Z3). Solvers take plain inputs; no module here imports a
game's internals, and heavy libraries are imported inside the functions that use them."""
