/*
 * machine.c — the Odyssey² / Videopac G7000 console: bus, P1 chip selects, BIOS and cartridge
 * mapping, keyboard and joysticks, RESET, and the run loop (native/HARDWARE.md §2, §5).
 *
 * Program space (§2): 0x000-0x3FF the BIOS (8048 internal ROM); 0x400-0xFFF the cartridge.
 *   The cartridge board chosen at load (cart.h: one cart_*.c file per banking scheme) says
 *   which bytes answer 0x400-0xFFF for the bank P10/P11 select.
 *
 * MOVX (§2, and Dan Boris's "Odyssey 2 Technical Specs" §1.1 for copy mode):
 *   P14 = 0 selects the 128-byte RAM at 0x00-0x7F (§2; at 0x80-0xFF it does not answer, as
 *   the MAME oracle shows), P13 = 0 selects the VDC. With P16 = 1 (copy mode) reads come from the RAM only and writes
 *   go to the VDC only. A read that selects nothing returns 0xFF (the bus floats high); a read
 *   that selects both returns the AND of what both drive.
 *
 * Ports: P1 reads back its latch (nothing else drives it). P2 and BUS read the keyboard and
 *   joysticks through the 74156 decoder, enabled by P12 = 0, row = P2 & 7 (oracle README, "How
 *   MAME's driver reads these ports"):
 *   - IN A,P2: bit 4 = 0 when a key of the row is down, bits 7-5 = 7 - the highest pressed
 *     column; the port is quasi-bidirectional, so the result is ANDed with the P2 latch.
 *   - INS A,BUS: rows 0 and 1 put the left / right joystick on the bus, active low (bit 0 up,
 *     1 right, 2 down, 3 left, 4 fire; bits 7-5 read 1). Otherwise the bus floats: 0xFF.
 */
#include <stdlib.h>
#include <string.h>

#include "machine.h"

#define NTSC_HC_PER_CYCLE 20
#define PAL_HC_PER_CYCLE  18
#define MAME_NTSC_HC_PER_SECOND     7159090
#define MAME_PAL_HC_PER_SECOND      7093790
#define MAME_NTSC_CPU_CLOCK         5369317     /* Hz, as MAME clocks its 8048 */
#define MAME_PAL_CPU_CLOCK          5911492
#define MAME_CLOCKS_PER_CYCLE       15
/* MAME counts whole cycles a second, rounded up: 357955 NTSC, 394100 PAL. */
#define MAME_NTSC_CYCLES_PER_SECOND ((MAME_NTSC_CPU_CLOCK + MAME_CLOCKS_PER_CYCLE - 1) / MAME_CLOCKS_PER_CYCLE)
#define MAME_PAL_CYCLES_PER_SECOND  ((MAME_PAL_CPU_CLOCK + MAME_CLOCKS_PER_CYCLE - 1) / MAME_CLOCKS_PER_CYCLE)
#define ATTOSECONDS_PER_SECOND      UINT64_C(1000000000000000000)
#define MAME_SLICE_TICKS_PER_SECOND 50           /* a scheduler event of MAME's, 50 a second */

#define PROG_ADDR_MASK 0xFFF
#define PSW_BANK_SELECT 0x10   /* PSW BS: R0-R7 at 0x18-0x1F */
#define REGISTER_BANK1 0x18
#define BUS_FLOATING  0xFF

/* ---- program space ---- */

/* The P1 bits the machine acts on as it last did: the CPU leaves out the P1 writes that change
 * none of them (cpu8048_bus.port_applied). Kept wherever mapped_p1 or p17 changes. */
static void note_p1_applied(o2_machine *m)
{
    m->p1_applied = (uint8_t)((m->mapped_p1 & CART_P1_BANK_BITS) | (m->p17 ? P1_LUMINANCE : 0));
}

static void map_cartridge(o2_machine *m)
{
    m->cpu.prog[0] = m->bios;
    m->mapped_p1 = m->cpu.s.p1;
    cart_map(&m->cart, m->cpu.s.p1, &m->cpu.prog[1]);
    /* MAME shows the selected 2 KiB bank's first KiB again at 0xC00-0xFFF, where the standard
     * board (2, 4 or 8 KiB), A10 unconnected, repeats 0x800-0xBFF: random CPU programs 1, 4, 5
     * and corpus test_bank_c00, tests/conformance/DIFFERENCES.md. */
    if (m->vdc.model == VDC_MODEL_MAME && m->cart.board == &cart_board_standard)
        m->cpu.prog[3] = m->cpu.prog[1];
    note_p1_applied(m);
}

int o2_cart_bank(const o2_machine *m)
{
    return cart_bank(&m->cart, m->cpu.s.p1);
}

/* ---- time and pins ---- */

/* A frame's instructions are those that start with a whole cycle left before its boundary at
 * half-clock kF: frame k ends at the first instruction boundary at or after cycle
 * floor(kF / half-clocks per cycle). This is where MAME's frames end, at every frame of the
 * conformance corpus (tests/conformance/DIFFERENCES.md, "Frame cut"). */
uint64_t o2_frame_start_cycle(const o2_machine *m, uint64_t frame)
{
    return frame * m->hc_per_frame * m->cycle_hc_den / m->cycle_hc_num;
}

/* The first machine cycle whose boundary sees what the VDC does at half-clock hc: the one whose
 * last half-clock (machine_cycle_horizon) is at or after hc. */
static uint64_t cycle_seeing(const o2_machine *m, uint64_t hc)
{
    return hc * m->cycle_hc_den / m->cycle_hc_num;
}

/* ---- MAME's timeslices (model "mame") ----
 * MAME runs its 8048 in timeslices up to its scheduler's next event: a slice ends at the first
 * instruction boundary at or after that event's cycle (rounded down). Between slices its cycles
 * are floor(10^18 / cycles a second) attoseconds long; inside one, 15 x floor(10^18 / clock),
 * about 1.5 millionths longer: an access n cycles into a slice lands n x 3.0e-5 half-clocks
 * (PAL 2.4e-5) later than the cycle count gives, which decides the half-clock where it falls
 * near one half (corpus test_slice_drift). Measured with the oracle (the machine time at each
 * program fetch, tests/conformance/DIFFERENCES.md), the events are: the start of HBLANK on every
 * line from the first line 0 on, the VBLANK interrupt (x VDC_VBLANK_X of line VDC_VBLANK_LINE),
 * each frame's start and its first line 0, and one 50 times a second; a read of the status
 * register (A1) ends a slice too, after its instruction. */

