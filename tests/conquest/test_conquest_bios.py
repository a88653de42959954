"""The cartridge calls no BIOS routine, so it runs unchanged with our free BIOS and with a minimal
vector-only BIOS (issue 10, "The cartridge": enters through the entry table at 0x400)."""
import pytest

from conquest_helpers import MIN_BIOS, landed, new_game, start_battle
from cart.conquest.bots import Bot, play_battle


@pytest.fixture(params=["free", "vector-only"])
def bios(request):
    return None if request.param == "free" else MIN_BIOS


def test_a_whole_battle_runs_with_either_bios(bios):
    landed("side_fire")
    game = start_battle(new_game(bios=bios), red=("T", 300), blue=("P", 300))
    winner = play_battle(game, Bot("red", seed=3), Bot("blue", seed=4))
    assert winner in ("red", "blue", "tie")
    assert game.mode == "result" and game.overruns == 0


def test_no_bios_routine_is_called_after_the_entry(bios):
    """After the jump to the cartridge at 0x400, the program counter stays in the cartridge
    (a VBLANK interrupt's vector stub at 003 is the only BIOS code allowed)."""
    landed()
    game = new_game(bios=bios)
    game.press("SPACE")
    rows = game.machine.trace(2 * 6000)
    low = {int(pc) for pc in rows["pc"] if pc < 0x400}
    assert low <= {0x003, 0x004, 0x005, 0x006}, sorted(hex(pc) for pc in low)


def test_no_bios_routine_is_called_in_a_battle(bios):
    """Through a battle's frames too (both banks of the cartridge: every PC at 400h or above)."""
    landed("side_fire")
    game = start_battle(new_game(bios=bios), red=("S", 2500), blue=("P", 2500))
    game.sticks(red={"down", "fire"}, blue={"up", "fire"})
    rows = game.machine.trace(20 * 6000)
    low = {int(pc) for pc in rows["pc"] if pc < 0x400}
    assert low <= {0x003, 0x004, 0x005, 0x006}, sorted(hex(pc) for pc in low)
    assert game.mode == "combat" and game.overruns == 0


def test_the_entry_looks_the_same_with_either_bios():
    """Unchanged: the same keys give the same screen and the same game RAM (20h-3Fh)."""
    landed()
    games = [new_game(), new_game(bios=MIN_BIOS)]
    for game in games:
        game.press("SPACE")
        game.enter(red=("T", 2500), blue=("S", 1500), start=False)
        game.tick(10)
    free, vector = (g.machine for g in games)
    assert (free.screen == vector.screen).all()
    assert list(free.iram[0x20:]) == list(vector.iram[0x20:])
    assert list(free.xram) == list(vector.xram)


def test_a_standard_8_kib_cartridge():
    """Issue 26: the cartridge may grow to 8 KiB on the standard board: four 2 KiB banks (P10, P11), the
    entry table at 400h of the bank mapped at reset (the last one)."""
    from conquest_helpers import CART
    landed()
    rom = CART.read_bytes()
    assert len(rom) == 8192
    game = new_game(bios=MIN_BIOS)
    assert game.machine.cart_bank == 3        # the game runs in the last bank
