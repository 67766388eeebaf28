"""Question kinds every game answers: ``rank``, ``compare`` and ``validate``. ``rank`` and
``compare`` never read the table, so a scenario that asks only them needs no position."""

from __future__ import annotations

from oracle.cards import parse_cards
from oracle.errors import FieldError, OracleError, ScenarioError
from oracle.registry import Answer, Param, QuestionContext, register_question
from oracle.eval import find_ruleset
from oracle.ranking import compare_hands, rank_hand, rank_hell_of_a_deal, read_hand
from oracle.words import plural
from oracle.text import quote


def _text(ctx: QuestionContext, name: str, required: bool = True) -> str | None:
    value = ctx.params.get(name)
    if value is None:
        if required:
            raise FieldError((name,), "missing")
        return None
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    if not isinstance(value, (str, int)):
        raise FieldError((name,), f"must be cards as text, not {quote(value)}")
    return str(value)


def _flag(ctx: QuestionContext, name: str) -> bool:
    value = ctx.params.get(name, False)
    if not isinstance(value, bool):
        raise FieldError((name,), f"must be true or false, not {quote(value)}")
    return value


def _cards(ctx: QuestionContext, name: str, read):
    try:
        return read(_text(ctx, name))
    except FieldError:
        raise
    except OracleError as exc:
        raise FieldError((name,), str(exc)) from None


@register_question(
    None,
    "rank",
    summary="A hand under the game's rules: category, description, cards used, wild cards.",
    params={
        "cards": Param("the hand, e.g. '9 9 2 2 K'; or give hole and board (Hell of a Deal)"),
        "hole": Param("Hell of a Deal: the cards in hand"),
        "board": Param("Hell of a Deal: the community cards"),
        "boss": Param("Hell of a Deal: the Boss in play, for his restrictions"),
        "toll": Param("Hell of a Deal: The Boatman's toll card(s)"),
        "souls": Param("Hell of a Deal: Souls in the pot, with toll"),
        "up_your_sleeve": Param("Hell of a Deal: a third hand card may count"),
        "for_boss": Param("Hell of a Deal: rank the Boss's hand"),
    },
    uses_position=False,
)
def rank_question(ctx: QuestionContext) -> Answer:
    if "hole" in ctx.params:
        if ctx.game.ruleset != "hell-of-a-deal":
            raise FieldError(("hole",), f"hole and board belong to Hell of a Deal, not {ctx.game.slug}; give cards")
        souls = ctx.params.get("souls")
        if souls is not None and (not isinstance(souls, int) or isinstance(souls, bool) or souls < 0):
            raise FieldError(("souls",), f"must be a whole number of Souls, not {souls!r}")
        boss = _text(ctx, "boss", required=False)
        if boss is not None:
            from oracle.games.hell_of_a_deal import find_boss

            try:
                find_boss(boss)
            except OracleError as exc:
                raise FieldError(("boss",), str(exc)) from None
        up_your_sleeve, for_boss = _flag(ctx, "up_your_sleeve"), _flag(ctx, "for_boss")
        for field in ("hole", "board", "toll"):  # a bad card is named at its own field
            if ctx.params.get(field) is not None:
                _cards(ctx, field, parse_cards)
        try:
            ranking = rank_hell_of_a_deal(
                _text(ctx, "hole"),
                _text(ctx, "board", required=False) or "",
                boss=boss,
                toll=_text(ctx, "toll", required=False) or "",
                souls=souls,
                up_your_sleeve=up_your_sleeve,
                for_boss=for_boss,
            )
        except FieldError:
            raise  # names its own field (toll, souls)
        except OracleError as exc:
            raise FieldError(("hole",), str(exc)) from None
        best = ranking.best
        return Answer(ranking.to_json(), f"{best.hand.description}, using {plural(len(best.from_private), 'card')} from hand", ranking.rule)
    hand = _cards(ctx, "cards", lambda text: rank_hand(text, ctx.game.ranking(ctx.rules)))
    return Answer(hand.to_json(), f"{hand.description} under {hand.ruleset.title} rules", hand.ruleset.source)


@register_question(
    None,
    "compare",
    summary="Which of two hands wins under the game's rules, or a tie.",
    params={"first": Param("the first hand", required=True), "second": Param("the second hand", required=True)},
    uses_position=False,
)
def compare_question(ctx: QuestionContext) -> Answer:
    ruleset = find_ruleset(ctx.game.ranking(ctx.rules))
    # Each hand is read at its own field; then a card in both is the second hand's fault.
    first = _cards(ctx, "first", lambda text: read_hand(text, ruleset, "first hand"))
    second = _cards(ctx, "second", lambda text: read_hand(text, ruleset, "second hand"))
    try:
        result = compare_hands(first, second, ruleset)
    except OracleError as exc:
        raise FieldError(("second",), str(exc)) from None
    verdict = {"first": "the first hand wins", "second": "the second hand wins", "tie": "the hands tie"}[result.winner]
    return Answer(
        result.to_json(),
        f"{result.first.description} vs {result.second.description}: {verdict}",
        result.first.ruleset.source,
    )


@register_question(None, "validate", summary="Is the position legal? Every problem is listed.", params={})
def validate_question(ctx: QuestionContext) -> Answer:
    problems = []
    if ctx.game.load_position is not None:
        try:
            ctx.game.load_position(ctx.position, ctx.rules)
        except ScenarioError as exc:
            problems = [(p.path, p.message) for p in exc.problems]
        except FieldError as exc:
            problems = [(exc.path, exc.message)]
        except OracleError as exc:
            problems = [((), str(exc))]
    from oracle.errors import Problem

    def place(path):  # a path starting with "rules" names a rule option (see GameInfo)
        return tuple(path) if tuple(path[:1]) == ("rules",) else ("position", *path)

    listed = [{"field": Problem(place(path), m).dotted_path(), "message": m} for path, m in problems]
    explanation = "the position is legal" if not listed else f"the position is not legal: {plural(len(listed), 'problem')}: " + "; ".join(
        f"{p['field']}: {p['message']}" for p in listed
    )
    return Answer({"legal": not listed, "problems": listed}, explanation, f"{ctx.game.title} rulebook: Setup")
