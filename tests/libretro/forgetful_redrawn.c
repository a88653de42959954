/*
 * forgetful_redrawn.c — for tests/libretro/test_fast_path.py only, never in the core: broken
 * dirty tracking on purpose. The core's libretro.c compiled with
 * -Do2_screen_redrawn=forgetful_screen_redrawn -Do2_screen_spans=forgetful_screen_spans and
 * linked with this file sees the machine's redrawn-line flags and spans
 *   - built with -DFORGET_ODD_LINES: with every odd line's flag dropped, as a VDC that forgot
 *     to flag the lines it drew would give;
 *   - built with -DCLAIM_COPIES: with every redrawn line but the first said to be a copy of the
 *     line above, as a VDC that got that hint wrong would give;
 *   - built with -DNARROW_SPANS: with every redrawn span two columns short at its right end, as
 *     a VDC that got a patched span's width wrong would give;
 * and the test shows that its pictures then differ from Python's;
 *   - built with -DWIDE_SPANS: with every redrawn span widened to the line's end, from a column
 *     7 past a multiple of 8 at or left of its start (a span's wider than the pixels that changed
 *     is harmless), so that each converter's last pieces of a line (where its wide reads would
 *     pass the line's end) are tried from every alignment; there the pictures stay Python's.
 */
#include "o2.h"

#if !defined(FORGET_ODD_LINES) && !defined(CLAIM_COPIES) && !defined(NARROW_SPANS) && !defined(WIDE_SPANS)
#error "build with -DFORGET_ODD_LINES, -DCLAIM_COPIES, -DNARROW_SPANS or -DWIDE_SPANS"
#endif

uint8_t *forgetful_screen_redrawn(o2_machine *m);
const uint16_t *forgetful_screen_spans(const o2_machine *m);

uint8_t *forgetful_screen_redrawn(o2_machine *m)
{
    uint8_t *flags = o2_screen_redrawn(m);
    for (int y = 1; y < O2_SCREEN_H; y++) {
#if defined(FORGET_ODD_LINES)
        if (y % 2)
            flags[y] = 0;
#elif defined(CLAIM_COPIES)
        if (flags[y])
            flags[y] = O2_REDRAWN_AS_ABOVE;
#endif
    }
    return flags;
}

const uint16_t *forgetful_screen_spans(const o2_machine *m)
{
    static uint16_t spans[2 * O2_SCREEN_H];
    const uint16_t *real = o2_screen_spans(m);
    for (int k = 0; k < 2 * O2_SCREEN_H; k++)
        spans[k] = real[k];
#if defined(NARROW_SPANS)
    for (int y = 0; y < O2_SCREEN_H; y++)
        if (spans[2 * y + 1] >= spans[2 * y] + 2)
            spans[2 * y + 1] -= 2;
#elif defined(WIDE_SPANS)
    for (int y = 0; y < O2_SCREEN_H; y++)
        if (spans[2 * y + 1] > spans[2 * y]) {
            spans[2 * y] = spans[2 * y] < 7 ? 0 : (uint16_t)(spans[2 * y] - (spans[2 * y] - 7) % 8);
            spans[2 * y + 1] = O2_SCREEN_W;
        }
#endif
    return spans;
}
