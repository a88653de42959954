/*
 * cart.c — choosing a cartridge board by image size and selecting its bank (cart.h).
 * P10/P11 select the bank (bank = P1 & 3, modulo the bank count), so at reset (P1 = 0xFF) the
 * last bank is mapped (native/HARDWARE.md §2).
 */
#include <string.h>

#include "cart.h"
#include "o2.h"

static const cart_board *const boards[] = {
    &cart_board_none, &cart_board_standard, &cart_board_packed3k, &cart_board_paged3k,
};

/* The board that takes an image of len bytes (0: no cartridge), NULL if none does. */
static const cart_board *board_for(size_t len)
{
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++)
        for (const size_t *s = boards[b]->sizes; s < boards[b]->sizes + 4; s++)
            if (*s == len && (len != 0 || boards[b] == &cart_board_none))
                return boards[b];
    return NULL;
}

int cart_load(cartridge *c, const uint8_t *data, size_t len)
{
    const cart_board *board = board_for(len);
    if (!board)
        return -1;
    memset(c->image, CART_FLOATING, sizeof c->image);
    memset(c->empty, CART_FLOATING, sizeof c->empty);
    if (len)
        memcpy(c->image, data, len);
    c->size = (uint32_t)len;
    c->board = board;
    c->bank_count = len ? (uint32_t)len / board->bank_stride : 1;
    return 0;
}

int o2_cart_layout_of(size_t size, o2_cart_layout *layout)
{
    const cart_board *board = board_for(size);
    if (!board || size == 0)
        return O2_ERR_SIZE;
    /* Where the board's windows fall in a bank, asked of its own map function. */
    static const uint8_t bank[CART_MAX_SIZE];
    const uint8_t *windows[CART_WINDOWS];
    board->map(bank, windows);
    uint32_t first = CART_MAX_SIZE, end = 0;
    for (int w = 0; w < CART_WINDOWS; w++) {
        uint32_t at = (uint32_t)(windows[w] - bank);
        first = at < first ? at : first;
        end = at + CART_WINDOW > end ? at + CART_WINDOW : end;
    }
    layout->banks = (uint32_t)size / board->bank_stride;
    layout->bank_stride = board->bank_stride;
    layout->shown_offset = first;
    layout->shown_size = end - first;
    return O2_OK;
}

int cart_bank(const cartridge *c, uint8_t p1)
{
    if (c->size == 0)
        return -1;
    return (int)((p1 & CART_P1_BANK_BITS) % c->bank_count);
}

void cart_map(const cartridge *c, uint8_t p1, const uint8_t *windows[CART_WINDOWS])
{
    if (c->size == 0) {
        windows[0] = windows[1] = windows[2] = c->empty;
        return;
    }
    c->board->map(c->image + (uint32_t)cart_bank(c, p1) * c->board->bank_stride, windows);
}
