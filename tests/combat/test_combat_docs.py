"""The worked examples of board/COMBAT.md, read from the document itself: each table row's arguments are given
to `board combat`, and what it prints must be the row's entry, and hold every quoted phrase of its outcome
(the values in the document are worked by hand from the mapping files and the games' rules)."""
import re
import shlex
from pathlib import Path

import pytest

from board.cli import main

DOC = Path(__file__).resolve().parents[2] / "board" / "COMBAT.md"
ENTRY = re.compile(r"R ([TSP]) (\d+), B ([TSP]) (\d+)")
SCREEN = re.compile(r"(attacker won|defender won|tie), (\d+) / (\d+)")
QUOTED = re.compile(r"`([^`]+)`")


def examples():
    rows = []
    for number, line in enumerate(DOC.read_text(encoding="utf-8").splitlines(), 1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 4 and QUOTED.search(cells[0]) and "arguments" not in cells[0]:
            rows.append(pytest.param(*cells, id=f"COMBAT.md:{number}"))
    return rows


ROWS = examples()


def test_every_game_has_worked_examples():
    games = {shlex.split(QUOTED.search(row.values[0]).group(1))[0] for row in ROWS}
    assert games == {"triplea", "conflict", "newworld3", "crt"}
    assert len(ROWS) >= 18


@pytest.mark.parametrize("battle, entry, screen, outcome", ROWS)
def test_a_worked_example_of_the_docs(capsys, battle, entry, screen, outcome):
    args = shlex.split(QUOTED.search(battle).group(1))
    found = SCREEN.search(screen)
    if found:
        winner = found.group(1).split()[0]
        args += ["--result", winner, "--energy", f"{found.group(2)},{found.group(3)}"]
    code = main(["combat", *args])
    out, err = capsys.readouterr()
    if entry.startswith("refused:"):
        assert code == 2 and err.startswith("board: ") and err.count("\n") == 1
        assert QUOTED.search(entry).group(1) in err
        return
    assert (code, err) == (0, "")
    if entry.startswith("no battle:"):
        assert "On the cartridge" not in out and QUOTED.search(entry).group(1) in out
        return
    weapon_a, energy_a, weapon_d, energy_d = ENTRY.match(entry).groups()
    assert re.search(rf"^  R {weapon_a} {energy_a} +attacker", out, re.M), out
    assert re.search(rf"^  B {weapon_d} {energy_d} +defender", out, re.M), out
    assert found, "an entry needs a screen result"
    phrases = QUOTED.findall(outcome)
    assert phrases
    for phrase in phrases:
        assert phrase in out, (phrase, out)


def test_the_evening_of_triplea(capsys):
    """board/COMBAT.md, "An evening of TripleA": every command shown gives the lines shown ("..." skips lines)."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("**An evening of TripleA"):text.index("## Parker Brothers' Conflict")]
    blocks = re.findall(r"```\n(.*?)```", section, re.S)
    commands = [b for b in blocks if b.lstrip().startswith("$ board combat")]
    assert len(commands) == 2
    for block in commands:
        lines = [line.strip() for line in block.strip().splitlines()]
        args = shlex.split(lines[0].removeprefix("$ board "))
        assert main(args) == 0
        out = [line.strip() for line in capsys.readouterr().out.splitlines()]
        shown = [line for line in lines[1:] if line != "..."]
        assert all(line in out for line in shown), (shown, out)
        if "..." not in lines:
            assert out == shown


# The TripleA rules page's text that players see (tripleA-conquest-of-the-world-rules.html outside its HTML
# comments), and sentences that sit inside its comments, which players never see.
TRIPLEA_SHOWN = [
    'There is only one unit, the "army", having movement 1, defence 2 and attack 3.',
    "As now, the game plays as per WWIIv1 rules, except for:",
    "The defender fires before the attacker.",
    "Casualties are removed instantly (no fireback).",
    "You can roll no more dice than the total current number of enemy units (no overstack).",
    "You can move by land between all territories sharing a border or connected by dotted lines.",
]
TRIPLEA_HIDDEN = [
    "rolls 1 six-sided dice, hitting on a number equal or lower than its defence or attack value",
    "or the attacker retreats",
    "the victory probability for the remaining battle spans from exactly 50%",
]


def test_triplea_quotes_only_what_its_rules_page_shows():
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## TripleA"):text.index("| battle: `board combat` arguments", text.index("## TripleA"))]
    quotes = re.findall(r'\*"(.+?)"\*', section.replace("\n  ", " ").replace("\n", " "))
    assert len(quotes) >= 6
    for quote in quotes:
        assert any(quote.rstrip(".") in shown for shown in TRIPLEA_SHOWN), quote
    for hidden in TRIPLEA_HIDDEN:
        assert hidden not in text
