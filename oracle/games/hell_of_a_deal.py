"""Hell of a Deal: the game's front module. Importing it registers the game and its question
kinds; every name other modules use is re-exported here under a stable name.

A cooperative Texas Hold'em against a deck of Bosses (rulebook: hell-of-a-deal.txt). The code
lives in modules of one concern each, all in ``oracle.games``:

    hod_bosses     Bosses as data (``Boss``, ``BOSSES``)
    hod_favors     Favors as data (``Favor``, ``FAVORS``)
    hod_rules      pure rules: chips, the Temptation track, Curses, Souls, the showdown comparison
    hod_actions    action lines (``Action``, ``parse_action``)
    hod_state      declared facts (streets, phases, rule options), the table state, shared effects
    hod_showdown   best legal hands, tolls, the Boss's play, showdown resolution and settlement
    hod_round      what is awaited, the betting order, streets, the end of a round
    hod_engine     ``verify`` and ``apply_action``
    hod_moves      candidate and legal action lines, chance steps
    hod_position   ``load_position``
    hod_questions  ``register_game`` and the question kinds

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
    HodState, load_position, Action, legal_actions, candidate_actions, verify, apply_action

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

from oracle.games.hod_actions import (
    BONES,
    OFFERING_NAMES,
    OFFERINGS,
    RESERVED_NAMES,
    Action,
    parse_action,
)
from oracle.games.hod_bosses import (
    BOSSES,
    STANDARD_BOSS_ORDER,
    Boss,
    boss_from_mapping,
    find_boss,
)
from oracle.games.hod_engine import apply_action, check_spare_cards, fold, verify
from oracle.games.hod_favors import FAVORS, Favor, favor_from_mapping, find_favor
from oracle.games.hod_moves import (
    candidate_actions,
    chance_template,
    legal_actions,
    legal_moves_report,
    sample_chance,
)
from oracle.games.hod_position import load_position
from oracle.games.hod_questions import (
    GAME,
    apply_question,
    best_hand_question,
    game_status_question,
    legal_moves_question,
    player_summary,
    showdown_question,
    state_summary,
)
from oracle.games.hod_round import (
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
from oracle.games.hod_rules import (
    CHIPS,
    FLAME_BARRIERS,
    MAX_CURSES,
    TEMPTATION_MAX,
    BossPlay,
    ChipBet,
    apply_temptation,
    banned_ranks_for,
    blackjack_total,
    boss_play,
    check_temptation_assignment,
    compare_with_default,
    default_strength,
    find_chip,
    gain_curses,
    heal_temptation,
    healing_floor,
    pay_souls,
    player_limits,
    player_outcome,
    players_at_max,
    settle_bets,
    split_temptation,
    team_lost_to_temptation,
    temptation_room,
)
from oracle.games.hod_showdown import (
    begin_showdown,
    current_boss_play,
    player_ruleset,
    player_selection,
    resolve_showdown,
    showdown_outcome,
    toll_options,
)
from oracle.games.hod_state import (
    BOARD_SIZE,
    MAX_FAVORS,
    OPTIONS,
    SLUG,
    STREET_CARDS,
    STREETS,
    HodState,
    Pending,
    PlayerState,
    add_to_hand,
    blackjack_check,
    check_loss,
    gain_curse,
    heal,
    suffer,
)

__all__ = [
    # The stable API listed in the docstring.
    "Boss", "BOSSES", "find_boss", "boss_from_mapping", "STANDARD_BOSS_ORDER",
    "Favor", "FAVORS", "find_favor", "favor_from_mapping",
    "CHIPS", "ChipBet", "settle_bets", "TEMPTATION_MAX", "FLAME_BARRIERS", "healing_floor",
    "heal_temptation", "temptation_room", "split_temptation", "check_temptation_assignment",
    "apply_temptation", "team_lost_to_temptation", "MAX_CURSES", "gain_curses", "pay_souls",
    "blackjack_total", "compare_with_default", "default_strength", "banned_ranks_for",
    "player_limits", "BossPlay", "boss_play", "player_outcome", "player_selection",
    "showdown_outcome", "toll_options", "HodState", "load_position", "Action", "legal_actions",
    "candidate_actions", "verify", "apply_action",
    # Declared facts and the registration.
    "SLUG", "STREETS", "STREET_CARDS", "BOARD_SIZE", "MAX_FAVORS", "OPTIONS", "GAME",
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
]