static uint64_t round_up_to(uint64_t value, uint64_t step, uint64_t offset)
{
    /* The least offset + k x step (k >= 0) at or after value. */
    return value <= offset ? offset : offset + (value - offset + step - 1) / step * step;
}

/* The first cycle after `cycle` at which a slice ends: the next event's cycle, rounded down. */
static uint64_t mame_next_slice(const o2_machine *m, uint64_t cycle)
{
    uint64_t line = m->vdc.line_hc, frame = m->hc_per_frame;
    uint64_t line0 = (uint64_t)(m->vdc.lines - VDC_FRAME_START_LINE) * line;
    /* the first half-clock that rounds down to a cycle after `cycle` */
    uint64_t hc = ((cycle + 1) * m->cycle_hc_num + m->cycle_hc_den - 1) / m->cycle_hc_den;
    uint64_t events[] = {
        round_up_to(hc, line, line0 + VDC_HBLANK_START),
        round_up_to(hc, frame, frame - line + VDC_VBLANK_X),
        round_up_to(hc, frame, frame),
        round_up_to(hc, frame, line0),
    };
    /* the 50 Hz event: the first k with k x cycles a second / 50 at or after cycle + 1 */
    uint64_t k = ((cycle + 1) * MAME_SLICE_TICKS_PER_SECOND + m->cycle_hc_den - 1) / m->cycle_hc_den;
    uint64_t next = k * m->cycle_hc_den / MAME_SLICE_TICKS_PER_SECOND;
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++) {
        uint64_t at = cycle_seeing(m, events[i]);
        if (at < next)
            next = at;
    }
    return next;
}

/* At an instruction boundary: a new slice begins here if its start is due. */
static void mame_slice_boundary(o2_machine *m)
{
    if (m->cpu.s.cycles < m->next_slice)
        return;
    m->slice_start = m->cpu.s.cycles;
    m->next_slice = mame_next_slice(m, m->cpu.s.cycles);
}

/* The current cycle begins a slice (power on, a loaded state); none in the hardware model. */
static void mame_slice_restart(o2_machine *m)
{
    m->slice_start = m->cpu.s.cycles;
    m->next_slice = m->vdc.model == VDC_MODEL_MAME ? mame_next_slice(m, m->cpu.s.cycles) : UINT64_MAX;
}

/* T1 (HBLANK | VBLANK) changes twice a line, but matters to the CPU only when the event counter
 * runs, STRT CNT starts it (read_t1) or JT1/JNT1 test it (test_pin). Outside counter mode the run loop stops only where /INT
 * may rise, and s.t1 is brought up to date on demand. */
static int counting_t1(const o2_machine *m)
{
    return m->cpu.s.timer_mode == O2_TIMER_COUNTER;
}

/* Where MAME's counter places the start of cycle c against T1's edges: to the nearest
 * half-clock (an edge 0.002 half-clock after a cycle's start counts in that cycle:
 * test_counter_read in PAL, tests/conformance/DIFFERENCES.md). */
static uint64_t counter_cycle_hc(const o2_machine *m, uint64_t cycle)
{
    return (2 * cycle * m->cycle_hc_num + m->cycle_hc_den) / (2 * m->cycle_hc_den);
}

/* sync_pins in counter mode for the MAME model. MAME's counter sees a T1 edge in the first
 * machine cycle that starts at or after it, and the count (and its interrupt) from the end of
 * that cycle: at boundary c, edges up to the start of cycle c - 1 have counted. The hardware
 * model counts an edge at the boundary of the cycle it falls in, as /INT is seen in both
 * (tests/conformance/DIFFERENCES.md). The VDC still goes to the horizon for /INT; an edge it
 * passes beyond the count's reach waits in late_t1_hc, and the next boundary syncs. */
static void sync_pins_counting_late(o2_machine *m)
{
    uint64_t horizon = machine_horizon(m), event;
    uint64_t counted_to = m->cpu.s.cycles ? counter_cycle_hc(m, m->cpu.s.cycles - 1) : 0;
    if (m->late_t1_hc) {
        if (m->late_t1_hc > counted_to) {
            vdc_catch_up(&m->vdc, horizon);
            m->next_event_hc = horizon + 1;
            m->cpu.s.int_pin = (uint8_t)vdc_irq(&m->vdc);
            return;
        }
        cpu8048_set_t1(&m->cpu, vdc_t1(&m->vdc));
        m->late_t1_hc = 0;
    }
    while ((event = vdc_next_event(&m->vdc)) <= counted_to) {
        vdc_catch_up(&m->vdc, event);
        cpu8048_set_t1(&m->cpu, vdc_t1(&m->vdc));
    }
    if (event <= horizon) {
        vdc_catch_up(&m->vdc, event);
        if (vdc_t1(&m->vdc) != m->cpu.s.t1)
            m->late_t1_hc = event;
    }
    vdc_catch_up(&m->vdc, horizon);
    m->cpu.s.int_pin = (uint8_t)vdc_irq(&m->vdc);
    m->next_event_hc = m->late_t1_hc ? horizon + 1 : vdc_next_event(&m->vdc);
}

/* Brings the VDC up to the end of the current cycle (machine_horizon), in counter mode through
 * every T1 edge, counting each, and samples /INT and T1 for the instruction that starts now. */
static void sync_pins(o2_machine *m)
{
    uint64_t horizon = machine_horizon(m), event;
    if (counting_t1(m) && m->vdc.model == VDC_MODEL_MAME) {
        sync_pins_counting_late(m);
        return;
    }
    if (counting_t1(m)) {
        while ((event = vdc_next_event(&m->vdc)) <= horizon) {
            vdc_catch_up(&m->vdc, event);
            cpu8048_set_t1(&m->cpu, vdc_t1(&m->vdc));
        }
    } else {
        vdc_catch_up(&m->vdc, horizon);
        event = vdc_next_irq_event(&m->vdc);
    }
    m->cpu.s.int_pin = (uint8_t)vdc_irq(&m->vdc);
    cpu8048_set_t1(&m->cpu, vdc_t1(&m->vdc));   /* the level since the last event */
    m->next_event_hc = event;
}

