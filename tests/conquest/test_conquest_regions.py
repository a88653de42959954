"""NTSC and PAL play the same in seconds (issue 10, "The cartridge"): speeds and durations are
derived per region, so the same seconds of play drain the same energy and move as far, and a sound,
the fireworks and a jet's flashing last as long."""
import numpy as np

from conquest_helpers import FPS, HEADING_STICK, landed, new_game, seconds, start_battle, to_entry


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
    """On PAL too: SELECT GAME, the WAR GAME readouts spinning through every last digit until
    SPACE stops them (rule 2D), and the combat entry."""
    from conquest_screen import readouts, text
    game = new_game("pal")
    assert game.mode == "select" and "SELECT GAME" in text(game.machine.screen)
    game.press("1")
    game.wait_for(lambda g: g.mode == "wargame", 30)
    last_digits = set()
    for _ in range(100):
        game.tick()
        last_digits.add(game.red.energy % 10)
    assert last_digits == set(range(10))
    game.press("SPACE")
    stopped = game.red.energy
    game.tick(seconds(game, 0.5))
    assert game.readout == stopped == game.red.energy == readouts(game.machine.screen)[0]
    game.hold(keys={"RESET"})
    game.tick(3)
    game.hold()
    game.wait_for(lambda g: g.mode == "select", 120)
    game.press("SPACE")
    game.wait_for(lambda g: g.mode == "entry", 30)
    game.enter(red=("T", 2500), blue=("P", 2500))
    game.wait_for(lambda g: g.mode == "combat", 30)


def test_a_tank_rolls_and_a_sub_sails_as_far_per_second():
    for weapon, stick in (("T", {"right"}), ("S", {"down"})):
        _, ntsc = run_for("ntsc", weapon, "T", 1, red_stick=stick)
        _, pal = run_for("pal", weapon, "T", 1, red_stick=stick)
        assert ntsc > 0 and abs(ntsc - pal) <= max(2, 0.1 * ntsc), (weapon, ntsc, pal)


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


def test_nothing_hidden_shows_on_pal():
    """Hardware notes §3: NTSC does not show objects above line 0Eh, PAL does. Whatever the
    cartridge hides must stay hidden on PAL too: the lines above the picture stay empty on every
    screen (SELECT GAME, the entry, WAR GAME, each playfield, the result, back to the entry)."""

    def top_is_empty(game, where):
        top = game.machine.screen[:0x0E]
        assert (top == top[0, 0]).all(), f"PAL, {where}: something drawn above the picture"

    game = new_game("pal")
    game.tick(2)
    top_is_empty(game, "SELECT GAME")
    game.press("1")
    game.tick(10)
    top_is_empty(game, "WAR GAME")
    for red, blue in (("T", "T"), ("S", "S"), ("P", "P"), ("T", "S"), ("T", "P"), ("S", "P")):
        game = to_entry(new_game("pal"))
        game.enter(red=(red, 20), blue=(blue, 10), start=False)
        game.tick(2)
        top_is_empty(game, "the entry")
        game.press("ENTER")
        game.wait_for(lambda g: g.mode == "combat", 30)
        game.tick(seconds(game, 0.5))
        top_is_empty(game, f"the {red}-{blue} playfield")
        game.wait_for(lambda g: g.mode == "result", seconds(game, 60), step=10)
        game.tick(seconds(game, 0.5))
        top_is_empty(game, f"the {red}-{blue} result")
        game.press("SPACE")
        game.wait_for(lambda g: g.mode == "entry", 30)
        game.tick(2)
        top_is_empty(game, f"the entry after the {red}-{blue} battle")


def test_a_shell_flies_as_fast_per_second():
    """Shots are speeds too: a shell covers the same ground in the same seconds on both (README:
    90 steps a second)."""
    from test_conquest_tank import field
    from conquest_helpers import drive_facing
    flown = {}
    for region in ("ntsc", "pal"):
        game = start_battle(new_game(region), red=("T", 9999), blue=("T", 9999))
        f = field(game)
        drive_facing(game, "red", 2, *f.xy(0, 0))       # the top row is open land
        game.sticks(red={"fire"})
        game.tick(1)
        x0 = game.red.shot_x
        game.tick(seconds(game, 0.25))
        game.sticks(red=())
        assert game.red.shot_state
        flown[region] = game.red.shot_x - x0
    assert abs(flown["ntsc"] - 22.5) <= 3 and abs(flown["pal"] - 22.5) <= 3, flown


def test_the_autopilot_turns_as_fast_per_second():
    """The jet's autopilot turns the same angles a second on both (README: 4 a second): a jet kept
    turning for 3 seconds."""
    from conquest_helpers import HEADING_STICK, fly_into
    turns = {}
    for region in ("ntsc", "pal"):
        game = start_battle(new_game(region), red=("P", 9999), blue=("T", 9999))
        fly_into(game, "red", (4, 2), 2)              # open land all round (mines do not matter)
        count, heading = 0, game.red.heading
        for _ in range(seconds(game, 3)):
            game.sticks(red=HEADING_STICK[(game.red.heading + 4) % 8])
            game.tick()
            if game.red.heading != heading:
                count, heading = count + 1, game.red.heading
        assert game.red.alive
        turns[region] = count
    assert all(11 <= n <= 13 for n in turns.values()), turns


