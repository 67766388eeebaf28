"""Hell of a Deal: a cooperative Texas Hold'em against a deck of Bosses. Importing this package
registers the game and its question kinds; every name other code uses is re-exported here, and
nothing outside the package imports past this face.

    rules/       the game's data and options: ``options`` (slug, ``OPTIONS``, streets),
                 ``bosses``, ``favors``, ``chips``, ``tracks`` (Temptation, Curses, Souls)
    state        the table's value types: ``HodState``, ``PlayerState``, ``Pending``
    actions      action lines: ``Action``, ``parse_action``; ``str()`` round-trips
    effects      the effects many actions share: Temptation suffered, Curses gained, healing,
                 cards joining a hand, the loss check
    resolution   the showdown against the Boss: his play, each player's legal hand, the
                 comparison, rewards and penalties, the Bones queued
    round        the round's flow: what is awaited, betting order, streets (Demona, Jack
                 Potts), the end of a round and the next one's set-up
    engine       ``verify`` (raises with the reason), ``can_apply``, ``apply_action``
    moves        candidate and legal action lines with the reason for each left out, chance
    position     a scenario's ``position:`` to a ``HodState`` (``load_position``, ``POSITION_KEYS``),
                 every bad field reported at once (``read``; ``checks``: what the position must
                 make possible for the phase reached)
    questions/   ``GAME`` and the question kinds: ``table`` (engine kinds), ``solvers`` (solver
                 kinds), ``problems``, ``settlement`` and ``plans`` (the glue to ``oracle.solve``)
    session      what a live table (``oracle play``) needs: a fresh table, the status line, the
                 moves with the reasons for those left out, the cards a deal may name

Public API (names are stable):

    Boss, BOSSES, find_boss, boss_from_mapping, STANDARD_BOSS_ORDER
    Favor, FAVORS, find_favor, favor_from_mapping
    CHIPS, ChipBet, settle_bets
    TEMPTATION_MAX, FLAME_BARRIERS, healing_floor, heal_temptation, temptation_room,
    split_temptation, check_temptation_assignment, apply_temptation, team_lost_to_temptation
    MAX_CURSES, gain_curses, pay_souls, blackjack_total
    compare_with_default, default_strength, banned_ranks_for, player_limits,
    BossPlay, boss_play, player_outcome
    player_selection(state, name, max_tolled=None), toll_options(state, name),
    showdown_outcome(state, name, ...)
    HodState, load_position, Action, legal_actions, candidate_actions, verify, can_apply,
    apply_action

The engine is a step machine in the OpenSpiel manner. At each step one thing is awaited:
a chance event (a deal, a Bones roll, a Favor drawn; the action names the cards or the
result), a player's decision (a bet, a fold, a Favor, Demona's choice, a toll), or a team
decision (where Temptation over 10 goes). ``candidate_actions`` lists the action lines that
make sense to try at this step, ``verify`` raises ``IllegalActionError`` with the reason, and
``apply_action`` verifies and applies on a copy. What the engine cannot do: Curse cards'
effects (not printed in our rulebook: a Curse is only counted), Favor cards as swap or reveal
objects, and table talk.
"""

from __future__ import annotations

from oracle.games import lazy_modules
from .actions import BONES, OFFERING_NAMES, OFFERINGS, RESERVED_NAMES, Action, parse_action
from .effects import add_to_hand, blackjack_check, check_loss, gain_curse, heal, suffer
from .engine import apply_action, can_apply, check_spare_cards, fold, verify
from .moves import candidate_actions, chance_template, legal_actions, legal_moves_report, sample_chance
from .position import POSITION_KEYS, load_position, number_field
from .questions import (
    GAME,
    apply_question,
    best_hand_question,
    game_status_question,
    legal_moves_question,
    odds_problem,
    player_summary,
    showdown_question,
    single_seat,
    state_summary,
)
from .resolution import (
    BossPlay,
    Settlement,
    banned_ranks_for,
    begin_showdown,
    boss_play,
    compare_with_default,
    current_boss_play,
    default_strength,
    player_limits,
    player_outcome,
    player_ruleset,
    player_selection,
    resolve_showdown,
    settle_bets,
    showdown_outcome,
    toll_options,
)
from .round import (
    advance,
    after_street,
    awaiting,
    demona_check,
    end_round,
    finish_turn,
    next_to_act,
    queue_deal,
    stack_reveals,
    start_betting,
    start_round,
)
from .rules import (
    BOARD_SIZE,
    BOSSES,
    CHIPS,
    FAVORS,
    FLAME_BARRIERS,
    MAX_CURSES,
    MAX_FAVORS,
    OPTIONS,
    SLUG,
    STANDARD_BOSS_ORDER,
    STREET_CARDS,
    STREETS,
    TEMPTATION_MAX,
    Boss,
    ChipBet,
    Favor,
    apply_temptation,
    blackjack_total,
    boss_from_mapping,
    check_temptation_assignment,
    favor_from_mapping,
    find_boss,
    find_chip,
    find_favor,
    gain_curses,
    heal_temptation,
    healing_floor,
    pay_souls,
    players_at_max,
    split_temptation,
    team_lost_to_temptation,
    temptation_room,
)
from .rules.defaults import position_defaults
from .state import HodState, Pending, PlayerState

__all__ = [
    "session",
    # The stable API listed in the docstring.
    "Boss", "BOSSES", "find_boss", "boss_from_mapping", "STANDARD_BOSS_ORDER",
    "Favor", "FAVORS", "find_favor", "favor_from_mapping",
    "CHIPS", "ChipBet", "settle_bets", "TEMPTATION_MAX", "FLAME_BARRIERS", "healing_floor",
    "heal_temptation", "temptation_room", "split_temptation", "check_temptation_assignment",
    "apply_temptation", "team_lost_to_temptation", "MAX_CURSES", "gain_curses", "pay_souls",
    "blackjack_total", "compare_with_default", "default_strength", "banned_ranks_for",
    "player_limits", "BossPlay", "boss_play", "player_outcome", "player_selection",
    "showdown_outcome", "toll_options", "HodState", "load_position", "number_field", "position_defaults",
    "Action", "legal_actions",
    "candidate_actions", "verify", "can_apply", "apply_action",
    # Declared facts and the registration.
    "SLUG", "STREETS", "STREET_CARDS", "BOARD_SIZE", "MAX_FAVORS", "OPTIONS", "GAME", "POSITION_KEYS",
    "Settlement",
    "BONES", "OFFERINGS", "OFFERING_NAMES", "RESERVED_NAMES", "parse_action", "find_chip",
    "players_at_max",
    # The engine's parts.
    "PlayerState", "Pending", "suffer", "gain_curse", "heal", "add_to_hand", "blackjack_check",
    "check_loss", "player_ruleset", "current_boss_play", "begin_showdown", "resolve_showdown",
    "awaiting", "after_street", "demona_check", "stack_reveals", "finish_turn",
    "next_to_act", "start_betting", "advance", "end_round", "start_round", "queue_deal",
    "check_spare_cards", "fold", "chance_template", "sample_chance", "legal_moves_report",
    # Answers and question kinds.
    "player_summary", "state_summary", "showdown_question", "best_hand_question",
    "legal_moves_question", "apply_question", "game_status_question",
    # The glue to the solvers.
    "odds_problem", "single_seat",
]


# ``session``, what a live table needs (see oracle.live), is loaded by ``oracle play`` only.
__getattr__ = lazy_modules(__name__, "session")
