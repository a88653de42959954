"""An input movie of a full three-battle war (rule 12: best of three, rule 10B: 2500 units each)
replays to identical frames; the same inputs in MAME's odyssey2 driver give the same RAM and
pixels as our machine in its MAME model (issue 10, "Tests")."""
from functools import lru_cache

import pytest

from conquest_helpers import SETTLE_FRAMES, landed, seconds
from emu.movie import Movie
from conquest_scripts import assert_same_as_mame, recorder_at_entry, replay_hashes
from cart.conquest.bots import Bot, play_battle

# Weapons per battle, chosen so that no side reuses a weapon destroyed in the war (rule 12F).
WAR = [(("T", 2500), ("P", 2500)), ("P", "S"), ("S", "T")]
SEEDS = (11, 12)


@lru_cache(maxsize=None)
def war_movie():
    """Three battles of one war, played by bots and recorded: (movie text, screen hashes, winners)."""
    landed("side_fire")
    recorder = recorder_at_entry()
    game = recorder.game
    winners = []
    red, blue = Bot("red", seed=SEEDS[0]), Bot("blue", seed=SEEDS[1])
    for red_entry, blue_entry in WAR:
        game.enter(red=red_entry, blue=blue_entry)
        game.wait_for(lambda g: g.mode == "combat", SETTLE_FRAMES)
        winners.append(play_battle(game, red, blue))
        game.tick(seconds(game, 1))          # fireworks
        game.press("SPACE")
        game.wait_for(lambda g: g.mode == "entry", SETTLE_FRAMES)
    return recorder.movie().to_text(), tuple(recorder.hashes), tuple(winners)


def test_the_war_movie_replays_to_identical_frames(tmp_path):
    text, recorded, winners = war_movie()
    assert len(winners) == 3
    path = tmp_path / "war.movie"
    path.write_text(text)
    replayed, verdict = replay_hashes(Movie.load(path))
    assert verdict.startswith("movie: replay of") and "matches" in verdict
    first = next((i for i, (a, b) in enumerate(zip(recorded, replayed)) if a != b), None)
    assert first is None and len(replayed) == len(recorded), f"frame {first + 1} differs"


@pytest.mark.conformance
def test_the_war_movie_in_mame_gives_the_same_ram_and_pixels():
    text, _, _ = war_movie()
    movie = Movie.parse(text)
    every = max(1, movie.frames // 40)
    assert_same_as_mame(movie, tuple(sorted({*range(every, movie.frames, every), movie.frames})))