# What is only seen or heard lasts the same seconds on both regions too: the length of a sound,
# the fireworks' bursts and a jet's flashing on autopilot. Each is measured on the sound output
# (sample by sample) or the screen (frame by frame) and turned into seconds; a frame is 1/60 s on
# NTSC and 1/50 s on PAL, so counted in frames they would last a fifth longer on PAL.
QUIET_GAP_S = 0.03               # a sound's square wave or noise changes far more often than this


def runs(flags):
    """(first index, length) of each run of consecutive true flags."""
    found, start = [], None
    for i, flag in enumerate(list(flags) + [False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            found.append((start, i - start))
            start = None
    return found


def sounds(game, frames):
    """The sounds of the next `frames`, as (start, length) in seconds: from a sample where the
    output changes to the last change before a quiet gap."""
    samples = []
    for _ in range(frames):
        game.tick()
        samples.append(np.array(game.machine.audio, dtype=float).reshape(len(game.machine.audio), -1)[:, 0])
    changes = np.nonzero(np.diff(np.concatenate(samples)))[0] + 1
    rate = game.machine.sample_rate
    found = []
    for at in changes:
        if found and at - found[-1][1] <= QUIET_GAP_S * rate:
            found[-1][1] = at
        else:
            found.append([at, at])
    return [(a / rate, (b - a) / rate) for a, b in found]


def in_seconds(game, frames):
    return frames / FPS[game.machine.region]


def buzz_seconds(region):
    """A refused ENTER (no weapons chosen): the buzz."""
    game = to_entry(new_game(region))
    game.tick(30)
    game.hold(keys={"ENTER"})
    (_, length), = sounds(game, seconds(game, 1))
    game.hold()
    return length


def test_a_sound_lasts_the_same_seconds():
    """The refused ENTER's buzz: as long in seconds on PAL as on NTSC (within a PAL frame)."""
    ntsc, pal = buzz_seconds("ntsc"), buzz_seconds("pal")
    assert 0.1 < ntsc < 0.5 and abs(ntsc - pal) <= 0.02, (ntsc, pal)


def ding_seconds(region):
    """Sub against sub, both sticks centred: only the sonar is heard. The mean length of a ding."""
    landed("side_fire")
    game = start_battle(new_game(region), red=("S", 9999), blue=("S", 9999))
    dings = sounds(game, seconds(game, 13))
    assert len(dings) >= 4, dings
    return sum(length for _, length in dings) / len(dings)


def test_the_sonar_ding_lasts_the_same_seconds():
    ntsc, pal = ding_seconds("ntsc"), ding_seconds("pal")
    assert 0.05 < ntsc < 0.5 and abs(ntsc - pal) <= 0.02, (ntsc, pal)


def fireworks(region):
    """Red wins; after the first second of the result: the mean time from one burst's crackle to
    the next, and how many times a second the fireworks change (the frames of one change may be
    two)."""
    landed("side_fire")
    game = start_battle(new_game(region), red=("T", 40), blue=("T", 10))
    game.wait_for(lambda g: g.mode == "result", seconds(game, 30), step=5)
    assert game.winner == "red"
    game.tick(seconds(game, 1))
    frames = seconds(game, 4)
    starts = [start for start, _ in sounds(game, frames)][1:]
    burst = (starts[-1] - starts[0]) / (len(starts) - 1)
    changed = []
    before = np.array(game.machine.screen[60:180])
    for _ in range(frames):
        game.tick()
        screen = np.array(game.machine.screen[60:180])
        changed.append(bool((screen != before).any()))
        before = screen
    return burst, len(runs(changed)) / in_seconds(game, frames)


def test_the_fireworks_burst_and_sparkle_at_the_same_pace():
    (ntsc_burst, ntsc_changes), (pal_burst, pal_changes) = fireworks("ntsc"), fireworks("pal")
    assert 0.1 < ntsc_burst < 1 and abs(ntsc_burst - pal_burst) <= 0.01, (ntsc_burst, pal_burst)
    assert ntsc_changes > 5 and abs(ntsc_changes - pal_changes) <= 1, (ntsc_changes, pal_changes)


def flashes_a_second(region):
    """A jet kept on autopilot (the stick always four angles off its heading, so it keeps turning):
    how many times a second it goes from hidden to shown."""
    from test_conquest_sub import sprite_pixels
    landed("side_fire")
    game = start_battle(new_game(region), red=("P", 9999), blue=("T", 9999))
    shown, frames = [], seconds(game, 3)
    for _ in range(frames):
        game.sticks(red=HEADING_STICK[(game.red.heading + 4) % 8])
        game.tick()
        assert game.red.alive
        shown.append(sprite_pixels(game, "red") > 0)
    appearances = len([start for start, _ in runs(shown) if start > 0])
    return appearances / in_seconds(game, frames)


def test_the_jet_flashes_at_the_same_pace():
    """'Your jet will flash ... during this maneuver': as many flashes a second on PAL as on NTSC."""
    ntsc, pal = flashes_a_second("ntsc"), flashes_a_second("pal")
    assert ntsc > 3 and abs(ntsc - pal) <= 0.7, (ntsc, pal)
