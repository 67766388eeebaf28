"""Hell of a Deal's actions on a table state: ``verify`` raises ``IllegalActionError`` with the
reason (one check per kind of step), ``can_apply`` says yes or no, ``apply_action`` verifies and
applies on a copy, then lets the round move on (``round.advance``)."""

from __future__ import annotations

from typing import Sequence

from oracle.cards import Card, check_cards, format_cards
from oracle.errors import IllegalActionError, InvalidActionError, InvalidHandError, OracleError
from oracle.text import quote
from oracle.words import join, noun, plural

from .actions import BONES, OFFERING_NAMES, Action, parse_action
from .effects import add_to_hand, check_loss, gain_curse, heal, suffer
from .favor_draws import drawn_favor, setup_favor_open, take_favor
from .resolution import toll_options
from .round import (
    advance,
    after_street,
    awaiting,
    describe_wait,
    end_round,
    finish_turn,
    next_boss_problem,
    stack_reveals,
)
from .rules import (
    BOARD_SIZE,
    CHIPS,
    MAX_FAVORS,
    STREET_CARDS,
    STREETS,
    ChipBet,
    check_temptation_assignment,
    find_favor,
)
from .state import HodState, Pending, PlayerState

# ---------------------------------------------------------------------------------------
# Verifying actions: one function per kind, each raising with the reason.


def verify(state: HodState, action: Action | str) -> Action:
    """Raise ``IllegalActionError`` (or ``InvalidActionError`` for text that does not parse)
    unless ``action`` may be taken now; return the parsed action."""
    if isinstance(action, str):
        action = parse_action(action)
    if state.status != "going on":
        raise IllegalActionError(f"the game is over ({state.status}): {state.reason}")
    wait = awaiting(state)
    if wait["by"] == "team":
        if action.kind != "assign":
            raise IllegalActionError(
                f"{state.assign_overflow} Temptation over 10 must first be assigned "
                "('assign Temptation: Ben 1')"
            )
        check_temptation_assignment(state.levels(), state.assign_overflow, dict(action.assignment))
        names = [n for n, _ in action.assignment]
        if len(set(names)) != len(names):
            raise IllegalActionError("name each player once in the assignment")
        return action
    if action.kind == "assign":
        raise IllegalActionError("no Temptation is waiting to be assigned")
    if action.kind == "play" and wait["step"] in ("bet", "reveal"):
        _verify_play(state, action)
        return action
    if wait["by"] == "dealer" and wait["step"] == "end round":
        if action.kind != "end":
            raise IllegalActionError("the showdown is over: the next step is 'end round'")
        problem = next_boss_problem(state)
        if problem:
            raise IllegalActionError(problem)
        return action
    if action.kind == "end":
        raise IllegalActionError(f"the round is not over: waiting for {describe_wait(wait)}")
    if action.kind == "favor_draw" and not _favor_draw_pending(state) and setup_favor_open(state, action.actor):
        drawn_favor(state, action)  # "Deal each player one FAVOR card face down" (Player Set Up)
        return action
    if state.pending:
        _verify_pending(state, state.pending[0], action)
        return action
    if wait["step"] == "bet":
        _verify_turn(state, action)
        return action
    raise IllegalActionError(f"nothing can be done now ({state.phase})")


def can_apply(state: HodState, action: Action | str) -> bool:
    """Whether ``action`` may be taken now (``verify`` says why not)."""
    try:
        verify(state, action)
    except (IllegalActionError, InvalidActionError):
        return False
    return True


def _check_unseen(state: HodState, cards: Sequence[Card], what: str) -> None:
    try:
        check_cards(list(cards), what=what)
    except InvalidHandError as exc:
        raise IllegalActionError(str(exc)) from exc
    seen = set(state.seen_cards())
    for c in cards:
        if c.suit is None:
            raise IllegalActionError(f"deal a card with its suit, not {quote(str(c))}")
        if c in seen:
            raise IllegalActionError(f"{c} is not in the deck: it has already been seen")


