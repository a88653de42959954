"""board play: the companion hangs on the emulator's frames (Odyssey2.on_frame) and records what it reads."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_conquest_screens import board_game  # noqa: E402

from board.cli import main as board_main  # noqa: E402
from board.screen.cli import Companion, Follower  # noqa: E402
from board.screen.profile import Profile  # noqa: E402
from cart.conquest import Conquest  # noqa: E402
from cart.conquest.bots import Bot, play_battle  # noqa: E402
from cart.conquest.wrapper import rom_path  # noqa: E402
from emu.odyssey2 import Odyssey2  # noqa: E402


def test_a_battle_played_in_the_emulator_is_recorded_from_its_screen(tmp_path, capsys):
    game_file = board_game(tmp_path)
    capsys.readouterr()
    said = []
    companion = Companion(game_file, "red", auto=True, ask=None, say=said.append)
    m = Odyssey2(cart=rom_path())
    m.on_frame(Follower(Profile.load("conquest"), 4, companion.handle))
    game = Conquest(m)
    game.tick(60)
    game.press("SPACE")
    game.enter(red=("T", 150), blue=("P", 150))
    game.wait_for(lambda g: g.mode == "combat", 60)
    winner = play_battle(game, Bot("red", seed=3), Bot("blue", seed=4))
    game.tick(30)
    ended = [line for line in said if line.startswith("screen: battle ended")]
    assert len(ended) == 1 and (f"{winner} won" in ended[0] if winner != "tie" else "a tie" in ended[0])
    assert any(line.startswith("screen: battle started: red T 150, blue P 150") for line in said)
    out = capsys.readouterr().out
    assert "recorded: battle" in out


def test_board_play_runs_headless(tmp_path, capsys):
    assert board_main(["-g", str(tmp_path / "none.db"), "play", "--headless", "--frames", "30"]) == 0
