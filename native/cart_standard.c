/* cart_standard.c — the standard 2/4/8 KiB boards (native/HARDWARE.md §2): A10 is not
 * connected, so a 2 KiB bank answers 0x400-0x7FF (bank bytes 0x000-0x3FF) and 0x800-0xBFF
 * (0x400-0x7FF), and 0xC00-0xFFF mirrors 0x800-0xBFF. */
#include "cart.h"

#define STANDARD_BANK 2048

static void map_standard(const uint8_t *bank_base, const uint8_t *windows[CART_WINDOWS])
{
    windows[0] = bank_base;
    windows[1] = windows[2] = bank_base + CART_WINDOW;
}

const cart_board cart_board_standard = {
    "standard", { 2048, 4096, 8192, 0 }, STANDARD_BANK, map_standard,
};