def _verify_pending(state: HodState, item: Pending, action: Action) -> None:
    k = item.kind
    expected = {
        "deal_player": "deal", "deal_boss": "deal", "deal_toll": "deal", "deal_street": "deal",
        "boss_hit": "deal", "stack": "stack", "demona": ("demona", "fold"), "keep": "keep",
        "favor_draw": "favor_draw", "favor_discard": "favor_discard", "toll": "toll",
        "bones": "bones", "reveal": "reveal",
    }[k]
    kinds = expected if isinstance(expected, tuple) else (expected,)
    if action.kind not in kinds:
        raise IllegalActionError(f"waiting for {_pending_text(state, item)}, not {quote(str(action))}")
    if action.actor is not None and action.actor != item.player:
        raise IllegalActionError(f"waiting for {_pending_text(state, item)}: it is not {action.actor}'s step")
    if k in ("deal_player", "deal_boss", "deal_toll", "deal_street", "boss_hit", "stack"):
        target = item.deal_target
        if k != "stack" and action.target != target:
            raise IllegalActionError(f"waiting for {_pending_text(state, item)}, not a deal to {action.target}")
        if len(action.cards) != item.count:
            raise IllegalActionError(f"this deal ({_pending_text(state, item)}) is {plural(item.count, 'card')}, "
                                     f"and the line names {len(action.cards)}")
        _check_unseen(state, action.cards, "deal")
    elif k == "demona":
        if action.kind == "fold" and state.boss.no_folding:
            raise IllegalActionError(f"{state.boss.name}: 'You may not Fold.'")
    elif k == "keep":
        p = state.player(item.player)
        if len(action.cards) != 1 or action.cards[0] not in p.looked:
            raise IllegalActionError(f"{item.player} keeps one of {format_cards(p.looked)}")
    elif k == "favor_draw":
        drawn_favor(state, action)
    elif k == "favor_discard":
        p = state.player(item.player)
        if action.favor not in p.favors:
            raise IllegalActionError(f"{item.player} holds {', '.join(p.favors)}, not {quote(action.favor)}")
    elif k == "toll":
        allowed = [len(s.tolled_used) for s in toll_options(state, item.player)]
        if action.count not in allowed:
            raise IllegalActionError(
                f"{item.player} may pay {join(map(str, allowed), 'or') or 'no'} {noun(max(allowed, default=0), 'Soul')}: "
                f"each pays for one tolled card used, with {plural(state.souls, 'Soul')} in the pot ('The cost of a "
                "Soul is a per card payment. If the Souls pot is empty, players may not use his "
                "ability.'); paying for nothing better is not offered"
            )
    elif k == "bones":
        if action.outcome not in BONES:
            raise IllegalActionError(f"the Bones show {', '.join(BONES)}")


def _pending_text(state: HodState, item: Pending) -> str:
    k = item.kind
    if k == "deal_player":
        return f"deal {item.player} {plural(item.count, 'card')}"
    if k in ("deal_boss", "boss_hit"):
        return f"deal Boss {plural(item.count, 'card')}"
    if k == "deal_toll":
        return "deal the toll card"
    if k == "deal_street":
        return f"deal the {item.street}"
    if k == "stack":
        return "Jack Potts's 3 revealed cards"
    if k == "demona":
        return f"{item.player}: suffer a Temptation or fold (Demona)"
    if k == "keep":
        return f"{item.player} keeps one of the two cards looked at"
    if k == "favor_draw":
        return f"{item.player} draws a Favor"
    if k == "favor_discard":
        return f"{item.player} discards a Favor down to three"
    if k == "toll":
        return f"{item.player} declares the Souls paid in tolls"
    if k == "bones":
        return f"{item.player} rolls the Bones"
    if k == "reveal":
        return "'reveal hands' (an Instant Favor may be played first)"
    return k


def _verify_turn(state: HodState, action: Action) -> None:
    name = state.to_act
    if action.kind not in ("bet", "fold", "done", "dedly", "play"):
        raise IllegalActionError(f"it is {name}'s turn to bet or fold, not {quote(str(action))}")
    if action.actor != name:
        state.player(action.actor)  # a name that is no player's is said so first, with the nearest
        raise IllegalActionError(f"it is {name}'s turn, not {action.actor}'s")
    p = state.player(name)
    if action.kind == "fold":
        if state.bet_this_turn:
            raise IllegalActionError(f"{name} has bet this phase and is in: 'Players must simply Bet one chip or Fold'")
        if state.boss.no_folding:
            raise IllegalActionError(f"{state.boss.name}: 'You may not Fold.'")
        return
    if action.kind == "done":
        if not state.bet_this_turn:
            raise IllegalActionError(
                f"{name} must bet one chip or fold: 'You may not \"Check,\" delaying the bet'"
            )
        return
    if action.kind == "dedly":
        if not state.boss.extra_draws:
            raise IllegalActionError(f"only against Dedly Aloor may players draw extra cards, not against {state.boss.name}")
        check_spare_cards(state, 1 if action.dedly_pay else 2)
        return
    if action.kind == "bet":
        _verify_bet(state, p, action)


