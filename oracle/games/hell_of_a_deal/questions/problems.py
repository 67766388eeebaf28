"""The glue from the table to the odds solver: a ``HodState`` becomes the plain
``OddsProblem`` of ``oracle.solve.exact.holdem`` (nothing here changes the state).

What the odds count as known depends on the ``view``:

- ``"table"`` (the default): every card the position lists — players' hands, the board and
  Jack Potts's stacks, the discard pile, the cards a player looked at, the toll cards —
  except the Boss's face-down hole cards, which go back among the unseen cards.
- a player's name: what that player knows — their own hand and looked-at cards, everyone's
  revealed cards, the board, the discard pile ("All cards in the discard are public
  information"), the Boss's revealed cards and the toll cards. Only that player's odds are
  computed (the others' hidden cards are unseen).

With ``boss_cards="all"`` the Boss's listed hole cards count as known too (a puzzle whose
answer assumes the Boss's hand).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from oracle.cards import Card
from oracle.errors import FieldError
from oracle.eval import HELL_OF_A_DEAL
from oracle.solve.exact.holdem import BossHand, OddsProblem, SeatHand

from ..rules import CHIPS
from ..state import HodState, PlayerState


def souls_if_won(player: PlayerState) -> int:
    return sum(CHIPS[b.effective].souls_if_won for b in player.bets)


def seat_of(state: HodState, player: PlayerState, cards: tuple[Card, ...] | None = None) -> SeatHand:
    return SeatHand(
        name=player.name,
        cards=tuple(player.hand) if cards is None else cards,
        folded=player.folded,
        max_private=2 + player.extra_hand_cards,
        wild_ranks=frozenset(player.wild_ranks),
        souls_if_won=souls_if_won(player),
        toll_budget=(player.tolls_paid or 0) if state.boss.tolls else None,
    )


def check_supported(state: HodState) -> None:
    boss = state.boss
    if boss.blackjack:
        raise FieldError(("boss",), f"odds against {boss.name} are not computed: he draws to over 16 "
                                    "at the showdown under blackjack rules, which the odds do not model")
    if boss.stack_reveals and len(state.board) < 5:
        raise FieldError(("board",), f"odds against {boss.name} need the River out: cards stacked on "
                                     "later streets are not modelled")


def boss_hand(state: HodState, boss_cards: str = "revealed") -> BossHand:
    if boss_cards not in ("revealed", "all"):
        raise FieldError(("boss_cards",), f"boss_cards is 'revealed' or 'all', not {boss_cards!r}")
    boss = state.boss
    dealt = len(state.boss_hole) if state.boss_hole else boss.hole_cards
    if boss_cards == "all" and not state.boss_hole:
        raise FieldError(("boss_cards",), "boss_cards 'all' needs the Boss's hole cards listed (boss_hole)")
    if boss_cards == "all":
        known_hole = list(state.boss_hole)
    else:
        known_hole = list(state.boss_revealed)
    return BossHand(
        known=(*known_hole, *state.tolls),
        unknown=dealt - len(known_hole),
        max_used=boss.max_hole_used,
        default_hand=boss.default_hand,
        soul_penalty=boss.soul_penalty,
        tie_prefers=state.rules.get("boss_tie_prefers", "default"),
    )


def odds_problem(state: HodState, *, view: str = "table", boss_cards: str = "revealed") -> OddsProblem:
    check_supported(state)
    board = tuple(state.community())
    boss = boss_hand(state, boss_cards)
    dead: list[Card] = list(state.discard)
    if view == "table":
        seats = tuple(seat_of(state, p) for p in state.players)
        for p in state.players:
            dead.extend(p.looked)
    else:
        if view not in state.names:
            raise FieldError(("view",), f"view is 'table' or a player's name, not {view!r}")
        me = state.player(view)
        seats = (seat_of(state, me),)
        dead.extend(me.looked)
        for p in state.players:
            if p.name != view:
                dead.extend(p.revealed)
    return OddsProblem(
        board=board,
        seats=seats,
        boss=boss,
        dead=tuple(dead),
        board_size=max(5, len(board)),
        banned_ranks=frozenset(state.boss.banned_ranks),
        bans_board_high_card=state.boss.bans_board_high_card,
        tolled_ranks=frozenset(c.rank for c in state.tolls),
        ruleset=HELL_OF_A_DEAL,
    )


def single_seat(problem: OddsProblem, name: str, cards: tuple[Card, ...], *,
                toll_budget: int | None = -1, moved_to_dead: Sequence[Card] = (),
                removed_from_dead: Sequence[Card] = ()) -> OddsProblem:
    """The problem for one player holding ``cards``; every other listed card is dead."""
    seat = next(s for s in problem.seats if s.name == name)
    others = [c for s in problem.seats if s.name != name for c in s.cards]
    dead = [c for c in problem.dead if c not in removed_from_dead]
    dead += [c for c in (*seat.cards, *moved_to_dead) if c not in cards]
    dead += others
    dead = [c for c in dead if c not in cards]  # a card swapped in left the other hand
    new_seat = replace(seat, cards=tuple(cards))
    if toll_budget != -1:
        new_seat = replace(new_seat, toll_budget=toll_budget)
    return replace(problem, seats=(new_seat,), dead=tuple(dict.fromkeys(dead)))


def with_seats(problem: OddsProblem, hands: Mapping[str, tuple[Card, ...]] | None = None,
               tolls: Mapping[str, int] | None = None, *, moved_to_dead: Sequence[Card] = (),
               removed_from_dead: Sequence[Card] = ()) -> OddsProblem:
    """The whole table's problem with some players' cards (``hands``) or Souls paid in tolls
    (``tolls``) changed: a plan the team is weighing. A card that leaves every hand, and
    ``moved_to_dead``, is dead; a card taken into a hand leaves the dead cards."""
    hands = dict(hands or {})
    tolls = dict(tolls or {})
    seats = []
    for seat in problem.seats:
        seat = replace(seat, cards=tuple(hands.get(seat.name, seat.cards)))
        if seat.name in tolls:
            seat = replace(seat, toll_budget=tolls[seat.name])
        seats.append(seat)
    held = {c for s in seats for c in s.cards}
    before = [c for s in problem.seats for c in s.cards]
    dead = [c for c in problem.dead if c not in removed_from_dead]
    dead += [c for c in (*before, *moved_to_dead) if c not in held]
    dead = [c for c in dead if c not in held]
    return replace(problem, seats=tuple(seats), dead=tuple(dict.fromkeys(dead)))
