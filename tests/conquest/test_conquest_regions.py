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


def test_the_sonar_dings_as_often_in_seconds():
    from test_conquest_sub import sprite_pixels
    landed("side_fire")
    periods = {}
    for region in ("ntsc", "pal"):
        game = start_battle(new_game(region), red=("S", 9999), blue=("S", 9999))
        game.sticks(red={"down"})
        shown = []
        for _ in range(seconds(game, 8)):
            game.tick()
            shown.append(sprite_pixels(game, "red") > 0)
        onsets = [i for i in range(1, len(shown)) if shown[i] and not shown[i - 1]]
        assert len(onsets) >= 2, region
        periods[region] = (onsets[1] - onsets[0]) / seconds(game, 1)
    assert abs(periods["ntsc"] - periods["pal"]) <= 0.05, periods