def check_spare_cards(state: HodState, count: int) -> None:
    """Extra draws may not take the cards the board still needs (the rulebook never runs the
    deck out; we keep the streets dealable)."""
    needed = sum(STREET_CARDS[s] for s in STREETS[len([x for x in STREETS if BOARD_SIZE[x] <= len(state.board)]):])
    needed += sum(i.count for i in state.pending if i.kind.startswith("deal"))
    if len(state.stock()) - needed < count:
        raise IllegalActionError(
            f"the deck has {len(state.stock())} cards and {needed} are needed for the board: no card to draw"
        )


def _bets_allowed(state: HodState, p: PlayerState) -> int:
    """Chips the player may still bet this turn: one, a second after Demona's heart ("Players
    who don't Fold may bet TWO chips on their next bet"), plus Double Down's extra chips."""
    allowed = 1 + (1 if p.double_bet else 0) + p.extra_chips
    return allowed - state.bet_this_turn


def _extra_chips_used(state: HodState, p: PlayerState) -> str:
    """Which extra chips this turn's bets used, named by what gave them (only those in play)."""
    if state.bet_this_turn <= 1:
        return ""
    given = (["Demona's second chip"] if p.double_bet else []) + \
        (["Double Down's extra chip"] if p.extra_chips else [])
    return f" ({' and '.join(given)} {'is' if len(given) == 1 else 'are'} used)" if given else ""


def _verify_bet(state: HodState, p: PlayerState, action: Action) -> None:
    if _bets_allowed(state, p) <= 0:
        raise IllegalActionError(
            f"{p.name} has bet this turn: 'choose one (and only one) unused chip'"
            + _extra_chips_used(state, p)
        )
    left = p.chips_left()
    if left.get(action.chip, 0) <= 0:
        raise IllegalActionError(f"{p.name}'s {action.chip} chip is already in the Bet area this round")
    if action.chip == "Wild":
        if not action.acts_as or action.acts_as == "Wild":
            raise IllegalActionError("declare the Wild chip as another chip: 'Wild as Earn a Soul'")
    elif action.acts_as:
        raise IllegalActionError("only the Wild chip is declared as another chip")
    effective = action.acts_as or action.chip
    if effective == "Heal":
        state.player(action.target)  # raises for an unknown name
    elif effective == "Reveal 2 Cards":
        hidden = [c for c in p.hand if c not in p.revealed]
        need = min(2, len(hidden))
        if len(action.cards) != need or len(set(action.cards)) != need:
            raise IllegalActionError(f"{p.name} reveals {need} of their face-down cards")
        for c in action.cards:
            if c not in hidden:
                raise IllegalActionError(f"{c} is not a face-down card in {p.name}'s hand")
    elif effective == "Devilish Offering":
        _verify_offering(state, p, action)


def _verify_offering(state: HodState, p: PlayerState, action: Action) -> None:
    if action.offering in state.offerings_used:
        raise IllegalActionError(
            f"the Offering '{OFFERING_NAMES[action.offering]}' is used this round: 'You may only "
            "utilize Offerings that have not been previously used this round.'"
        )
    if action.offering == "reveal":
        card = action.cards[0] if len(action.cards) == 1 else None
        if card not in state.boss_hole or card in state.boss_revealed:
            raise IllegalActionError("choose one of the Boss's face-down hole cards")
    elif action.offering == "look":
        check_spare_cards(state, 2)
    elif action.offering == "swap":
        other = state.player(action.target)
        if other.name == p.name or other.folded:
            raise IllegalActionError("swap with another player who is still in the round")
        if len(action.cards) != 1 or action.cards[0] not in p.hand:
            raise IllegalActionError(f"{p.name} swaps a card from their own hand")
        if len(action.other_cards) != 1 or action.other_cards[0] not in other.hand:
            raise IllegalActionError(f"{other.name} gives a card from their own hand")
    elif action.offering == "discard":
        if len(action.cards) != 1 or action.cards[0] not in state.discard:
            raise IllegalActionError(f"the discard pile holds {format_cards(state.discard) or 'nothing'}")


