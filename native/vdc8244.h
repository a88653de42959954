/*
 * vdc8244.h — Intel 8244 (NTSC) / 8245 (PAL) video and sound chip, internal to native/.
 *
 * Time is counted in VDC half-clocks since power-on ("hc", uint64). The machine converts CPU
 * cycles to hc (NTSC 20 hc per machine cycle, PAL 18) and always calls vdc_catch_up(hc) before
 * any read, write or pin query, so that the beam has drawn everything up to that moment: a
 * register change lands on the right pixel and collisions are latched when the overlap is drawn.
 *
 * hc 0 is the power-on moment, which is also a frame boundary: the start of VBLANK's lines
 * (NTSC line 243 of 263, as MAME powers on). Frame k (k >= 1) covers hc [(k-1)F, kF) with
 * F = 455*263 (NTSC) or 456*313 (PAL).
 *
 * The full struct (registers, beam, collision state, framebuffer, sound) is defined by
 * vdc8244.c's owner below; the machine embeds it and uses only these functions.
 */
#ifndef VDC8244_H
#define VDC8244_H

#include "o2.h"

#define VDC_REGION_NTSC 0
#define VDC_REGION_PAL  1

typedef struct vdc8244 vdc8244;   /* defined below by the VDC implementation */

void     vdc_init(vdc8244 *vdc, int region);
void     vdc_reset(vdc8244 *vdc);                         /* power-on state, beam at hc 0 */
void     vdc_set_charset(vdc8244 *vdc, const uint8_t charset[512]);
void     vdc_catch_up(vdc8244 *vdc, uint64_t hc);          /* draw and clock sound up to hc */
uint8_t  vdc_read(vdc8244 *vdc, uint8_t reg);             /* with side effects (A1 clears /INT, A2 clears) */
uint8_t  vdc_peek(const vdc8244 *vdc, uint8_t reg);       /* the same value, no side effects */
void     vdc_write(vdc8244 *vdc, uint8_t reg, uint8_t value);
void     vdc_set_p17(vdc8244 *vdc, int level);            /* P17: background/grid luminance input */
int      vdc_irq(const vdc8244 *vdc);                     /* 1 while /INT is asserted */
int      vdc_t1(const vdc8244 *vdc);                      /* HBLANK | VBLANK now */
uint64_t vdc_next_event(const vdc8244 *vdc);              /* hc of the next change of irq or t1 */

#endif /* VDC8244_H */