static void vdc_catch_up_counting(o2_machine *m, uint64_t hc);

/* The bus's read_t1: outside counter mode the VDC is brought to the boundary asked for (no edge
 * counts there, and none of /INT's events lies before the end of the run loop's chunk). The
 * next chunk re-plans its stop, since STRT CNT then starts counting edges. */
static int read_t1(void *ctx, uint64_t cycle)
{
    o2_machine *m = ctx;
    /* MAME's counter has counted an edge by the end of the first cycle starting at or after it;
     * the interrupt sees that a boundary later, MOV A,T and JTF in that very cycle
     * (test_counter_read, tests/conformance/DIFFERENCES.md). */
    if (counting_t1(m) && m->vdc.model == VDC_MODEL_MAME) {
        /* JTF asks for its second cycle, beyond the boundary's sync: an edge at that cycle's
         * start (to the nearest half-clock) counts there too (random program 997017). */
        vdc_catch_up_counting(m, counter_cycle_hc(m, cycle));
        m->next_event_hc = 0;
        cpu8048_yield(&m->cpu);
        if (m->late_t1_hc && m->late_t1_hc <= counter_cycle_hc(m, cycle)) {
            cpu8048_set_t1(&m->cpu, vdc_t1(&m->vdc));
            m->late_t1_hc = 0;
        }
    }
    if (!counting_t1(m)) {
        /* STRT CNT's starting level: MAME's includes an edge right at the next cycle's start
         * (test_counter_modes, tests/conformance/DIFFERENCES.md). */
        vdc_catch_up(&m->vdc, m->vdc.model == VDC_MODEL_MAME ? counter_cycle_hc(m, cycle + 1)
                                                              : machine_cycle_horizon(m, cycle));
        m->cpu.s.t1 = (uint8_t)vdc_t1(&m->vdc);
        m->next_event_hc = 0;
        m->late_t1_hc = 0;      /* an edge after STRT T or STOP TCNT ended the count */
    }
    return m->cpu.s.t1;
}

/* Brings the VDC to hc for a bus access inside an instruction (a MOVX, a P17 change). In counter
 * mode every T1 edge passed on the way still counts: the hardware model counts it now (it falls
 * in the next cycle, whose boundary would count it before anything reads the count), the MAME
 * model keeps it in late_t1_hc for the next boundary. Without this, a program polling a VDC
 * register would lose the edges (test_counter_poll, tests/conformance/DIFFERENCES.md). */
static void vdc_catch_up_counting(o2_machine *m, uint64_t hc)
{
    uint64_t event;
    while (counting_t1(m) && (event = vdc_next_event(&m->vdc)) <= hc) {
        vdc_catch_up(&m->vdc, event);
        if (m->vdc.model != VDC_MODEL_MAME)
            cpu8048_set_t1(&m->cpu, vdc_t1(&m->vdc));
        else if (!m->late_t1_hc && vdc_t1(&m->vdc) != m->cpu.s.t1)
            m->late_t1_hc = event;
    }
    vdc_catch_up(&m->vdc, hc);
}

/* sync_pins, and the picture and sound drawn to the end of the current cycle: what a caller
 * sees between runs (a frame is complete once the CPU reaches its last cycle). */
static void sync_vdc(o2_machine *m)
{
    sync_pins(m);
    vdc_catch_up(&m->vdc, machine_horizon(m));
}

/* A VDC access may change /INT or the next event: then end the CPU's chunk after this
 * instruction. Most writes (a BIOS clearing the VDC writes hundreds a frame) change neither, and
 * the chunk goes on: /INT as sampled stands, and its next rise is no earlier than the one the run
 * loop plans to sync at (a chunk may end before it, at a MAME timeslice: mame_next_slice). In counter mode every
 * T1 edge matters: the chunk always ends. */
static void vdc_accessed(o2_machine *m)
{
    if (!counting_t1(m) && (uint8_t)vdc_irq(&m->vdc) == m->cpu.s.int_pin
        && vdc_next_irq_event(&m->vdc) >= m->next_event_hc)
        return;
    m->next_event_hc = 0;
    cpu8048_yield(&m->cpu);
}

/* ---- the bus, as the CPU sees it ---- */

static void call_bus_hook(o2_machine *m, int access, uint8_t addr, uint8_t value, int chips)
{
    m->bus_hook(m, access, addr, value, chips);
    if (m->stop != O2_STOP_DONE)
        cpu8048_yield(&m->cpu);
}

/* A status read in the MAME model. MAME latches VBLANK and the sound service request (status
 * bits 3 and 2, with /INT) in scheduler events, which run between its timeslices: at the first
 * instruction boundary at or after the event's cycle (mame_next_slice). A read by an instruction
 * that began before that cycle does not see the bit, even where the read lands after the event
 * (the event falls in the MOVX's last cycle); the bit is set after it, /INT with it. Corpus
 * cartridge test_status_event, tests/conformance/DIFFERENCES.md. */
static uint8_t read_status_mame(o2_machine *m, uint8_t addr)
{
    const uint8_t latched = VDC_STATUS_VBLANK | VDC_STATUS_SOUND;
    vdc_catch_up_counting(m, machine_cycle_horizon(m, m->cpu.s.cycles - 1));
    uint8_t seen = m->vdc.status & latched;
    vdc_catch_up_counting(m, machine_access_hc(m));
    return vdc_read_status_unseen(&m->vdc, addr, (uint8_t)(m->vdc.status & latched & ~seen));
}

static uint8_t read_ext(void *ctx, uint8_t addr)
{
    o2_machine *m = ctx;
    uint8_t p1 = m->cpu.s.p1, value = BUS_FLOATING;
    int chips = 0;                    /* which answered, for the debugger's bus hook */
    if (!(p1 & P1_XRAM_OFF) && addr < MACHINE_XRAM_SIZE) {
        value &= m->xram[addr];
        chips |= MACHINE_BUS_XRAM;
    }
    if (!(p1 & P1_VDC_OFF) && !(p1 & P1_COPY_MODE)) {
        if (m->vdc.model == VDC_MODEL_MAME && vdc_canonical(addr) == VDC_REG_STATUS) {
            value &= read_status_mame(m, addr);
            m->next_slice = 0;        /* MAME ends its timeslice after a status read */
            m->next_event_hc = 0;
            cpu8048_yield(&m->cpu);
        } else {
            vdc_catch_up_counting(m, machine_access_hc(m));
            value &= vdc_read(&m->vdc, addr);
            vdc_accessed(m);
        }
        chips |= MACHINE_BUS_VDC;
    }
    if (m->bus_hook)
        call_bus_hook(m, MACHINE_ACCESS_READ, addr, value, chips);
    return value;
}


