/*
 * machine.h — the Odyssey² console around the chips, internal to native/.
 *
 * The machine owns the 8048 (cpu8048.h) and the 8244/8245 (vdc8244.h), the 128-byte external
 * RAM, the BIOS and cartridge images, the keyboard matrix and the joysticks. It decodes P1
 * (native/HARDWARE.md §2), maps the cartridge into program space, and runs the CPU in chunks
 * up to the next VDC event so that /INT and T1 change exactly at instruction boundaries.
 *
 * Time: the CPU's cycle counter (cpu.s.cycles) is the machine's clock; cycle c starts at VDC
 * half-clock c × cycle_hc_num / cycle_hc_den (rounded down): 20 per cycle on NTSC (3/4 of the
 * VDC's 7.15909 MHz, 15 clocks a cycle), 18 on PAL; in the MAME model 7159090 / 357955 on NTSC
 * and 7093790 / 394100 on PAL, a hair under 20 and 18 (tests/conformance/DIFFERENCES.md). See machine_hc and machine_horizon. It never goes
 * back, not even on RESET.
 *
 * Debugger hooks (native/debug.c): `breakpoints` (4096 flags, NULL when none are set) makes the
 * run loop check each instruction's PC; `bus_hook` (NULL normally) sees every MOVX access and
 * may set `stop`. A run function returns the stop reason (O2_STOP_*, o2.h).
 */
#ifndef MACHINE_H
#define MACHINE_H

#include "o2.h"
#include "cpu8048.h"
#include "vdc8244.h"
#include "state.h"
#include "cart.h"

#define MACHINE_BIOS_SIZE     O2_BIOS_SIZE
#define MACHINE_CHARSET_SIZE  512
#define MACHINE_XRAM_SIZE     O2_XRAM_SIZE
#define MACHINE_KEY_ROWS      6
#define MACHINE_JOYSTICKS     2
#define MACHINE_PROG_WINDOWS  4        /* 1 KiB program windows, PC 0x000-0xFFF */
#define MACHINE_PROG_WINDOW   O2_CART_WINDOW

/* Port 1 bits (native/HARDWARE.md §2, values in o2.h). Selects are active low. */
#define P1_BANK0        O2_P1_BANK0         /* cartridge A10 (standard carts) / bank bit 0 */
#define P1_BANK1        O2_P1_BANK1         /* bank bit 1 */
#define P1_KEYBOARD_OFF O2_P1_KEYBOARD_N    /* 0 = keyboard/joystick decoder enabled */
#define P1_VDC_OFF      O2_P1_VDC_N         /* 0 = VDC selected for MOVX */
#define P1_XRAM_OFF     O2_P1_XRAM_N        /* 0 = external RAM selected for MOVX */
#define P1_COPY_MODE    O2_P1_COPY          /* 1 = reads come from the RAM, writes go to the VDC */
#define P1_LUMINANCE    O2_P1_LUMINANCE_N   /* to the VDC's P17 input */

/* Port 2: the low three bits select the keyboard row / joystick (74156 decoder inputs). */
#define P2_ROW_MASK     0x07
#define P2_KEY_DOWN_N   0x10   /* 0 when a key of the selected row is down */
#define P2_KEY_COLUMN_SHIFT 5  /* bits 7-5: 7 - column of the highest pressed key */
#define P2_UNDRIVEN_BITS 0x0F  /* the decoder does not drive bits 3-0 */

/* A joystick as read by INS A,BUS (active low on the bus; stored active high here). */
#define JOY_UP    O2_JOY_UP
#define JOY_RIGHT O2_JOY_RIGHT
#define JOY_DOWN  O2_JOY_DOWN
#define JOY_LEFT  O2_JOY_LEFT
#define JOY_FIRE  O2_JOY_FIRE