def _verify_play(state: HodState, action: Action) -> None:
    p = state.player(action.actor)
    try:
        favor = find_favor(action.favor, state.favors)
    except OracleError as exc:
        raise IllegalActionError(str(exc)) from exc
    if favor.name not in p.favors:
        raise IllegalActionError(f"{p.name} does not hold the Favor {favor.name}")
    if p.folded:
        raise IllegalActionError(f"{p.name} has folded")
    if not favor.instant:
        if state.to_act != p.name:
            raise IllegalActionError(f"{favor.name} is not Instant: it is played on {p.name}'s own turn")
        if not state.bet_this_turn:
            raise IllegalActionError("'You may not play a Favor card without Betting first'")
    if favor.effect == "heal":
        if action.target is None:
            raise IllegalActionError(f"say whom {favor.name} heals ('... on Ben')")
        state.player(action.target)
    elif action.target is not None:
        raise IllegalActionError(f"{favor.name} names no player")
    if favor.effect == "reveal_boss_card":
        if len(action.cards) != 1 or action.cards[0] not in state.boss_hole or action.cards[0] in state.boss_revealed:
            raise IllegalActionError("name one of the Boss's face-down hole cards")
    elif action.cards:
        raise IllegalActionError(f"{favor.name} names no card")
    if favor.effect == "draw_cards":
        check_spare_cards(state, favor.amount)


# ---------------------------------------------------------------------------------------
# Applying actions.


def apply_action(state: HodState, action: Action | str) -> HodState:
    """A new state with ``action`` applied (the argument is not changed)."""
    action = verify(state, action)
    new = state.copy()
    _do(new, action)
    new.log.append(str(action))
    advance(new)
    check_loss(new)
    return new


def _favor_draw_pending(state: HodState) -> bool:
    return bool(state.pending) and state.pending[0].kind == "favor_draw"


def _do(state: HodState, action: Action) -> None:
    k = action.kind
    if k == "assign":
        for name, count in action.assignment:
            state.player(name).temptation += count
        state.assign_overflow = 0
        check_loss(state)
        return
    if k == "end":
        end_round(state)
        return
    if k == "play":
        _do_play(state, action)
        return
    if k == "favor_draw" and not _favor_draw_pending(state):
        take_favor(state, action.actor, action)  # the setup Favor
        return
    if state.pending:
        item = state.pending.pop(0)
        _do_pending(state, item, action)
        return
    p = state.player(action.actor)
    if k == "fold":
        fold(state, p)
        finish_turn(state)
    elif k == "done":
        p.double_bet = False
        finish_turn(state)
    elif k == "dedly":
        # "If they do not suffer 1 Temptation, DEDLY ALOOR draws an additional card as well."
        if action.dedly_pay:
            suffer(state, p.name, 1, "Dedly Aloor: an extra card")
        state.pending[:0] = [Pending("deal_player", p.name, 1)] + (
            [] if action.dedly_pay else [Pending("deal_boss", None, 1)]
        )
    elif k == "bet":
        _do_bet(state, p, action)


def fold(state: HodState, p: PlayerState) -> None:
    """"Fold: Discard your hand & Roll the Bones." The roll waits for the showdown."""
    p.folded = True
    state.discard.extend(p.hand)
    p.hand.clear()
    p.revealed.clear()
    p.double_bet = False


