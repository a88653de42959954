/*
 * sound.h — the sound part of the Intel 8244/8245, internal to native/.
 *
 * Registers (native/HARDWARE.md §3; Kevin Horton's timing notes, "Sound subsystem"):
 *   A7, A8, A9  a 24-bit shift register, A7 the high byte; it shifts right and always
 *               recirculates (bit 0 back into bit 23). The output pin is bit 0 (A9 bit 0).
 *   AA          control: bit 7 enable, bit 5 rate (shift every 4 lines, else every 16),
 *               bit 4 noise (bit 0 XOR bit 5 feeds bits 23 and 15), bits 3-0 volume.
 * The chip clocks the sound at the start of every HBLANK: a 4-bit line prescaler lets a shift
 * through when its low 2 (fast) or 4 (slow) bits are zero. A write to A7-A9 holds off the next
 * HBLANK's shift; the pin is then reloaded from bit 0. (MAME instead postpones the held-off shift
 * to the next line's clock, weighs writes against the clock by its timeslices (machine.c
 * write_hc), and outputs the
 * bit shifted out: the MAME model's sound_clock, tests/conformance/DIFFERENCES.md.) While disabled (AA bit 7 = 0) the
 * register goes on shifting and counting toward the service request: the enable gates only the
 * output (the documentation is silent; MAME shifts, tests/conformance/DIFFERENCES.md). The prescaler's power-on value is not documented; 13
 * reproduces the MAME oracle's NTSC shift phase exactly (A7-A9 compared at 24 frame ends, both
 * rates); the MAME model starts PAL at 11 (sound_reset).
 * Every 24th shift clock after a write to A7-A9 the chip asks for new data (8245 spec, "a 5 bit
 * counter set to modulo 24"); the VDC turns that into status bit 2 and, if enabled, /INT. Horton
 * could not make the interrupt fire on his 8244; MAME raises it exactly so (measured). The volume is a PWM duty of n/16 at 3.58 MHz: its average,
 * not the carrier, is the audible level.
 *
 * PCM: the output level (pin AND enable) × volume is integrated exactly over half-clock
 * intervals into sub-samples at twice the output rate (a box filter), which a 16-tap
 * windowed-sinc low-pass (cut-off 0.45 × output rate) decimates by two. Stretches of constant
 * level are handled in bulk: an output whose 16 sub-samples are all one level is that level
 * exactly (the taps sum to exactly 1), so a frame's sub-samples are filtered at its end, in one
 * block, and only the outputs whose window holds a change of value go through the filter; a long
 * steady stretch writes its outputs at once. A sample's value is
 * the filtered average of level = volume × SOUND_LEVEL_UNIT while the pin is high, 0 while low
 * or disabled: a steady level v × SOUND_LEVEL_UNIT comes out exactly as that number.
 */
#ifndef SOUND_H
#define SOUND_H

#include "o2.h"
#include "state.h"

#define SOUND_REG_SHIFT_HIGH 0xA7
#define SOUND_REG_SHIFT_MID  0xA8
#define SOUND_REG_SHIFT_LOW  0xA9
#define SOUND_REG_CONTROL    0xAA

#define SOUND_CTRL_ENABLE    0x80
#define SOUND_CTRL_FAST      0x20   /* shift every 4 lines (3933.5 Hz NTSC), else every 16 */
#define SOUND_CTRL_NOISE     0x10
#define SOUND_CTRL_VOLUME    0x0F

#define SOUND_SHIFT_BITS     24
#define SOUND_SHIFT_MASK     0xFFFFFFu
#define SOUND_NOISE_TAP      5
#define SOUND_NOISE_FEED_HIGH 23
#define SOUND_NOISE_FEED_MID 15
#define SOUND_PRESCALE_FAST  0x3    /* a shift every 4th HBLANK */
#define SOUND_PRESCALE_SLOW  0xF    /* every 16th */
#define SOUND_PRESCALE_MODULO 0xF
#define SOUND_SERVICE_PULSES 24

