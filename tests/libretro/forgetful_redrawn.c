/*
 * forgetful_redrawn.c — for tests/libretro/test_fast_path.py only, never in the core: broken
 * dirty tracking on purpose. The core's libretro.c compiled with
 * -Do2_screen_redrawn=forgetful_screen_redrawn and linked with this file sees the machine's
 * redrawn-line flags
 *   - built with -DFORGET_ODD_LINES: with every odd line's flag dropped, as a VDC that forgot
 *     to flag the lines it drew would give;
 *   - built with -DCLAIM_COPIES: with every redrawn line but the first said to be a copy of the
 *     line above, as a VDC that got that hint wrong would give;
 * and the test shows that its pictures then differ from Python's.
 */
#include "o2.h"

uint8_t *forgetful_screen_redrawn(o2_machine *m);

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
#else
#error "build with -DFORGET_ODD_LINES or -DCLAIM_COPIES"
#endif
    }
    return flags;
}
