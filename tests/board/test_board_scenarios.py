"""The manual's four scenarios ("Creating your own games"), shipped in board/data: each is
validated, loads through `board new --scenario`, and is played to the end of the game."""
from importlib import resources

import pytest

from board import rules as R
from board.cli import main
from board.log import GameLog

SCENARIOS = {   # file: the manual's words it stages
    "scenario-poland-breaks-away.toml":
        "What might happen if a Warsaw Pact country decided to break its relationship with the U.S.S.R.?",
    "scenario-mideast-war.toml":
        "What might happen if a mid-east war broke out and the U.S. or the U.S.S.R. chose to make a "
        "serious commitment to one of the countries involved?",
    "scenario-ww2-allies-after-poland.toml":
        "What might have happened during World War II if the allies came into the war immediately "
        "after Hitler invaded Poland?",
    "scenario-hitler-invades-england.toml":
        "What might have happened if Hitler had invaded England right after Dunkirk?",
}


def premise(file, state):
    """What each scenario must stage for the manual's question to be played out."""
    world, held = state.world, state.holdings
    who = {state.players[p].homeland: p for p in range(len(state.players))}
    if file == "scenario-poland-breaks-away.toml":
        # the Warsaw Pact country has left the U.S.S.R.'s zone and its alliances
        assert world.zone_of("Poland") == world.zone_of("West Germany") != world.zone_of("U.S.S.R.")
        assert held["Poland"][0] != who["U.S.S.R."]
    elif file == "scenario-mideast-war.toml":
        # a war between two mid-east homelands, each superpower committed to one of them
        assert world.zone_of("Israel") == world.zone_of("Egypt")
        assert state.allied(who["United States"], who["Israel"])
        assert state.allied(who["U.S.S.R."], who["Egypt"])
        assert not state.allied(who["Israel"], who["Egypt"])
    elif file == "scenario-ww2-allies-after-poland.toml":
        # Hitler has taken Poland and the allies are in the war together against him
        assert held["Poland"] == (who["Germany"], R.CONQUERED)
        assert state.allied(who["United Kingdom"], who["France"])
        assert not state.allied(who["Germany"], who["United Kingdom"])
    else:
        # after Dunkirk: France has fallen, England stands alone across the Channel
        assert held["France"] == (who["Germany"], R.CONQUERED)
        assert world.homeland_sides("United Kingdom") == ("English Channel",)
        assert state.pact_of(who["United Kingdom"]) == {who["United Kingdom"]}


NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def manual():
    return (resources.files("board") / "data").joinpath


def next_action(state):
    """A quick way to the end: the attacker wins every battle at once (the defender's energy
    runs out, 12G); otherwise attack the first country the rules allow, else pass."""
    if state.war or state.confrontation:
        if state.war:
            spent = state.war.destroyed
            energy = state.war.energy[0]
        else:
            c = state.confrontation
            spent = [{c.barred[c.attacking]} - {None}, {c.barred[1 - c.attacking]} - {None}]
            energy = c.energy[c.attacking]
        weapons = [next(w for w in R.WEAPONS if w not in spent[side]) for side in (0, 1)]
        return R.BattleResult("attacker", weapons[0], weapons[1], energy, 0)
    for country in state.world.countries:
        try:
            R.apply(state, R.Attack(country))
            return R.Attack(country)
        except R.RuleViolation:
            pass
    return R.Pass()


@pytest.mark.parametrize("file", sorted(SCENARIOS))
def test_each_manual_scenario_loads_and_is_played_to_the_end(tmp_path, capsys, file):
    path = manual()(file)
    text = path.read_text()
    assert SCENARIOS[file][:40] in " ".join(line.lstrip("# ") for line in text.splitlines()), \
        "each scenario quotes the manual's question it plays"
    sides = text.count("[[side]]")
    players = ",".join(NAMES[:sides])
    game = str(tmp_path / "game.db")
    assert main(["-g", game, "new", "--players", players, "--scenario", str(path)]) == 0
    if file == "scenario-ww2-allies-after-poland.toml":
        assert capsys.readouterr().out.splitlines()[1:5] == [
            "  Ann: homeland Germany", "  Bob: homeland United Kingdom, in the player alliance 'Allies'",
            "  Cy: homeland France, in the player alliance 'Allies'", "  Dee: homeland U.S.S.R."]
    numbers = [f"{n}={i}" for i, n in enumerate(NAMES[:sides])]
    assert main(["-g", game, "first", *numbers, "--readout", "0"]) == 0
    log = GameLog.open(game)
    state = log.state()
    assert state.phase in ("turns", "final_round")
    premise(file, state)
    for _ in range(3000):
        if state.phase == "over":
            break
        _, state, _ = log.record(next_action(state))
    assert state.phase == "over" and state.winners
    capsys.readouterr()
    assert main(["-g", game, "status"]) == 0
    assert "game over" in capsys.readouterr().out
