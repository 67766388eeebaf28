"""Hell of a Deal's Player chips as data: "There are two categories of chips: Earn a Soul chips
and Power chips. The benefit of each chip is printed on the front. The punishment for losing a
Bet is printed on the back of the chip." What a Bet area yields at the showdown is
``resolution.settle_bets``."""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------------------------------
# Chips: "The benefit of each chip is printed on the front. The punishment for losing a Bet
# is printed on the back of the chip."


@dataclass(frozen=True, kw_only=True)
class Chip:
    name: str
    count: int = 1
    souls_if_won: int = 0
    temptation_if_lost: int = 0
    curses_if_lost: int = 0
    temptation_up_front: int = 0
    back: str = ""


CHIPS: dict[str, Chip] = {
    c.name: c
    for c in (
        Chip(name="Earn a Soul", count=2, souls_if_won=1, temptation_if_lost=1,
             back="Suffer 1 Temptation"),
        Chip(name="Heal", temptation_if_lost=2, back="personally suffer 2 Temptation"),
        Chip(name="Devilish Offering", temptation_if_lost=2, back="suffer 2 Temptation"),
        Chip(name="Draw a Favor", curses_if_lost=1, back="gain a face-down Curse card"),
        Chip(name="Reveal 2 Cards", curses_if_lost=1, back="gain a face-down Curse card"),
        Chip(name="Wild", curses_if_lost=1, temptation_up_front=1,
             back="gain a face-down Curse card"),
    )
}
CHIP_NAMES = tuple(CHIPS)
WILD = "Wild"


def chip_key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


_CHIP_ALIASES = {
    "soul": "Earn a Soul",
    "earnsoul": "Earn a Soul",
    "healanyplayerstemptation": "Heal",
    "healaplayerstemptation": "Heal",
    "offering": "Devilish Offering",
    "favor": "Draw a Favor",
    "reveal": "Reveal 2 Cards",
    "revealtwocards": "Reveal 2 Cards",
}


_CHIP_BY_KEY = {chip_key(name): chip for name, chip in CHIPS.items()}
_CHIP_BY_KEY |= {key: CHIPS[name] for key, name in _CHIP_ALIASES.items()}


def find_chip(text: str) -> Chip | None:
    return _CHIP_BY_KEY.get(chip_key(text))


@dataclass(frozen=True, kw_only=True)
class ChipBet:
    """A chip in a Bet area. ``acts_as`` is what a Wild chip was declared as ("When you place
    the chip into your Bet area, declare which chip you intend to use")."""

    chip: str
    acts_as: str | None = None

    @property
    def effective(self) -> str:
        return self.acts_as or self.chip

    def __str__(self) -> str:
        return f"{self.chip} as {self.acts_as}" if self.acts_as else self.chip
