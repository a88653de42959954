"""The manual's four scenarios ("Creating your own games"), shipped in board/data: each is
validated, loads through `board new --scenario`, and is played to the end of the game."""
from importlib import resources

import pytest

from board import rules as R
from board.cli import main
from board.log import GameLog

SCENARIOS = {   # file: the manual's words it stages
    "scenario-poland-breaks-away.toml": "a Warsaw Pact country decided to break its relationship with the U.S.S.R.",
    "scenario-mideast-war.toml": "a mid-east war broke out and the U.S. or the U.S.S.R. chose to make a serious commitment",
    "scenario-ww2-allies-after-poland.toml": "the allies came into the war immediately after Hitler invaded Poland",
    "scenario-hitler-invades-england.toml": "Hitler invaded England after Dunkirk",
}
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
    assert text.startswith("# A \"what"), "each scenario says which of the manual's games it is"
    sides = text.count("[[side]]")
    players = ",".join(NAMES[:sides])
    game = str(tmp_path / "game.db")
    assert main(["-g", game, "new", "--players", players, "--scenario", str(path)]) == 0
    numbers = [f"{n}={i}" for i, n in enumerate(NAMES[:sides])]
    assert main(["-g", game, "first", *numbers, "--readout", "0"]) == 0
    log = GameLog.open(game)
    state = log.state()
    assert state.phase in ("turns", "final_round")
    for _ in range(3000):
        if state.phase == "over":
            break
        _, state, _ = log.record(next_action(state))
    assert state.phase == "over" and state.winners
    capsys.readouterr()
    assert main(["-g", game, "status"]) == 0
    assert "game over" in capsys.readouterr().out
