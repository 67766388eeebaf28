"""Where a session starts: a fresh table of a game from the command line's table options
(each game's ``session.SETUP``), or a scenario file's position and history."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import yaml

from oracle.errors import OracleError, Problem, ScenarioError, did_you_mean
from oracle.live import SetupError
from oracle.registry import find_game, game_slugs, normal_name
from oracle.scenario import Scenario, from_data, load_file

from .session import game_session


def read_rules(items: tuple[str, ...]) -> dict[str, Any]:
    """``--rule ante=2 --rule bigger_draw=true``: each value read as YAML (a number, true or
    false, text)."""
    rules: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise SetupError(f"--rule: write a rule option and its value, e.g. --rule ante=2, not {item!r}")
        try:
            value = yaml.safe_load(raw) if raw.strip() else ""
        except yaml.YAMLError:
            value = raw
        rules[key.strip().replace("-", "_")] = value
    return rules


def _setup_message(problems: list[Problem]) -> str:
    lines = []
    for problem in problems:
        if problem.path[:1] == ("rules",) and len(problem.path) > 1:
            lines.append(f"--rule {problem.path[1]}: {problem.message}")
        else:
            lines.append(f"{problem.dotted_path()}: {problem.message}")
    return "\n".join(lines)


def fresh_table(game: str, options: Mapping[str, Any], rules: Mapping[str, Any]) -> Scenario:
    """A new table of ``game`` from its table options; an option the game does not take is
    refused with the ones it does."""
    info = find_game(game)
    module = game_session(info.slug)
    takes = [option.name for option in module.SETUP]
    for name, value in options.items():
        if value not in (None, (), []) and name not in takes:
            flags = ", ".join("--" + n.replace("_", "-") for n in takes)
            raise SetupError(f"--{name.replace('_', '-')} is not an option of {info.title}; it takes {flags} and --rule")
    position = module.new_position({k: v for k, v in options.items() if k in takes})
    data: dict[str, Any] = {"game": info.slug, "name": "table", "position": position}
    if rules:
        data["rules"] = dict(rules)
    try:
        return from_data(data, "<table>")
    except ScenarioError as exc:
        raise SetupError(_setup_message(exc.problems)) from None


def from_file(path: str, name: str | None, bosses: str | None = None) -> tuple[Scenario, str]:
    """The scenario called ``name`` in the file (the first one without a name), and a note
    saying which one is played when the file holds several. ``bosses``: a file of Hell of a
    Deal Boss default hands for the Bosses the file's position does not give one (as
    ``oracle solve --bosses``)."""
    from oracle.games.hell_of_a_deal import position_defaults

    scenarios = load_file(path, position_defaults(bosses))
    if name is not None:
        chosen = [s for s in scenarios if s.name == name]
        if not chosen:
            names = [s.name for s in scenarios]
            raise OracleError(f"--scenario: {path} has no scenario named {name!r}{did_you_mean(name, names, 'its scenarios')}")
        scenario = chosen[0]
    else:
        scenario = scenarios[0]
    if scenario.position_problems:
        raise OracleError(f"{path}: the position of {scenario.name!r} is not legal: "
                          + "; ".join(str(p) for p in scenario.position_problems))
    note = ""
    if len(scenarios) > 1:
        note = f"playing {scenario.name!r} ({len(scenarios)} scenarios in {path}; --scenario NAME for another)"
    return scenario, note


def starting_table(target: str, options: Mapping[str, Any], rules: Mapping[str, Any],
                   scenario: str | None) -> tuple[Scenario, str]:
    """A game's name starts a fresh table; anything else is read as a scenario file."""
    given = [name for name, value in options.items() if value not in (None, (), [])]
    if normal_name(target) in game_slugs():
        if scenario is not None:
            raise SetupError("--scenario picks a scenario of a file: give the file instead of a game")
        return fresh_table(target, options, rules), ""
    if not Path(target).exists():
        hint = did_you_mean(normal_name(target), game_slugs(), "games")
        raise SetupError(f"{target!r} is neither a game nor a file{hint}")
    given = [name for name in given if name != "bosses"]  # default hands apply to a file's Bosses too
    if given or rules:
        flags = ", ".join("--" + n.replace("_", "-") for n in given) or "--rule"
        raise SetupError(f"{flags}: table options start a fresh table of a game; a file brings its own position")
    return from_file(target, scenario, options.get("bosses"))