#define SOUND_HOLD_WRITE     0x01   /* A7-A9 written since the last HBLANK */
#define SOUND_HOLD_POSTPONED 0x02   /* MAME model: a held-off shift is still owed */
#define SOUND_HOLD_DIRTY     0x04   /* A7-A9 written since the last shift: the service count
                                       restarts at the next shift clock (sound_hblank) */

#define SOUND_LEVEL_UNIT     2048   /* PCM value per volume step: volume 15 -> 30720 */
#define SOUND_FIR_TAPS       16
#define SOUND_MAX_SAMPLES    O2_AUDIO_MAX_SAMPLES
#define SOUND_SUB_BLOCK      2048   /* sub-samples filtered at a time, at most: a frame's at
                                       44.1 or 48 kHz */
#define SOUND_FIR_PAD        8      /* read past the block by the filter's last group of four */
#define SOUND_MAX_EDGES      192    /* changes of value a block records (more: all filtered) */

typedef struct o2_sound {
    /* The chip. */
    uint32_t shift;          /* 24 bits: A7 << 16 | A8 << 8 | A9 */
    uint8_t control;         /* AA */
    uint8_t prescaler;       /* HBLANKs counted, modulo 16 */
    uint8_t holdoff;         /* SOUND_HOLD_*: a shift-register write delays the next HBLANK's
                                shift; in the MAME model a delayed shift waits for a line */
    uint8_t pin;             /* the output bit latched at the last HBLANK */
    uint8_t pulses;          /* shift clocks since the one after the last register write
                                (SOUND_HOLD_DIRTY), modulo 24 */
    /* The resampler (see the top of this file). */
    uint32_t rate;           /* output samples per second */
    uint32_t hc_den;         /* half-clocks per second = ticks_per_sub / hc_den */
    uint32_t ticks_per_hc;   /* time unit: one sub-sample is ticks_per_sub ticks */
    uint32_t ticks_per_sub;
    uint32_t level;          /* output level now (volume × SOUND_LEVEL_UNIT, or 0) */
    uint64_t pending_hc;     /* half-clocks at `level` not integrated yet */
    uint32_t sub_pos;        /* ticks into the current sub-sample */
    uint64_t sub_acc;        /* level × ticks accumulated in the current sub-sample */
    /* Sub-samples are filtered in blocks (sound_filter_block), when a frame ends, a long steady
     * stretch starts or the block is full: fir_line holds the last SOUND_FIR_TAPS filtered ones,
     * oldest first, then sub_pending unfiltered ones. Only the outputs whose window holds a
     * change of value are computed through the filter; the others are that window's value.
     * edge[]: the fir_line index of each sub-sample in the block that differs from the one
     * before it, in order (edges > SOUND_MAX_EDGES: too many recorded, filter every output). */
    int16_t fir_line[SOUND_FIR_TAPS + SOUND_SUB_BLOCK + SOUND_FIR_PAD];   /* each 0..15 ×
                                                                            SOUND_LEVEL_UNIT */
    uint32_t sub_pending;
    uint16_t edges;
    uint16_t edge[SOUND_MAX_EDGES];
    uint8_t fir_pos;         /* sub-samples filtered, modulo SOUND_FIR_TAPS (the saved history's
                                ring position) */
    uint8_t sub_parity;      /* every second sub-sample makes an output sample (counts pending) */
    uint8_t same_run;        /* trailing equal sub-samples in fir_line, up to SOUND_FIR_TAPS */
    int16_t fir_coef[SOUND_FIR_TAPS];   /* Q15, derived from rate-independent design */
    int16_t fir_pair_lanes[SOUND_FIR_TAPS / 2][8];   /* taps 2m, 2m + 1 four times over: the
                                                        filter's vector form (sound.c) */
    /* Output: samples made during the current frame, and those of the last complete frame. */
    uint32_t count;
    int16_t samples[SOUND_MAX_SAMPLES];
    uint32_t frame_count;
    int16_t frame_samples[SOUND_MAX_SAMPLES];
} o2_sound;

