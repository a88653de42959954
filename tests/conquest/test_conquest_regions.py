"""NTSC and PAL play the same in seconds (issue 10, "The cartridge"): speeds and durations are
derived per region, so the same seconds of play drain the same energy and move as far."""
from conquest_helpers import landed, new_game, seconds, start_battle


def run_for(region, red, blue, s, red_stick=()):
    landed("side_fire")
    game = start_battle(new_game(region), red=(red, 9999), blue=(blue, 9999))
    x0, y0 = game.red.x, game.red.y
    game.sticks(red=red_stick)
    game.tick(seconds(game, s))
    return 9999 - game.red.energy, abs(game.red.x - x0) + abs(game.red.y - y0)


def test_energy_drains_the_same_per_second():
    ntsc, _ = run_for("ntsc", "T", "T", 10)
    pal, _ = run_for("pal", "T", "T", 10)
    assert ntsc > 0 and abs(ntsc - pal) <= max(2, 0.03 * ntsc)


def test_a_jet_flies_as_far_per_second():
    _, ntsc = run_for("ntsc", "P", "T", 1)
    _, pal = run_for("pal", "P", "T", 1)
    assert ntsc > 0 and abs(ntsc - pal) <= max(2, 0.1 * ntsc)


def test_the_war_game_readouts_and_screens_work_on_pal():
    game = new_game("pal")
    assert game.mode == "select"
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "entry", 30)
