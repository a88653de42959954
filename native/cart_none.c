/* cart_none.c — no cartridge: the data bus floats high, program bytes read 0xFF (cart.c maps
 * the open-bus window itself, so map is never called with an image). */
#include "cart.h"

static void map_none(const uint8_t *bank_base, const uint8_t *windows[CART_WINDOWS])
{
    windows[0] = windows[1] = windows[2] = bank_base;
}

const cart_board cart_board_none = { "none", { 0 }, CART_WINDOW, map_none };