void sound_init(o2_sound *s, int region, uint32_t rate);  /* region: VDC_REGION_NTSC / _PAL */
/* Power-on: registers and output cleared. mame_lines_to_line0: 0 for the hardware model, else
 * the VBLANK lines from power-on to MAME's first line 0 (20 NTSC, 70 PAL): MAME's prescaler
 * reads 1 there in both regions (13 at power-on in NTSC; 11 in PAL, whose frame ends were one
 * shift off in 2 of 4 frames with 13). */
void sound_reset(o2_sound *s, unsigned mame_lines_to_line0);
void sound_set_rate(o2_sound *s, uint32_t rate);  /* 44100 or 48000 (any rate 8000-192000) */
void sound_write(o2_sound *s, uint8_t reg, uint8_t value);   /* reg SOUND_REG_* (A7-AA) */
uint8_t sound_shift_byte(const o2_sound *s, uint8_t reg);    /* A7-A9 as they are now */
/* The output level takes a new value (the time before it at the old one is integrated first). */
void sound_level_becomes(o2_sound *s, uint32_t level);

/* The per-line clocking below is inline: the VDC calls it on every line, and most lines shift
 * nothing and change no level. */

static inline uint32_t sound_level_now(const o2_sound *s)
{
    if (!(s->control & SOUND_CTRL_ENABLE) || !s->pin)
        return 0;
    return (uint32_t)(s->control & SOUND_CTRL_VOLUME) * SOUND_LEVEL_UNIT;
}

static inline void sound_level_may_change(o2_sound *s)
{
    uint32_t level = sound_level_now(s);
    if (level != s->level)
        sound_level_becomes(s, level);
}

/* One shift; returns the bit shifted out of bit 0. */
static inline uint32_t sound_shift_once(o2_sound *s)
{
    uint32_t out = s->shift & 1u;
    uint32_t next = (s->shift >> 1) | out << (SOUND_SHIFT_BITS - 1);
    if (s->control & SOUND_CTRL_NOISE) {
        uint32_t feed = out ^ ((s->shift >> SOUND_NOISE_TAP) & 1u);
        next &= ~(1u << SOUND_NOISE_FEED_HIGH | 1u << SOUND_NOISE_FEED_MID);
        next |= feed << SOUND_NOISE_FEED_HIGH | feed << SOUND_NOISE_FEED_MID;
    }
    s->shift = next & SOUND_SHIFT_MASK;
    return out;
}

static inline unsigned sound_prescale_mask(const o2_sound *s)
{
    return (s->control & SOUND_CTRL_FAST) ? SOUND_PRESCALE_FAST : SOUND_PRESCALE_SLOW;
}

static inline int sound_shift_due(const o2_sound *s)
{
    return (s->prescaler & sound_prescale_mask(s)) == 0;
}

/* At the start of each HBLANK: returns 1 when the register "needs service", the 24th shift clock
 * since the last write to A7-A9 (a held-off clock counts too): the first clock after a write
 * counts 1. In MAME a write followed by a shift before that clock (a held-off shift postponed
 * to a line between two clocks) no longer restarts the count (random program 910119, corpus
 * test_service_rewrite, tests/conformance/DIFFERENCES.md): the write marks the register dirty
 * and a shift cleans it. With clocks 0 the line gives no shift clock (MAME's first lines,
 * vdc8244.c): nothing counts toward the request. */
static inline int sound_hblank(o2_sound *s, int clocks)
{
    if (!clocks || !sound_shift_due(s))
        return 0;
    if (s->holdoff & SOUND_HOLD_DIRTY) {
        s->holdoff &= (uint8_t)~SOUND_HOLD_DIRTY;
        s->pulses = 0;
    }
    if (++s->pulses == SOUND_SERVICE_PULSES) {   /* enabled or not (MAME) */
        s->pulses = 0;
        return 1;
    }
    return 0;
}

