"""The cartridge calls no BIOS routine, so it runs unchanged with our free BIOS and with a minimal
vector-only BIOS (issue 10, "The cartridge": enters through the entry table at 0x400)."""
import pytest

from conquest_helpers import MIN_BIOS, landed, new_game, seconds, start_battle
from cart.conquest.bots import Bot, play_battle


@pytest.fixture(params=["free", "vector-only"])
def bios(request):
    if request.param == "free":
        return None
    if not MIN_BIOS.is_file():
        pytest.skip("roms_free/bios_min.bin (the vector-only BIOS) is not built yet")
    return MIN_BIOS


def test_a_whole_battle_runs_with_either_bios(bios):
    landed("tank_fire")
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