/* What bus_hook is told. */
#define MACHINE_ACCESS_READ  0
#define MACHINE_ACCESS_WRITE 1
#define MACHINE_BUS_XRAM     1   /* chips that answered the access (P1 selects, copy mode) */
#define MACHINE_BUS_VDC      2
typedef void (*machine_bus_hook)(o2_machine *m, int access, uint8_t addr, uint8_t value, int chips);

struct o2_machine {
    cpu8048 cpu;
    vdc8244 vdc;
    int region;                    /* VDC_REGION_NTSC / VDC_REGION_PAL */
    uint32_t cycle_hc_num;         /* VDC half-clocks per CPU cycle, as a fraction (top of file) */
    uint32_t cycle_hc_den;
    uint64_t hc_per_frame;         /* 455*263 NTSC, 456*313 PAL */
    uint64_t next_event_hc;        /* the VDC's next change of /INT (or T1 in counter mode) */
    /* MAME model: where a bus access lands is worked out in MAME's attoseconds, with the
     * timeslice it falls in (machine.c, mame_next_slice). */
    uint64_t slice_start;          /* the cycle where MAME's current timeslice began */
    uint64_t next_slice;           /* the cycle from whose boundary on the next one begins */
    uint64_t cycle_as;             /* attoseconds a cycle between slices, inside one, and a */
    uint64_t slice_cycle_as;       /* half-clock, as MAME counts them (0 in the hardware model) */
    uint64_t hc_as;

    uint8_t bios[MACHINE_BIOS_SIZE];
    uint8_t charset[MACHINE_CHARSET_SIZE];
    cartridge cart;                /* the board chosen at load (cart.h) */

    uint8_t xram[MACHINE_XRAM_SIZE];
    uint8_t quiet_writes[256];     /* cpu8048_bus.quiet: 1 where writing the value the VDC's
                                      reg[] holds changes nothing (vdc_quiet_rewrites) */
    uint8_t keys[MACHINE_KEY_ROWS];       /* bit c = column c down */
    uint8_t joysticks[MACHINE_JOYSTICKS]; /* JOY_* bits, 1 = pressed */
    uint8_t reset_held;                   /* the RESET key is down: the CPU is held in reset */
    uint64_t late_t1_hc;                  /* MAME model, counter mode: a T1 change the VDC has
                                             passed and the counter not yet seen (0: none) */
    uint8_t p17;                          /* last level given to the VDC's P17 input */
    uint8_t mapped_p1;                    /* P1 when map_cartridge last ran: the program
                                             windows follow its bank bits alone */
    uint8_t p1_applied;                   /* mapped_p1's bank bits and P17's level as P1
                                             bits (cpu8048_bus.port_applied) */
    uint8_t skip_idle;                    /* the CPU skips idle loops (o2_set_skip_idle) */

    /* Debugger hooks (see the top of this file). */
    const uint8_t *breakpoints;
    machine_bus_hook bus_hook;     /* set through machine_set_bus_hook */
    void *hook_ctx;                /* the debugger (debug.c) that set the hooks */
    int stop;                      /* O2_STOP_*, set by a hook to end the current run */
};

/* Machine cycles -> VDC half-clocks: where cycle c starts. Bus accesses happen there. */
static inline uint64_t machine_cycle_hc(const o2_machine *m, uint64_t cycle)
{
    return cycle * m->cycle_hc_num / m->cycle_hc_den;
}

static inline uint64_t machine_hc(const o2_machine *m) { return machine_cycle_hc(m, m->cpu.s.cycles); }

/* floor(x * y / z) and its remainder, for x < 2^40, y < 2^42, z < 2^40. */
static inline uint64_t machine_mul_div(uint64_t x, uint64_t y, uint64_t z, uint64_t *rem)
{
    uint64_t high = x * (y >> 20), low;
    low = (high % z << 20) + x * (y & 0xFFFFF);
    *rem = low % z;
    return (high / z << 20) + low / z;
}

