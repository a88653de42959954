/*
 * cart.h — cartridge boards, internal to native/. Each banking scheme is one board (one
 * cart_*.c file): how many banks an image of a given size holds, and which bytes answer the
 * three 1 KiB program windows 0x400-0xFFF for a bank. The machine picks the board at load
 * (cart_load) and calls cart_map whenever P1 changes; the bank is P10/P11, so a board keeps no
 * state of its own and save states need nothing from it. A new scheme is a new cart_*.c file
 * and one line in cart.c's table.
 */
#ifndef CART_H
#define CART_H

#include <stddef.h>
#include <stdint.h>

#include "o2.h"

/* The P1 bits that select the bank: cart_map's result changes with these alone. */
#define CART_P1_BANK_BITS (O2_P1_BANK0 | O2_P1_BANK1)

#define CART_MAX_SIZE  (16 * 1024)
#define CART_WINDOW    1024        /* program windows 1-3: 0x400-0x7FF, 0x800-0xBFF, 0xC00-0xFFF */
#define CART_WINDOWS   3
#define CART_FLOATING  0xFF        /* what an undriven data bus reads */

typedef struct cart_board {
    const char *name;
    size_t sizes[4];               /* image sizes this board takes (unused entries 0) */
    uint32_t bank_stride;          /* bytes from one bank to the next in the image */
    /* The bytes answering the windows 0x400-0xFFF when `bank` is selected; bank < count. */
    void (*map)(const uint8_t *bank_base, const uint8_t *windows[CART_WINDOWS]);
} cart_board;

typedef struct cartridge {
    uint8_t image[CART_MAX_SIZE];
    uint32_t size;                 /* 0 = no cartridge */
    uint32_t bank_count;
    const cart_board *board;
    uint8_t empty[CART_WINDOW];    /* open bus, read where no cartridge is plugged */
} cartridge;

extern const cart_board cart_board_none;       /* cart_none.c */
extern const cart_board cart_board_standard;   /* cart_standard.c: 2/4/8 KiB, 2 KiB banks */
extern const cart_board cart_board_packed3k;   /* cart_3k.c: 12 KiB, four packed 3 KiB banks */
extern const cart_board cart_board_paged3k;    /* cart_3k.c: 16 KiB, 3 KiB banks in 4 KiB pages */

/* Picks the board for an image of len bytes and copies it; -1 if no board takes that size. */
int  cart_load(cartridge *c, const uint8_t *data, size_t len);
/* The windows 0x400-0xFFF for the bank P10/P11 of p1 select (modulo the bank count). */
void cart_map(const cartridge *c, uint8_t p1, const uint8_t *windows[CART_WINDOWS]);
int  cart_bank(const cartridge *c, uint8_t p1);   /* -1 without a cartridge */

#endif /* CART_H */
