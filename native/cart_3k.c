/* cart_3k.c — 12 and 16 KiB homebrew boards: they decode A10 as well, which gives 3 KiB banks
 * filling 0x400-0xFFF linearly, selected by P10/P11. A 12 KiB image holds the four banks
 * packed; a 16 KiB image four 4 KiB pages, each the image of the whole 0x000-0xFFF program
 * space, whose first KiB (the BIOS range) is unused. */
#include "cart.h"

#define BANK_3K 3072
#define PAGE_4K 4096

static void map_linear(const uint8_t *bank_base, const uint8_t *windows[CART_WINDOWS])
{
    for (int w = 0; w < CART_WINDOWS; w++)
        windows[w] = bank_base + w * CART_WINDOW;
}

static void map_paged(const uint8_t *page_base, const uint8_t *windows[CART_WINDOWS])
{
    map_linear(page_base + CART_WINDOW, windows);    /* skip the page's BIOS-range KiB */
}

const cart_board cart_board_packed3k = { "12k", { 12288, 0 }, BANK_3K, map_linear };
const cart_board cart_board_paged3k = { "16k", { 16384, 0 }, PAGE_4K, map_paged };