def _do_bet(state: HodState, p: PlayerState, action: Action) -> None:
    bet = ChipBet(chip=action.chip, acts_as=action.acts_as)
    p.bets.append(bet)
    state.bet_this_turn += 1
    if state.bet_this_turn > 1 + (1 if p.double_bet else 0):
        p.extra_chips -= 1
    if action.chip == "Wild":
        # "there is an upfront cost of 1 Temptation to use the chip"
        suffer(state, p.name, CHIPS["Wild"].temptation_up_front, "the Wild chip's up-front cost")
    effective = bet.effective
    if effective == "Heal":
        heal(state, action.target, 1, f"{p.name}'s Heal chip")
    elif effective == "Draw a Favor":
        state.pending.insert(0, Pending("favor_draw", p.name))
    elif effective == "Reveal 2 Cards":
        p.revealed.extend(action.cards)
    elif effective == "Devilish Offering":
        state.offerings_used.add(action.offering)
        if action.offering == "reveal":
            state.boss_revealed.append(action.cards[0])
        elif action.offering == "look":
            state.pending.insert(0, Pending("deal_player", p.name, 2, street="look"))
        elif action.offering == "swap":
            other = state.player(action.target)
            mine, theirs = action.cards[0], action.other_cards[0]
            p.hand.remove(mine)
            other.hand.remove(theirs)
            mine_up, theirs_up = mine in p.revealed, theirs in other.revealed
            if mine_up:
                p.revealed.remove(mine)
            if theirs_up:
                other.revealed.remove(theirs)
            add_to_hand(state, other.name, [mine], revealed=mine_up)
            add_to_hand(state, p.name, [theirs], revealed=theirs_up)
        elif action.offering == "discard":
            # "place it onto the Revealed area on your player mat. The card is part of your hand."
            state.discard.remove(action.cards[0])
            add_to_hand(state, p.name, [action.cards[0]], revealed=True)


def _do_play(state: HodState, action: Action) -> None:
    p = state.player(action.actor)
    favor = find_favor(action.favor, state.favors)
    p.favors.remove(favor.name)
    p.favors_played.append(favor.name)
    if favor.price == "temptation":
        suffer(state, p.name, favor.price_amount, f"the price of {favor.name}")
    elif favor.price == "curse":
        gain_curse(state, p.name, favor.price_amount, f"the price of {favor.name}")
    if state.boss.curse_per_favor:
        gain_curse(state, p.name, 1, f"{state.boss.name}: 'If you play a Favor, draw a Curse'")
    if favor.effect == "extra_hand_card":
        p.extra_hand_cards += favor.amount
    elif favor.effect == "extra_chip":
        for other in state.players:
            other.extra_chips += favor.amount
    elif favor.effect == "wild_rank":
        p.wild_ranks.add(favor.rank)
    elif favor.effect == "heal":
        heal(state, action.target, favor.amount, favor.name)
    elif favor.effect == "draw_cards":
        state.pending.insert(0, Pending("deal_player", p.name, favor.amount))
    elif favor.effect == "reveal_boss_card":
        state.boss_revealed.append(action.cards[0])


def _do_pending(state: HodState, item: Pending, action: Action) -> None:
    k = item.kind
    if k == "deal_player":
        if item.street == "look":
            state.player(item.player).looked = list(action.cards)
            state.pending.insert(0, Pending("keep", item.player))
        else:
            add_to_hand(state, item.player, action.cards)
    elif k in ("deal_boss", "boss_hit"):
        state.boss_hole.extend(action.cards)
    elif k == "deal_toll":
        state.tolls.extend(action.cards)
    elif k == "deal_street":
        state.board.extend(action.cards)
        after_street(state, item.street, list(action.cards))
    elif k == "stack":
        stack_reveals(state, list(action.cards))
    elif k == "demona":
        p = state.player(item.player)
        if action.kind == "fold":
            fold(state, p)
            state.pending = [i for i in state.pending if not (i.kind == "demona" and i.player == p.name)]
        else:
            suffer(state, p.name, 1, "Demona's heart")
            p.double_bet = True
    elif k == "keep":
        p = state.player(item.player)
        kept = action.cards[0]
        state.discard.extend(c for c in p.looked if c != kept)
        p.looked = []
        add_to_hand(state, p.name, [kept])
    elif k == "favor_draw":
        p = state.player(item.player)
        take_favor(state, p.name, action)
        if len(p.favors) > MAX_FAVORS:
            # "If you draw a Favor when already at the maximum, immediately choose any of your
            # Favors and discard until you have no more than three."
            state.pending.insert(0, Pending("favor_discard", p.name))
    elif k == "favor_discard":
        state.player(item.player).favors.remove(action.favor)
    elif k == "toll":
        p = state.player(item.player)
        p.tolls_paid = action.count
        state.souls -= action.count
    elif k == "bones":
        if action.outcome == "Favor":
            state.pending.insert(0, Pending("favor_draw", item.player))
        elif action.outcome == "Temptation":
            suffer(state, item.player, 1, "the Bones")
        else:
            gain_curse(state, item.player, 1, "the Bones")