/* The chips a write reaches, for the debugger's bus hook: P1 as it was at the write. */
static int write_chips(uint8_t p1, uint8_t addr)
{
    int chips = 0;
    if (!(p1 & P1_XRAM_OFF) && !(p1 & P1_COPY_MODE) && addr < MACHINE_XRAM_SIZE)
        chips |= MACHINE_BUS_XRAM;
    if (!(p1 & P1_VDC_OFF))
        chips |= MACHINE_BUS_VDC;
    return chips;
}

static __attribute__((noinline)) void write_hooked(o2_machine *m, uint8_t p1, uint8_t addr, uint8_t value)
{
    call_bus_hook(m, MACHINE_ACCESS_WRITE, addr, value, write_chips(p1, addr));
}

/* Where a write to the sound registers (A7-AA) meets the sound clock. MAME clocks the sound in
 * its HBLANK event (half-clock 366), after the timeslice that ends at the first instruction
 * boundary at or after that event's cycle (mame_next_slice): a write whose instruction began
 * before that cycle comes first, i.e. one whose last cycle starts at or before the event. So
 * the VDC takes it at the last half-clock of the instruction's first cycle (PAL: random programs
 * and MAME's WAV of writes swept over the clock; NTSC: random programs 940004, 940037, 940038,
 * test_random.py::test_sound_register_rewritten_every_few_lines_matches_mame;
 * tests/conformance/DIFFERENCES.md). */
static uint64_t before_hblank_event_hc(const o2_machine *m)
{
    return machine_cycle_horizon(m, m->cpu.s.cycles - 1);
}

/* Where a VDC write lands: A7-AA in the MAME model before the HBLANK event (above), every other
 * write at the end of its instruction. */
static uint64_t write_hc(const o2_machine *m, uint8_t addr)
{
    uint8_t a = vdc_canonical(addr);
    if (m->vdc.model == VDC_MODEL_MAME && a >= SOUND_REG_SHIFT_HIGH && a <= SOUND_REG_CONTROL)
        return before_hblank_event_hc(m);
    return machine_access_hc(m);
}

/* Where a picture change (a VDC write, P17) lands. MAME applies a change made by an instruction
 * that began before the cycle in which line 0 starts when line 0 starts: it shows from column 0
 * (NTSC: changes landing at columns 0-19 and some at 20; test_line0_change, test_slice_drift,
 * tests/conformance/DIFFERENCES.md). */
static uint64_t picture_change_hc(const o2_machine *m, uint64_t hc)
{
    uint64_t frame = m->hc_per_frame, line0 = (uint64_t)(m->vdc.lines - VDC_FRAME_START_LINE) * m->vdc.line_hc;
    uint64_t line0_start = hc - hc % frame + line0;
    if (m->vdc.model == VDC_MODEL_MAME && hc > line0_start && hc < line0_start + m->vdc.line_hc
        && m->cpu.s.cycles + 1 <= cycle_seeing(m, line0_start) + 1)
        return line0_start;
    return hc;
}

/* A VDC write that does something: the VDC is brought up to it first; then the hook. Where
 * MAME shows the change from line 0's start (picture_change_hc), it still latches the beam
 * where the write lands (an A0 write clearing the strobe: test_line0_latch, random program
 * 995014, tests/conformance/DIFFERENCES.md). */
static __attribute__((noinline)) void write_vdc(o2_machine *m, uint8_t p1, uint8_t addr, uint8_t value)
{
    const uint64_t lands = write_hc(m, addr), picture = picture_change_hc(m, lands);
    const uint8_t a = vdc_canonical(addr), control = m->vdc.reg[VDC_REG_CONTROL];
    const int latches = picture != lands && vdc_latches_beam(&m->vdc, a, value);
    /* A0's sound interrupt enable meets MAME's HBLANK event (the service request) as a write to
     * A7-AA does (write_hc); the rest of A0 lands with the write (random program 995014). */
    if (m->vdc.model == VDC_MODEL_MAME && a == VDC_REG_CONTROL && ((value ^ control) & VDC_CTRL_SOUND_IRQ)
        && before_hblank_event_hc(m) < picture) {
        vdc_catch_up_counting(m, before_hblank_event_hc(m));
        vdc_write(&m->vdc, addr, (uint8_t)((control & ~VDC_CTRL_SOUND_IRQ) | (value & VDC_CTRL_SOUND_IRQ)));
    }
    vdc_catch_up_counting(m, picture);
    vdc_write(&m->vdc, addr, value);
    if (latches) {
        vdc_catch_up_counting(m, lands);
        vdc_latch_beam(&m->vdc);
    }
    vdc_accessed(m);
    if (m->bus_hook)
        write_hooked(m, p1, addr, value);
}

/* A MOVX store with P1 as `p1`; returns whether the VDC was written. Every call here is a last
 * one (out of line), so that a store that changes nothing (hundreds a frame from a BIOS clearing
 * the VDC) costs no saving and restoring of registers. Inlined into both of the CPU's ways to
 * store (write_ext, fill_ext). */
static inline __attribute__((always_inline)) int store_ext(o2_machine *m, uint8_t p1, uint8_t addr, uint8_t value)
{
    if (write_chips(p1, addr) & MACHINE_BUS_XRAM)
        m->xram[addr] = value;
    /* A write that changes nothing (a BIOS clearing registers that are already clear) leaves
     * the VDC where it is: it catches up later, at the next access or pin sync, drawing the
     * same. In counter mode every access syncs, for the T1 edges it passes. */
    if (!(p1 & P1_VDC_OFF) && (counting_t1(m) || vdc_write_matters(&m->vdc, addr, value))) {
        /* An object's register while objects are off: stored where the VDC is, no pixel shows it. */
        if (!counting_t1(m) && vdc_store_unseen(&m->vdc, addr, value)) {
            if (m->bus_hook)
                write_hooked(m, p1, addr, value);
        } else {
            write_vdc(m, p1, addr, value);
        }
        return 1;
    }
    if (m->bus_hook)
        write_hooked(m, p1, addr, value);
    return 0;
}

