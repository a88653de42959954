"""A four-player evening at the table, played through the command line only by a player who knows nothing of
the commands beyond `board --help` and reads what to type from `next:` and `board options` alone.

The player's only knowledge is how to read a command written out by the table: `board WORD ...` where WORD is
a command `board --help` lists, followed by what to fill in (UPPER CASE), choices (`a|b|c`) and options
(`--x`); a lower-case word, a comma or a bracket ends it. It fills COUNTRY and PLAYER from the `board options`
line that offers the command, WEAPON and LEFT (and ATT,DEF) from the lines saying what each side "may use" and
its energy "up to N", NAME=N ... with one distinct digit per player, and D with a digit. Every command taken
from `board options` must be accepted (the options never disagree with the rules); a battle result it makes up
may be refused, and then the refusal must name its rule. The evening must reach game over."""
import random
import re

import pytest

from board.cli import main

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


class Table:
    def __init__(self, capsys, path, seed):
        self.capsys, self.path, self.rng = capsys, str(path), random.Random(seed)
        self.refusals = []

    def run(self, args):
        code = main([*args, "-g", self.path])           # -g anywhere on the line
        out, err = self.capsys.readouterr()
        return code, out, err


def help_text(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    return capsys.readouterr().out


def commands_in(text, known):
    """Every `board WORD ...` the text writes out, as token lists (WORD first)."""
    found = []
    for fragment in text.split("board ")[1:]:
        tokens = []
        for token in fragment.split():
            stop = token[-1] in ",;)"
            token = token.rstrip(",;)")
            if token.startswith("("):
                break
            if tokens and not (re.search(r"[A-Z|=]", token) or token.startswith("--") or token == "..."):
                break
            tokens.append(token)
            if stop:
                break
        if tokens and tokens[0] in known:
            found.append(tokens)
    return found


def offers(options_out, known):
    """board options: each line's command and the items it may be filled with."""
    lines = []
    for line in options_out.splitlines()[1:]:
        label, _, items = line.strip().partition(": ")
        for tokens in commands_in(label, known):
            lines.append((tokens, [i.split(" (")[0] for i in re.split(r", (?![^(]*\))", items) if i]))
    return lines


def sides(options_out):
    """'attacker Ann may use: tank, sub; up to 2000 energy left' -> {role and name: (weapons, energy)}."""
    found = {}
    for m in re.finditer(r"(attacker|defender) (\S+) may use: ([a-z, ]+)[^;\n]*; up to (\d+) energy", options_out):
        value = ([w.strip() for w in m.group(3).split(",")], int(m.group(4)))
        found[m.group(1)] = found[m.group(2)] = value
    return found


def fill(table, tokens, item=None, fighters=None):
    rng, args = table.rng, []
    chosen = {}
    for token in tokens:
        if token == "...":
            continue
        if token == "NAME=N":
            args += [f"{p}={d}" for p, d in zip(PLAYERS, rng.sample(range(10), len(PLAYERS)))]
        elif token == "D":
            args.append(str(rng.randrange(10)))
        elif "|" in token:
            chosen["winner"] = rng.choice(token.split("|"))
            args.append(chosen["winner"])
        elif token in ("COUNTRY", "PLAYER"):
            args += item.split(" + ")
        elif "ATT,DEF" == token and args[-1] == "--weapons":
            args.append(",".join(rng.choice(fighters[r][0]) for r in ("attacker", "defender")))
        elif "ATT,DEF" == token and args[-1] == "--energy":
            args.append(",".join(str(energy(rng, fighters[r][1], chosen["winner"] == r))
                                 for r in ("attacker", "defender")))
        elif "=WEAPON" in token:
            args.append(",".join(f"{n}={rng.choice(fighters[n][0])}" for n in
                                 (part.split("=")[0] for part in token.split(","))))
        elif "=LEFT" in token:
            args.append(",".join(f"{n}={energy(rng, fighters[n][1], chosen['winner'] == n)}" for n in
                                 (part.split("=")[0] for part in token.split(","))))
        else:
            args.append(token)
    return args


def energy(rng, most, winner):
    """Energy left on the screen: the winner keeps some, the others often run out."""
    if winner:
        return rng.randint(1, most) if most else 0
    return 0 if rng.random() < 0.4 else rng.randint(0, most)


WEIGHTS = {"attack": 6, "ally": 3, "homeland": 1, "pact": 1, "pass": 1}


def play_evening(capsys, tmp_path, seed):
    table = Table(capsys, tmp_path / "evening.db", seed)
    usage = help_text(capsys)
    known = set(re.findall(r"^    ([a-z]+)\s", usage, re.M))              # the commands it lists
    assert {"new", "options"} <= known
    example = next(t for t in commands_in(usage, known) if "--players" in t)
    start = [*example[:example.index("--players") + 1], ",".join(PLAYERS)]
    code, out, err = table.run(start)
    assert code == 0, err
    for step in range(3000):
        next_text = out.strip().splitlines()[-1]
        assert next_text.startswith("next: "), out
        if next_text == "next: game over":
            return table, step
        written = commands_in(next_text, known)
        assert written, next_text                       # every next: writes out a command
        choices = [(t, None) for t in written if not {"COUNTRY", "PLAYER"} & set(t) and t[0] != "options"]
        fighters = None
        if any(t[0] == "options" for t in written):
            code, listed, _ = table.run(["options"])
            assert code == 0
            fighters = sides(listed)
            for tokens, items in offers(listed, known):
                choices += [(tokens, item) for item in items] if {"COUNTRY", "PLAYER"} & set(tokens) \
                    else [(tokens, None)]
            choices = [c for c in choices if not ({"COUNTRY", "PLAYER"} & set(c[0])) or c[1]]
        assert choices, (next_text, listed)
        weights = [WEIGHTS.get(tokens[0], 1) / (len([c for c in choices if c[0][0] == tokens[0]]) or 1)
                   for tokens, _ in choices]
        tokens, item = table.rng.choices(choices, weights)[0]
        args = fill(table, tokens, item, fighters)
        code, out, err = table.run(args)
        if code != 0:
            # only what the player made up (a battle's result) may be refused, and then by a rule
            assert tokens[0] not in ("attack", "ally", "homeland", "pact", "pass"), (args, err)
            assert code == 2 and re.match(r"board: rule \w+", err), (args, err)
            table.refusals.append(err)
            code, out, _ = table.run(["status"])
            assert code == 0
    raise AssertionError("the evening did not end in 3000 commands")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_evening_following_next_and_options_reaches_game_over(capsys, tmp_path, seed):
    table, steps = play_evening(capsys, tmp_path, seed)
    code, out, _ = table.run(["status"])
    assert "game over" in out and "WINNER" in out
    code, history, _ = table.run(["history"])
    assert "end-game battle" in history or "no combat" in history      # the end game (rule 21) was played
    assert "final round (rule 20)" in history