/* MAME model: the half-clock (rounded down, and the remainder in attoseconds) where the
 * instruction ending at cycle `end` ends in MAME's time: the slice's start in whole cycles, then
 * its cycles inside the slice, over MAME's half-clock (all three rounded to attoseconds). */
static inline uint64_t machine_mame_end_hc(const o2_machine *m, uint64_t end, uint64_t *rem)
{
    uint64_t start_rem, inside = (end - m->slice_start) * m->slice_cycle_as;
    uint64_t hc = machine_mul_div(m->slice_start, m->cycle_as, m->hc_as, &start_rem);
    uint64_t sum = start_rem + inside % m->hc_as;
    *rem = sum % m->hc_as;
    return hc + inside / m->hc_as + sum / m->hc_as;
}

/* Where a MOVX's VDC read or write lands: at the end of the instruction (one cycle after the
 * start of its last cycle, vdc8244.h), to the nearest half-clock where a cycle is not a whole
 * number of them (MAME's model: mid-line colour changes measured in the oracle; halves up), in
 * MAME's time with its timeslices (test_slice_drift, tests/conformance/DIFFERENCES.md). */
static inline uint64_t machine_access_hc(const o2_machine *m)
{
    uint64_t end = m->cpu.s.cycles + 1;
    if (m->hc_as) {
        uint64_t rem, hc = machine_mame_end_hc(m, end, &rem);
        return hc + (2 * rem >= m->hc_as);
    }
    return (2 * end * m->cycle_hc_num + m->cycle_hc_den) / (2 * m->cycle_hc_den);
}

/* The first cycle that starts at or after half-clock hc. */
static inline uint64_t machine_cycle_at(const o2_machine *m, uint64_t hc)
{
    return (hc * m->cycle_hc_den + m->cycle_hc_num - 1) / m->cycle_hc_num;
}

/* The last half-clock of cycle c. Pins sampled at the instruction boundary c show the VDC as it
 * is there: an event (VBLANK, HBLANK edge, frame boundary) counts from the start of the cycle it
 * falls in, as in MAME, whose CPU sees the VBLANK interrupt rising at cycle 5978.75 at the
 * boundary 5978. (Frames end at o2_frame_start_cycle, machine.c.) */
static inline uint64_t machine_cycle_horizon(const o2_machine *m, uint64_t cycle)
{
    /* Cycle c lasts until (c + 1) x num / den: an event at half-clock e falls in it if e < that. */
    return ((cycle + 1) * m->cycle_hc_num + m->cycle_hc_den - 1) / m->cycle_hc_den - 1;
}

static inline uint64_t machine_horizon(const o2_machine *m)
{
    return machine_cycle_horizon(m, m->cpu.s.cycles);
}

/* The debugger's bus hook (NULL: none): with one, every MOVX goes through the machine. */
void machine_set_bus_hook(o2_machine *m, machine_bus_hook hook);
void machine_state(o2_machine *m, o2_stream *st);    /* state.c calls it after the chips */
/* Re-derives mapping and pins after a state of layout `version` was read; O2_ERR_STATE_CORRUPT
 * if what it read cannot be this machine's (a timeslice that does not fit its clock). */
int machine_after_load(o2_machine *m, uint32_t version);
uint64_t machine_setup_hash(const o2_machine *m);    /* BIOS, charset, cart, region */

/* FNV-1a (64-bit), the hash of saved states (state.c) and of the machine's setup: start from
 * FNV1A_OFFSET, fold in bytes with fnv1a_bytes or a whole 64-bit value with fnv1a_word. Saved
 * states and movies store these values, so the steps never change. */
#define FNV1A_OFFSET 0xcbf29ce484222325u
uint64_t fnv1a_word(uint64_t hash, uint64_t value);
uint64_t fnv1a_bytes(uint64_t hash, const uint8_t *bytes, size_t n);
void machine_trace_entry(const o2_machine *m, o2_trace_entry *e);  /* before the next instruction */

#endif /* MACHINE_H */
