/*
 * forgetful_redrawn.c — for tests/libretro/test_fast_path.py only, never in the core: broken
 * dirty tracking on purpose. The core's libretro.c compiled with
 * -Do2_screen_redrawn=forgetful_screen_redrawn and linked with this file sees the machine's
 * redrawn-line flags with every odd line's flag dropped, as a VDC that forgot to flag the lines
 * it drew would give; the test shows that its pictures then differ from Python's.
 */
#include "o2.h"

uint8_t *forgetful_screen_redrawn(o2_machine *m);

uint8_t *forgetful_screen_redrawn(o2_machine *m)
{
    uint8_t *flags = o2_screen_redrawn(m);
    for (int y = 1; y < O2_SCREEN_H; y += 2)
        flags[y] = 0;
    return flags;
}