static void write_ext(void *ctx, uint8_t addr, uint8_t value)
{
    o2_machine *m = ctx;
    store_ext(m, m->cpu.s.p1, addr, value);
}

/* cpu8048_bus.fill_ext: a BIOS's block-filling loop, its stores made here one after another
 * (write_ext, each at its cycle) without a return to the CPU between them. With a bus hook the
 * CPU makes them itself, its registers current at each. */
static unsigned fill_ext(void *ctx, uint8_t addr, int step, unsigned n, uint8_t value, uint64_t cycle,
                         unsigned period)
{
    o2_machine *m = ctx;
    if (m->bus_hook)
        return 0;
    const uint64_t until = m->cpu.run_until;
    const uint8_t p1 = m->cpu.s.p1;                  /* no store changes it */
    for (unsigned k = 0; k < n; k++) {
        m->cpu.s.cycles = cycle + (uint64_t)k * period;
        if (store_ext(m, p1, (uint8_t)(addr + step * (int)k), value) && m->cpu.run_until != until)
            return k + 1;                            /* only a VDC write ends the run */
    }
    return n;
}

static int decoder_row(const o2_machine *m)
{
    if (m->cpu.s.p1 & P1_KEYBOARD_OFF)
        return -1;
    return m->cpu.s.p2 & P2_ROW_MASK;
}

static uint8_t keyboard_lines(const o2_machine *m)
{
    int row = decoder_row(m);
    if (row < 0 || row >= MACHINE_KEY_ROWS || m->keys[row] == 0)
        return 0xFF;
    int column = 7;
    while (!(m->keys[row] & (1u << column)))
        column--;
    return (uint8_t)(((7 - column) << P2_KEY_COLUMN_SHIFT) | P2_UNDRIVEN_BITS);
}

static uint8_t read_port(void *ctx, int port)
{
    o2_machine *m = ctx;
    switch (port) {
    case CPU8048_PORT_P1:
        return m->cpu.s.p1;
    case CPU8048_PORT_P2:
        return m->cpu.s.p2 & keyboard_lines(m);
    default: {
        int row = decoder_row(m);
        if (row >= 0 && row < MACHINE_JOYSTICKS)
            return (uint8_t)~m->joysticks[row];
        return BUS_FLOATING;
    }
    }
}

static void set_p17(o2_machine *m, uint8_t p1, uint64_t hc)
{
    uint8_t level = (p1 & P1_LUMINANCE) != 0;
    if (level == m->p17)
        return;
    m->p17 = level;
    note_p1_applied(m);
    vdc_catch_up_counting(m, hc);
    vdc_set_p17(&m->vdc, level);
}

static void write_port(void *ctx, int port, uint8_t value)
{
    o2_machine *m = ctx;
    if (port != CPU8048_PORT_P1)
        return;               /* P2 and BUS outputs are read back live by the decoder */
    if ((value ^ m->mapped_p1) & CART_P1_BANK_BITS)     /* most P1 writes switch chips only */
        map_cartridge(m);
    /* The port changes in the instruction's last cycle (machine.h); MAME's VDC sees P17 where it
     * sees a MOVX, at the end of the instruction: test_p17, tests/conformance/DIFFERENCES.md. */
    set_p17(m, value, m->vdc.model == VDC_MODEL_MAME ? picture_change_hc(m, machine_access_hc(m)) : machine_hc(m));
}

/* JT1, JNT1 and JNI (corpus test_pin_tests, tests/conformance/DIFFERENCES.md). T1 at the end of
 * the instruction, where a MOVX would read the VDC there (MAME; the documentation is silent).
 * /INT as sampled at the instruction's start; in the MAME model a JNI after which the interrupt
 * is taken always jumps: there it sees /INT as the interrupt logic does at the JNI's end. */
static int test_pin(void *ctx, int pin)
{
    o2_machine *m = ctx;
    const o2_cpu_state *s = &m->cpu.s;
    if (pin == CPU8048_PIN_T1) {
        vdc_catch_up_counting(m, machine_access_hc(m));
        vdc_accessed(m);
        return vdc_t1(&m->vdc);
    }
    if (m->vdc.model != VDC_MODEL_MAME || !s->xirq_enabled || s->in_irq)
        return s->int_pin;
    vdc_catch_up_counting(m, machine_cycle_horizon(m, s->cycles + 1));
    vdc_accessed(m);
    return vdc_irq(&m->vdc);
}

static void counter_switched(void *ctx);

static const cpu8048_bus machine_bus = {
    .read_ext = read_ext, .write_ext = write_ext, .read_port = read_port, .write_port = write_port,
    .read_t1 = read_t1, .test_pin = test_pin, .fill_ext = fill_ext, .counter_switched = counter_switched,
    /* With the VDC off, the RAM on and copy mode off, a MOVX reaches the RAM alone. */
    .ram_size = MACHINE_XRAM_SIZE, .ram_p1_mask = P1_VDC_OFF | P1_XRAM_OFF | P1_COPY_MODE,
    .ram_p1_value = P1_VDC_OFF, .ram_floating = BUS_FLOATING,
    /* With the VDC on and the RAM off, a MOVX write reaches the VDC alone. */
    .quiet_p1_mask = P1_VDC_OFF | P1_XRAM_OFF, .quiet_p1_value = P1_XRAM_OFF,
    /* write_port acts on P1's bank bits and P17 alone. */
    .port_listen = { [CPU8048_PORT_P1] = CART_P1_BANK_BITS | P1_LUMINANCE },
};

/* The writes the CPU may leave out (cpu8048_bus.quiet: a register's own value again, where that
 * changes nothing): none while the debugger watches the bus, or the event counter runs (every
 * access then syncs the VDC for the T1 edges it passes). Set where either changes: the bus hook
 * (machine_set_bus_hook), the counter (counter_switched, a reset, a loaded state); and before
 * each run and step, for a mode written through o2_cpu. Not before each chunk of a run. */
