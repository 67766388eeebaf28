"""Hell of a Deal's rules as data: what the table plays with and the options tables differ on.

    options   the slug, the rule options (``OPTIONS``), the streets and board sizes
    bosses    Bosses as data (``Boss``, ``BOSSES``, ``find_boss``), Red Jack's blackjack count
    favors    Favors as data (``Favor``, ``FAVORS``, ``find_favor``), ``MAX_FAVORS``
    chips     the Player chips (``CHIPS``, ``ChipBet``, ``find_chip``)
    tracks    the Temptation track, Curses and the Souls pot, as pure functions

Nothing here holds a table's state or plays a rule on it.
"""

from __future__ import annotations

from .bosses import (
    BIG_TABLE_SOUL_PENALTY,
    BOSS_FIELDS,
    BOSS_KEYS,
    BOSSES,
    DEFAULT_SOUL_PENALTY,
    MINION_NAMES,
    STANDARD_BOSS_ORDER,
    Boss,
    blackjack_total,
    blackjack_value,
    boss_from_mapping,
    boss_key,
    boss_suggestion,
    find_boss,
    lookup_boss,
    parse_default_hand,
)
from .chips import CHIP_NAMES, CHIPS, WILD, Chip, ChipBet, find_chip
from .favors import EFFECT_KINDS, FAVOR_KEYS, FAVORS, MAX_FAVORS, PRICES, TIMINGS, Favor, favor_from_mapping, favor_key, find_favor
from .options import BOARD_SIZE, OPTIONS, SLUG, STREET_CARDS, STREETS
from .tracks import (
    FLAME_BARRIERS,
    MAX_CURSES,
    TEMPTATION_MAX,
    apply_temptation,
    check_temptation_assignment,
    gain_curses,
    heal_temptation,
    healing_floor,
    pay_souls,
    players_at_max,
    split_temptation,
    team_lost_to_temptation,
    temptation_room,
)

__all__ = [
    "SLUG", "OPTIONS", "STREETS", "STREET_CARDS", "BOARD_SIZE",
    "Boss", "BOSSES", "BOSS_FIELDS", "STANDARD_BOSS_ORDER", "MINION_NAMES", "DEFAULT_SOUL_PENALTY",
    "BIG_TABLE_SOUL_PENALTY", "find_boss", "lookup_boss", "boss_suggestion", "BOSS_KEYS", "boss_key", "boss_from_mapping", "parse_default_hand",
    "blackjack_value", "blackjack_total",
    "Favor", "FAVORS", "FAVOR_KEYS", "MAX_FAVORS", "TIMINGS", "PRICES", "EFFECT_KINDS", "find_favor", "favor_from_mapping", "favor_key",
    "Chip", "CHIPS", "CHIP_NAMES", "WILD", "ChipBet", "find_chip",
    "TEMPTATION_MAX", "FLAME_BARRIERS", "healing_floor", "heal_temptation", "temptation_room",
    "split_temptation", "check_temptation_assignment", "apply_temptation", "players_at_max",
    "team_lost_to_temptation", "MAX_CURSES", "gain_curses", "pay_souls",
]
