"""Where a cartridge image shows in program space: the layouts of the cartridge boards.

The C core's boards (native/cart_*.c) are the single source; this table says the same in plain
Python so the toolchain (o2dis, the debugger's banked labels) needs no compiled core.
tests/machine/test_cartridge.py checks every size against the core's o2_cart_layout_of, and
CART_WINDOW and CART_ORIGIN against native/o2.h; change a board there and the test names the row
to change here.
"""
from typing import NamedTuple

CART_WINDOW = 1024     # O2_CART_WINDOW: program space shows a cartridge in 1 KiB windows
CART_ORIGIN = 0x400    # O2_BIOS_SIZE: the cartridge starts where the 1 KiB BIOS ends


class CartLayout(NamedTuple):
    """How the cartridge board for an image lays it out: its banks, image bytes from one bank to
    the next, and the bytes of a bank program space shows from 0x400 up (offset in the bank,
    length; mirrors left out)."""
    banks: int
    bank_stride: int
    shown_offset: int
    shown_size: int


# 2/4/8 KiB: 2 KiB banks shown at 0x400-0xBFF; 12 KiB: four 3 KiB banks; 16 KiB: four 4 KiB
# pages of program space, each bank the page's 0x400-0xFFF (native/HARDWARE.md section 2).
LAYOUTS = {
    2048: CartLayout(1, 2048, 0, 2048),
    4096: CartLayout(2, 2048, 0, 2048),
    8192: CartLayout(4, 2048, 0, 2048),
    12288: CartLayout(4, 3072, 0, 3072),
    16384: CartLayout(4, 4096, 1024, 3072),
}


def cart_layout(size: int) -> CartLayout | None:
    """The layout of a cartridge image of `size` bytes, None when no board takes that size."""
    return LAYOUTS.get(size)


def cart_sizes() -> tuple[int, ...]:
    """The image sizes a cartridge board takes, smallest first."""
    return tuple(sorted(LAYOUTS))
