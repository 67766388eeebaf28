"""``oracle find``: searches for positions. A search file is a scenario with holes (``holes``),
constrained by a small language (``language``, given its meaning in ``translate``), modelled
in Z3 (``model``, over ``oracle.solve.smt``'s card domain and categories) and searched by
proposals the engines check (``search``). See ``docs/find.md``."""

from oracle.find.holes import SEARCH_SUFFIX, read_search
from oracle.find.search import (DEFAULT_SECONDS, FOUND, NONE, UNKNOWN, WITNESS_HEADER, SearchResult, Witness, check_count,
                                run_search, witness_name)

__all__ = [
    "DEFAULT_SECONDS",
    "FOUND",
    "NONE",
    "SEARCH_SUFFIX",
    "SearchResult",
    "UNKNOWN",
    "WITNESS_HEADER",
    "Witness",
    "check_count",
    "read_search",
    "run_search",
    "witness_name",
]