static void show_quiet_writes(o2_machine *m)
{
    m->cpu.bus.quiet = m->bus_hook || counting_t1(m) ? NULL : m->quiet_writes;
}

static void counter_switched(void *ctx)
{
    show_quiet_writes(ctx);
}

/* The RAM as cpu8048_bus.ram: not while the debugger watches the bus. */
static void show_plain_ram(o2_machine *m)
{
    m->cpu.bus.ram = m->bus_hook ? NULL : m->xram;
    show_quiet_writes(m);
}

void machine_set_bus_hook(o2_machine *m, machine_bus_hook hook)
{
    m->bus_hook = hook;
    show_plain_ram(m);
}

const uint8_t *o2_quiet_writes(const o2_machine *m)
{
    return m->cpu.bus.quiet;
}

/* ---- construction and loading ---- */

/* Half-clocks per CPU cycle for the region and model (machine.h). MAME clocks its 8048 at
 * 357955 cycles a second against the VDC's 7159090 half-clocks, not 7159090 / 20 = 357954.5:
 * its CPU gains about 0.175 half-clock a frame on the beam (the oracle's trace VPOS/HPOS), which
 * moves its interrupts and frame ends by a cycle now and then. Its PAL machine likewise runs
 * 394100 cycles against 7093790 half-clocks (not 18 a cycle: the trace's beam falls a
 * half-clock behind 18 per cycle at cycles 19708 and 59123, one per 39410 cycles). */
static void set_cycle_length(o2_machine *m)
{
    m->cycle_hc_den = 1;
    m->cycle_as = m->slice_cycle_as = m->hc_as = 0;
    if (m->vdc.model == VDC_MODEL_MAME) {
        int pal = m->region == O2_REGION_PAL;
        m->cycle_hc_num = pal ? MAME_PAL_HC_PER_SECOND : MAME_NTSC_HC_PER_SECOND;
        m->cycle_hc_den = pal ? MAME_PAL_CYCLES_PER_SECOND : MAME_NTSC_CYCLES_PER_SECOND;
        /* A cycle between slices and inside one, and a half-clock, in MAME's attoseconds. */
        m->cycle_as = ATTOSECONDS_PER_SECOND / m->cycle_hc_den;
        m->slice_cycle_as = MAME_CLOCKS_PER_CYCLE
                            * (ATTOSECONDS_PER_SECOND / (pal ? MAME_PAL_CPU_CLOCK : MAME_NTSC_CPU_CLOCK));
        m->hc_as = ATTOSECONDS_PER_SECOND / m->cycle_hc_num;
    } else {
        m->cycle_hc_num = m->region == O2_REGION_PAL ? PAL_HC_PER_CYCLE : NTSC_HC_PER_CYCLE;
    }
}

static void connect_cpu(o2_machine *m)
{
    cpu8048_bus bus = machine_bus;
    bus.ctx = m;
    bus.held = m->vdc.reg;
    for (int port = 0; port < 3; port++)
        bus.port_applied[port] = &m->p1_applied;    /* P2 and BUS: no bit listened to */
    cpu8048_init(&m->cpu, &bus);
    m->cpu.skip_idle = m->skip_idle;
    map_cartridge(m);
    show_plain_ram(m);
}

o2_machine *o2_new(int region)
{
    o2_machine *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->region = region == O2_REGION_PAL ? O2_REGION_PAL : O2_REGION_NTSC;
    m->skip_idle = 1;
    m->hc_per_frame = m->region == O2_REGION_PAL ? O2_LINE_HC_PAL * O2_LINES_PAL
                                                 : O2_LINE_HC_NTSC * O2_LINES_NTSC;
    memset(m->bios, BUS_FLOATING, sizeof m->bios);
    cart_load(&m->cart, NULL, 0);
    vdc_init(&m->vdc, m->region == O2_REGION_PAL ? VDC_REGION_PAL : VDC_REGION_NTSC);
    vdc_quiet_rewrites(m->quiet_writes);
    set_cycle_length(m);
    o2_power_on(m);
    return m;
}

void o2_free(o2_machine *m)
{
    free(m);
}

int o2_load_bios(o2_machine *m, const uint8_t *data, size_t len)
{
    if (len != MACHINE_BIOS_SIZE)
        return O2_ERR_SIZE;
    memcpy(m->bios, data, len);
    cpu8048_program_changed(&m->cpu);
    return O2_OK;
}

int o2_load_charset(o2_machine *m, const uint8_t *data, size_t len)
{
    if (len != MACHINE_CHARSET_SIZE)
        return O2_ERR_SIZE;
    memcpy(m->charset, data, len);
    vdc_set_charset(&m->vdc, m->charset);
    return O2_OK;
}

int o2_load_cart(o2_machine *m, const uint8_t *data, size_t len)
{
    if (cart_load(&m->cart, data, len) != 0)
        return O2_ERR_SIZE;
    cpu8048_program_changed(&m->cpu);
    map_cartridge(m);
    return O2_OK;
}

/* P1 is 0xFF after a CPU reset: the last bank, and P17 high. */
static void cpu_reset_keeping_time(o2_machine *m)
{
    uint64_t cycles = m->cpu.s.cycles;
    cpu8048_reset(&m->cpu);
    m->cpu.s.cycles = cycles;
    show_quiet_writes(m);             /* the counter stopped */
    map_cartridge(m);
    set_p17(m, m->cpu.s.p1, machine_hc(m));
    sync_vdc(m);
}

void o2_power_on(o2_machine *m)
{
    connect_cpu(m);
    vdc_reset(&m->vdc);
    vdc_set_charset(&m->vdc, m->charset);
    m->p17 = 0;
    note_p1_applied(m);
    vdc_set_p17(&m->vdc, 0);
    memset(m->xram, 0, sizeof m->xram);
    m->late_t1_hc = 0;
    m->stop = O2_STOP_DONE;
    cpu_reset_keeping_time(m);
    mame_slice_restart(m);
}

void o2_reset(o2_machine *m)
{
    vdc_catch_up(&m->vdc, machine_hc(m));
    cpu_reset_keeping_time(m);
}

