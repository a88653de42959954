"""Cartridge mapping and bank switching (native/HARDWARE.md §2, native/machine.c's header).

Every image is filled KiB by KiB with 0xB0 + the KiB's index in the file, so the opcode fetched
at an address tells which KiB of the file is mapped there.
"""
import pytest

from emu.odyssey2 import Odyssey2
from machine_images import CHARSET, SEL_MB1, bios, jmp, outl_p1

MARK = 0xB0


def marked_cart(size):
    return bytes(MARK + i // 1024 for i in range(size))


def fetched_at(cart, p1, target):
    """The program byte the CPU fetches at target after OUTL P1 with p1 (0x400/0x800/0xC00)."""
    code = outl_p1(p1)
    if target >= 0x800:
        code += [SEL_MB1]
    code += jmp(target & 0x7FF)
    m = Odyssey2(cart=cart, bios=bios(code), charset=CHARSET)
    # JMP MAIN, MOV A / OUTL P1, [SEL MB1], JMP, and the first instruction at the target
    rows = m.trace(1 + 2 + (target >= 0x800) + 1 + 1)
    assert int(rows["pc"][-1]) == target
    return int(rows["op"][-1])


# (size, bank selected by P1 & 3) -> KiB index of the file at 0x400, 0x800, 0xC00.
# Standard carts: 2 KiB banks, bank = (P1 & 3) mod banks, 0xC00 mirrors 0x800.
# 12 KiB: 3 KiB banks packed. 16 KiB: 4 KiB pages, the bank in the page's last 3 KiB.
EXPECTED = {
    (2048, 0): (0, 1, 1), (2048, 1): (0, 1, 1), (2048, 2): (0, 1, 1), (2048, 3): (0, 1, 1),
    (4096, 0): (0, 1, 1), (4096, 1): (2, 3, 3), (4096, 2): (0, 1, 1), (4096, 3): (2, 3, 3),
    (8192, 0): (0, 1, 1), (8192, 1): (2, 3, 3), (8192, 2): (4, 5, 5), (8192, 3): (6, 7, 7),
    (12288, 0): (0, 1, 2), (12288, 1): (3, 4, 5), (12288, 2): (6, 7, 8), (12288, 3): (9, 10, 11),
    (16384, 0): (1, 2, 3), (16384, 1): (5, 6, 7), (16384, 2): (9, 10, 11), (16384, 3): (13, 14, 15),
}


@pytest.mark.parametrize("size,bank", sorted(EXPECTED))
def test_bank_mapping_follows_p10_p11(size, bank):
    cart = marked_cart(size)
    p1 = 0xFC | bank
    got = tuple(fetched_at(cart, p1, t) - MARK for t in (0x400, 0x800, 0xC00))
    assert got == EXPECTED[size, bank]


def bank_after(p1_writes, poke=None):
    """The KiB of an 8 KiB cartridge (2 KiB banks) fetched at 0x400 after OUTL P1 with each of
    p1_writes in turn; poke: (writes done, value) puts that value in the P1 latch between two
    instructions, as the debugger's m.cpu.p1 does, after that many writes."""
    code = [byte for p1 in p1_writes for byte in outl_p1(p1)] + jmp(0x400)
    m = Odyssey2(cart=marked_cart(8192), bios=bios(code), charset=CHARSET)
    m.trace(1)                                       # JMP MAIN
    for done in range(len(p1_writes)):
        if poke and poke[0] == done:
            m.cpu.p1 = poke[1]
        m.trace(2)                                   # MOV A,#p1 ; OUTL P1,A
    rows = m.trace(2)                                # JMP 0x400, and the byte there
    assert int(rows["pc"][-1]) == 0x400
    return int(rows["op"][-1]) - MARK


def test_p1_writes_that_keep_the_bank_bits_keep_the_bank():
    # P1's other bits select the chips on the bus; P10-P11 alone choose the bank.
    assert bank_after([0xFD, 0xF5, 0x3D]) == EXPECTED[8192, 1][0]
    assert bank_after([0xFD, 0xF5, 0xFE]) == EXPECTED[8192, 2][0]


def test_a_p1_write_maps_the_bank_its_bits_select_after_a_debugger_poke():
    # The latch poked to bank 2 without a write: the next write of bank 2 maps it.
    assert bank_after([0xFD, 0xFE], poke=(1, 0xFE)) == EXPECTED[8192, 2][0]
    # Poked to bank 2, written back to bank 1 (the bank still mapped): bank 1 stays.
    assert bank_after([0xFD, 0xFD], poke=(1, 0xFE)) == EXPECTED[8192, 1][0]


@pytest.mark.parametrize("size,last_bank", [(2048, 0), (4096, 1), (8192, 3), (12288, 3), (16384, 3)])
def test_last_bank_is_mapped_at_reset(size, last_bank):
    m = Odyssey2(cart=marked_cart(size), bios=bios(jmp(0x400)), charset=CHARSET)
    assert m.cart_bank == last_bank
    rows = m.trace(3)
    assert int(rows["pc"][2]) == 0x400
    assert int(rows["op"][2]) - MARK == EXPECTED[size, last_bank][0]


def test_without_a_cartridge_the_bus_reads_ff():
    m = Odyssey2(cart=None, bios=bios(jmp(0x400)), charset=CHARSET)
    assert m.cart_bank == -1
    rows = m.trace(3)
    assert (int(rows["pc"][2]), int(rows["op"][2])) == (0x400, 0xFF)


def test_bios_occupies_0x000_to_0x3ff():
    image = bios(jmp(0x3FE))
    image = image[:0x3FE] + bytes([0x04, 0x00])      # JMP 0x000 at 0x3FE
    m = Odyssey2(cart=marked_cart(2048), bios=image, charset=CHARSET)
    rows = m.trace(3)
    assert [int(p) for p in rows["pc"]] == [0x000, 0x010, 0x3FE]
    assert int(rows["op"][2]) == 0x04


# Cartridge layouts (§2): 2/4/8 KiB in 2 KiB banks shown at 0x400-0xBFF (0xC00 up mirrors);
# 12 KiB packs four 3 KiB banks; 16 KiB holds four 4 KiB pages of program space, each bank the
# page's 0x400-0xFFF.
@pytest.mark.parametrize("size, layout", [
    (2048, (1, 2048, 0, 2048)), (4096, (2, 2048, 0, 2048)), (8192, (4, 2048, 0, 2048)),
    (12288, (4, 3072, 0, 3072)), (16384, (4, 4096, 1024, 3072))])
def test_cart_layout_is_the_boards(size, layout):
    from emu.native import cart_layout
    assert tuple(cart_layout(size)) == layout


def test_the_toolchains_layouts_are_the_cores():
    """cart.layout (plain Python, for o2dis without the compiled core) says what the core's
    boards say, for every size up to 64 windows and a few sizes between windows."""
    from cart import layout
    from emu.native import O2, cart_layout
    sizes = list(range(0, 65 * O2.CART_WINDOW, O2.CART_WINDOW)) + [1, 2047, 2049, 16385]
    assert {size: layout.cart_layout(size) for size in sizes} == {size: cart_layout(size) for size in sizes}
    assert layout.CART_WINDOW == O2.CART_WINDOW
    assert layout.CART_ORIGIN == O2.BIOS_SIZE


@pytest.mark.parametrize("size", [0, 1024, 3072, 6144, 16385, 32768, -1])
def test_no_layout_for_sizes_no_board_takes(size):
    from emu.native import cart_layout
    assert cart_layout(size) is None


@pytest.mark.parametrize("size", [2048, 4096, 8192, 12288, 16384])
def test_cart_layout_shows_what_the_machine_maps(size):
    """Each bank's bytes the layout names are the ones the CPU fetches at 0x400 and 0x800."""
    from emu.native import cart_layout
    layout = cart_layout(size)
    cart = marked_cart(size)
    for bank in range(layout.banks):
        start = bank * layout.bank_stride + layout.shown_offset
        assert fetched_at(cart, 0xF4 | bank, 0x400) == cart[start]
        assert fetched_at(cart, 0xF4 | bank, 0x800) == cart[start + 1024]
