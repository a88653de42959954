/*
 * cart.c — choosing a cartridge board by image size and selecting its bank (cart.h).
 * P10/P11 select the bank (bank = P1 & 3, modulo the bank count), so at reset (P1 = 0xFF) the
 * last bank is mapped (hardware/odyssey2.md §2).
 */
#include <string.h>

#include "cart.h"

#define P1_BANK_BITS 0x03

static const cart_board *const boards[] = {
    &cart_board_none, &cart_board_standard, &cart_board_packed3k, &cart_board_paged3k,
};

int cart_load(cartridge *c, const uint8_t *data, size_t len)
{
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++)
        for (const size_t *s = boards[b]->sizes; s < boards[b]->sizes + 4; s++) {
            if (*s != len || (len == 0 && boards[b] != &cart_board_none))
                continue;
            memset(c->image, CART_FLOATING, sizeof c->image);
            memset(c->empty, CART_FLOATING, sizeof c->empty);
            if (len)
                memcpy(c->image, data, len);
            c->size = (uint32_t)len;
            c->board = boards[b];
            c->bank_count = len ? (uint32_t)len / boards[b]->bank_stride : 1;
            return 0;
        }
    return -1;
}

int cart_bank(const cartridge *c, uint8_t p1)
{
    if (c->size == 0)
        return -1;
    return (int)((p1 & P1_BANK_BITS) % c->bank_count);
}

void cart_map(const cartridge *c, uint8_t p1, const uint8_t *windows[CART_WINDOWS])
{
    if (c->size == 0) {
        windows[0] = windows[1] = windows[2] = c->empty;
        return;
    }
    c->board->map(c->image + (uint32_t)cart_bank(c, p1) * c->board->bank_stride, windows);
}