/* The 8048 takes its reset state while the pin is held (ports high: the last bank is mapped at
 * once) and starts at 0x000 when it is let go (MCS-48 manual, RESET). MAME instead leaves the
 * CPU as it was while the line is held and resets it on release, restarting its cycle count. */
void o2_set_reset(o2_machine *m, int held)
{
    int at_press = m->vdc.model == VDC_MODEL_HARDWARE;   /* the MAME model resets at release */
    if (held && !m->reset_held && at_press)
        o2_reset(m);
    if (!held && m->reset_held && !at_press)
        o2_reset(m);
    m->reset_held = held != 0;
}

/* The model sets the length of a cycle, and time cannot be re-mapped mid-run: power on. */
void o2_set_model(o2_machine *m, int model)
{
    vdc_set_model(&m->vdc, model == O2_MODEL_MAME ? VDC_MODEL_MAME : VDC_MODEL_HARDWARE);
    set_cycle_length(m);
    o2_power_on(m);
}

void o2_set_skip_idle(o2_machine *m, int on)
{
    m->skip_idle = on ? 1 : 0;
    m->cpu.skip_idle = m->skip_idle;
}

int o2_model(const o2_machine *m)
{
    return m->vdc.model == VDC_MODEL_MAME ? O2_MODEL_MAME : O2_MODEL_HARDWARE;
}

/* ---- running ---- */

/* One instruction (or interrupt entry), the VDC brought up to its end. */
static int step_one(o2_machine *m)
{
    uint64_t before = m->cpu.s.cycles;
    show_plain_ram(m);
    mame_slice_boundary(m);
    if (m->reset_held)
        m->cpu.s.cycles++;            /* the clock runs while the CPU is held in reset */
    else
        cpu8048_step(&m->cpu);
    sync_vdc(m);
    return (int)(m->cpu.s.cycles - before);
}

int o2_step(o2_machine *m)
{
    m->stop = O2_STOP_DONE;
    return step_one(m);
}

static int breakpoint_here(const o2_machine *m)
{
    return m->breakpoints && m->breakpoints[m->cpu.s.pc & PROG_ADDR_MASK];
}

/* Runs until cycles >= until. The first instruction is never stopped by a breakpoint, so that a
 * debugger can resume from one. */
static int run_until(o2_machine *m, uint64_t until)
{
    m->stop = O2_STOP_DONE;
    show_plain_ram(m);
    if (m->cpu.s.cycles < until && m->breakpoints)
        step_one(m);                  /* resume past a breakpoint at the current PC */
    while (m->cpu.s.cycles < until && m->stop == O2_STOP_DONE) {
        if (m->cpu.s.cycles >= cycle_seeing(m, m->next_event_hc))
            sync_pins(m);
        mame_slice_boundary(m);
        uint64_t chunk_end = cycle_seeing(m, m->next_event_hc);
        if (chunk_end > m->next_slice)
            chunk_end = m->next_slice;
        if (chunk_end > until)
            chunk_end = until;
        if (m->reset_held) {
            m->cpu.s.cycles = chunk_end;
        } else if (m->breakpoints) {
            cpu8048_run_to_break(&m->cpu, chunk_end, m->breakpoints);
            if (m->cpu.s.cycles < m->cpu.run_until) {        /* neither the end nor a yield */
                m->stop = O2_STOP_BREAKPOINT;
                break;
            }
        } else {
            cpu8048_run(&m->cpu, chunk_end);
        }
    }
    sync_vdc(m);
    return m->stop;
}

int o2_run_cycles(o2_machine *m, uint64_t cycles)
{
    return run_until(m, m->cpu.s.cycles + cycles);
}

int o2_run_frames(o2_machine *m, uint32_t frames)
{
    return run_until(m, o2_frame_start_cycle(m, o2_frame(m) + frames));
}

/* The trace entry of the instruction about to run (also used by the debugger's `trace on`). */
void machine_trace_entry(const o2_machine *m, o2_trace_entry *e)
{
    const o2_cpu_state *s = &m->cpu.s;
    e->cycle = s->cycles;
    e->pc = s->pc;
    e->op = m->cpu.prog[(s->pc & PROG_ADDR_MASK) / MACHINE_PROG_WINDOW][s->pc % MACHINE_PROG_WINDOW];
    e->a = s->a;
    e->psw = s->psw;
    e->t = s->timer;
    memcpy(e->r, &s->ram[(s->psw & PSW_BANK_SELECT) ? REGISTER_BANK1 : 0], sizeof e->r);
}

size_t o2_trace_run(o2_machine *m, o2_trace_entry *out, size_t n)
{
    size_t done = 0;
    m->stop = O2_STOP_DONE;
    while (done < n && !m->reset_held) {
        o2_cpu_state *s = &m->cpu.s;
        if (done > 0 && breakpoint_here(m)) {
            m->stop = O2_STOP_BREAKPOINT;
            break;
        }
        machine_trace_entry(m, &out[done]);
        uint8_t was_in_irq = s->in_irq;
        step_one(m);
        if (!(s->in_irq && !was_in_irq))
            done++;                   /* an interrupt entry has no entry of its own */
        if (m->stop != O2_STOP_DONE)
            break;
    }
    return done;
}

/* ---- views and inputs ---- */

uint64_t o2_cycles(const o2_machine *m) { return m->cpu.s.cycles; }
uint64_t o2_hc(const o2_machine *m) { return machine_hc(m); }
uint64_t o2_frame(const o2_machine *m)   /* frames k with o2_frame_start_cycle(k) <= cycles */
{
    uint64_t frame_den = m->hc_per_frame * m->cycle_hc_den;
    return ((m->cpu.s.cycles + 1) * m->cycle_hc_num + frame_den - 1) / frame_den - 1;
}
o2_cpu_state *o2_cpu(o2_machine *m) { return &m->cpu.s; }
uint8_t *o2_xram(o2_machine *m) { return m->xram; }
uint8_t o2_vdc_peek(const o2_machine *m, uint8_t reg) { return vdc_peek(&m->vdc, reg); }
const uint8_t *o2_vdc_registers(const o2_machine *m) { return m->vdc.reg; }
uint8_t *o2_screen(o2_machine *m) { return &m->vdc.screen[0][0][0]; }
uint8_t *o2_screen_redrawn(o2_machine *m) { return m->vdc.screen_redrawn; }
const uint16_t *o2_screen_spans(const o2_machine *m) { return &m->vdc.screen_span[0][0]; }