/* The end of every shift clock, shifted or not: the pin latches `pin`, the prescaler counts the
 * line, the output level follows. */
static inline void sound_clock_ends(o2_sound *s, uint32_t pin)
{
    s->pin = (uint8_t)pin;
    s->prescaler = (s->prescaler + 1) & SOUND_PRESCALE_MODULO;
    sound_level_may_change(s);
}

/* The shift clock, once a line right after sound_hblank (in MAME too; where a write meets it
 * there: machine.c write_hc). With shifts 0 the prescaler counts the line but the
 * register does not move (MAME's first lines, vdc8244.c). mame: MAME's shift and output (a
 * held-off shift postponed by a line, the pin the bit shifted out; tests/conformance/
 * DIFFERENCES.md), else the documented ones. */
static inline void sound_clock(o2_sound *s, int shifts, int mame)
{
    int due = sound_shift_due(s);
    uint32_t pin = s->pin;
    if (mame) {
        /* MAME: a shift held off by a write waits for the next line (and again while writes go
         * on); the pin is the bit shifted out, held between shifts. */
        if ((due || (s->holdoff & SOUND_HOLD_POSTPONED)) && shifts) {
            if (s->holdoff & SOUND_HOLD_WRITE) {
                s->holdoff = (uint8_t)(SOUND_HOLD_POSTPONED | (s->holdoff & SOUND_HOLD_DIRTY));
            } else {
                pin = sound_shift_once(s);
                s->holdoff = 0;
            }
        } else {
            s->holdoff &= (uint8_t)~SOUND_HOLD_WRITE;
        }
    } else {
        if (due && !(s->holdoff & SOUND_HOLD_WRITE) && shifts)
            sound_shift_once(s);
        s->holdoff &= SOUND_HOLD_DIRTY;   /* cleared by the next shift clock (sound_hblank) */
        pin = s->shift & 1u;
    }
    sound_clock_ends(s, pin);
}

/* sound_hblank(s, 1) then sound_clock(s, 1, mame) on a line whose shift clock is due
 * (sound_shift_due) with no write waiting (holdoff 0), the case of every shift clock of a steady
 * tone or noise: the service request (returned as sound_hblank does) counts, the register shifts,
 * the pin follows. */
static inline int sound_clock_due(o2_sound *s, int mame)
{
    int service = ++s->pulses == SOUND_SERVICE_PULSES;
    if (service)
        s->pulses = 0;
    uint32_t out = sound_shift_once(s);
    sound_clock_ends(s, mame ? out : s->shift & 1u);
    return service;
}

/* hc half-clocks pass (inline: the VDC calls it twice a line). The output is integrated lazily,
 * when its level changes or a frame ends, so this is an addition. */
static inline void sound_run(o2_sound *s, uint64_t hc) { s->pending_hc += hc; }

/* Lines ahead, this one first, on which sound_hblank and sound_clock would only count the
 * prescaler: lines before the next due shift clock, with no write to A7-A9 waiting for HBLANK
 * (then the pin is what the last clock left, and the level follows it and AA at every change). */
static inline unsigned sound_quiet_lines(const o2_sound *s)
{
    unsigned mask = sound_prescale_mask(s), count = s->prescaler & mask;
    return s->holdoff || count == 0 ? 0 : mask + 1 - count;
}

/* n of those lines pass: the prescaler counts them (their half-clocks are given by sound_run,
 * before the next clock). */
static inline void sound_pass_quiet_lines(o2_sound *s, unsigned n)
{
    s->prescaler = (uint8_t)((s->prescaler + n) & SOUND_PRESCALE_MODULO);
}
void sound_end_frame(o2_sound *s);                /* current samples become the last frame's */
/* The samples of the last complete frame (frame_samples), *count pointed at their number. */
const int16_t *sound_last_frame(const o2_sound *s, const uint32_t **count);
void sound_state(o2_sound *s, o2_stream *st);

#endif /* SOUND_H */