/* Screen lines first to end-1 that are flagged as redrawn into out (their redrawn spans), their flags cleared (the
 * flags of FLAG_BLOCK lines tested at once: a front end reads every frame, and most lines stay
 * as they were). Returns the lines copied. */
enum { FLAG_BLOCK = 4 * sizeof(uint64_t) };

static int copy_redrawn(o2_machine *m, uint8_t *out, size_t first, size_t end)
{
    uint64_t words[FLAG_BLOCK / sizeof(uint64_t)] = { 0 };
    uint8_t *flags = m->vdc.screen_redrawn;
    memcpy(words, flags + first, end - first);
    if (!(words[0] | words[1] | words[2] | words[3]))
        return 0;
    int copied = 0;
    for (size_t y = first; y < end; y++) {
        if (!flags[y])
            continue;
        flags[y] = 0;
        const uint16_t *span = m->vdc.screen_span[y];   /* the rest is as last copied */
        memcpy(out + y * sizeof m->vdc.screen[0] + 3 * span[0], m->vdc.screen[y][span[0]], 3 * (size_t)(span[1] - span[0]));
        copied++;
    }
    return copied;
}

int o2_read_screen(o2_machine *m, void *out, int redrawn_only)
{
    if (!redrawn_only) {
        memcpy(out, m->vdc.screen, sizeof m->vdc.screen);
        return O2_SCREEN_H;
    }
    const size_t whole = O2_SCREEN_H / FLAG_BLOCK * FLAG_BLOCK;
    int copied = 0;
    for (size_t y = 0; y < whole; y += FLAG_BLOCK)
        copied += copy_redrawn(m, out, y, y + FLAG_BLOCK);
    return copied + copy_redrawn(m, out, whole, O2_SCREEN_H);
}
const int16_t *o2_audio(o2_machine *m, const uint32_t **count) { return sound_last_frame(&m->vdc.sound, count); }

uint32_t o2_read_audio(o2_machine *m, void *out)
{
    const uint32_t *count;
    const int16_t *samples = sound_last_frame(&m->vdc.sound, &count);
    memcpy(out, samples, *count * sizeof *samples);
    return *count;
}
uint32_t o2_step_frame(o2_machine *m, void *audio_out, void *screen_out)
{
    o2_run_frames(m, 1);
    if (screen_out)
        o2_read_screen(m, screen_out, 1);
    return audio_out ? o2_read_audio(m, audio_out) : 0;
}
void o2_set_sample_rate(o2_machine *m, uint32_t rate) { sound_set_rate(&m->vdc.sound, rate); }
void o2_set_breakpoints(o2_machine *m, const uint8_t *flags) { m->breakpoints = flags; }

void o2_set_key(o2_machine *m, int row, int column, int down)
{
    if (row < 0 || row >= MACHINE_KEY_ROWS || column < 0 || column > 7)
        return;
    if (down)
        m->keys[row] |= (uint8_t)(1u << column);
    else
        m->keys[row] &= (uint8_t)~(1u << column);
}

void o2_set_joystick(o2_machine *m, int n, uint8_t bits)
{
    if (n >= 0 && n < MACHINE_JOYSTICKS)
        m->joysticks[n] = bits & (JOY_UP | JOY_RIGHT | JOY_DOWN | JOY_LEFT | JOY_FIRE);
}

/* ---- save states (state.c writes the header and calls the chips) ---- */

void machine_state(o2_machine *m, o2_stream *st)
{
    st_bytes(st, m->xram, sizeof m->xram);
    st_bytes(st, m->keys, sizeof m->keys);
    st_bytes(st, m->joysticks, sizeof m->joysticks);
    st_u8(st, &m->reset_held);
    st_u64(st, &m->late_t1_hc);
    if (st->version >= STATE_VERSION_SLICE) {
        st_u64(st, &m->slice_start);
        st_u64(st, &m->next_slice);
    }
}

/* The cycles an instruction boundary may lie past a slice's end before the run loop starts the
 * next slice: an instruction, or an interrupt entry with the instruction at its vector. */
#define SLICE_OVERRUN_CYCLES 4

/* A loaded timeslice is one this machine could be in: begun at or before the CPU's cycle, no
 * longer than the events allow, and ending at the next event (or, after a status read, at the
 * next boundary: 0); none in the hardware model. */
static int slice_fits(const o2_machine *m)
{
    if (m->vdc.model != VDC_MODEL_MAME)
        return m->next_slice == UINT64_MAX;
    if (m->slice_start > m->cpu.s.cycles)
        return 0;
    uint64_t end = mame_next_slice(m, m->slice_start);
    return (m->next_slice == end || m->next_slice == 0) && m->cpu.s.cycles <= end + SLICE_OVERRUN_CYCLES;
}

int machine_after_load(o2_machine *m, uint32_t version)
{
    set_cycle_length(m);              /* the state's model */
    map_cartridge(m);
    m->p17 = (m->cpu.s.p1 & P1_LUMINANCE) != 0;
    note_p1_applied(m);
    m->next_event_hc = 0;             /* re-sampled before the next instruction */
    show_quiet_writes(m);             /* the state's counter */
    if (version < STATE_VERSION_SLICE)
        mame_slice_restart(m);        /* an older state has none: a new one begins here */
    return slice_fits(m) ? O2_OK : O2_ERR_STATE_CORRUPT;
}

uint64_t machine_setup_hash(const o2_machine *m)
{
    uint64_t h = FNV1A_OFFSET;
    h = fnv1a_bytes(h, m->bios, sizeof m->bios);
    h = fnv1a_bytes(h, m->charset, sizeof m->charset);
    h = fnv1a_bytes(h, m->cart.image, m->cart.size);
    h = fnv1a_word(h, (uint64_t)m->cart.size);
    return fnv1a_word(h, (uint64_t)m->region);
}

unsigned o2_char_address(uint8_t y, unsigned pointer)
{
    return vdc_char_address(y, pointer);
}

unsigned o2_char_height(uint8_t y, unsigned pointer)
{
    return vdc_char_height(vdc_char_address(y, pointer));
}
