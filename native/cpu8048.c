/*
 * cpu8048.c — Intel 8048 (MCS-48) CPU core, cycle-counted at machine-cycle resolution.
 *
 * Models the instruction set and on-chip resources of Intel's MCS-48 user's manual:
 *  - A, PSW (CY AC F0 BS, bit 3 reads 1, SP in bits 2-0), F1, two register banks in the 64-byte
 *    internal RAM, an 8-level stack at 0x08-0x17 holding PC and PSW bits 7-4;
 *  - a 12-bit PC whose increment wraps inside its 2 KiB half (bit 11 is never carried into);
 *    SEL MB0/MB1 sets a latch that becomes bit 11 only at JMP/CALL, and from interrupt entry
 *    until RETR JMP/CALL use bit 11 = 0;
 *  - the timer (÷32 prescaler, cleared by STRT T), the event counter (T1 falling edges), the
 *    timer flag and the timer interrupt; the level-sensitive /INT input, which wins over the
 *    timer; no interrupt nests until RETR;
 *  - BUS, P1 and P2 output latches, reached through the machine's cpu8048_bus callbacks.
 *
 * Program memory     prog[pc >> 10], four 1 KiB windows the machine maps (PC 0x000-0xFFF).
 * Internal RAM       s.ram[0x00-0x3F]: R0-R7 bank 0 at 0x00, stack 0x08-0x17, bank 1 at 0x18.
 * Stack entry        byte 0 = PC bits 7-0, byte 1 = PSW bits 7-4 | PC bits 11-8.
 *
 * Undefined opcodes (01 06 0B 22 33 38 3B 63 66 73 82 87 8B 9B A2 A6 B7 C0-C3 D6 E0-E2 F3)
 * execute as 1-cycle no-ops. ENT0 CLK is accepted and does nothing (no clock output modelled).
 *
 * No 8243 expander is fitted. MOVD/ANLD/ORLD still drive P20-P23 as the manual describes:
 * the write forms leave A's low nibble in the P2 latch's low nibble; MOVD A,Pp floats P20-P23
 * (latch low nibble = 1s) and reads the pins through read_port, so with nothing attached it
 * returns what the machine's P2 pins show in bits 3-0, with bits 7-4 of A cleared.
 *
 * Timing: each instruction's machine cycles elapse (and feed the prescaler) before its effect
 * lands, so STRT T's own cycle is not counted and a timer overflow during JTF is seen by that
 * JTF. Bus callbacks run at the start of the instruction's last cycle (see cpu8048.h).
 */
#include <limits.h>

#include "cpu8048.h"
#include "state.h"

#define PSW_CY  O2_PSW_CY   /* carry */
#define PSW_AC  O2_PSW_AC   /* auxiliary carry (out of bit 3), used by DA A */
#define PSW_F0  O2_PSW_F0   /* user flag 0 */
#define PSW_BS  O2_PSW_BS   /* register bank select */
#define PSW_ONE 0x08        /* unused bit, always reads 1 */
#define PSW_SP  O2_PSW_SP   /* stack pointer */

#define PC_MASK       0xFFF
#define PC_BANK_BIT   0x800   /* kept when the PC increments; set from MB at JMP/CALL */
#define PC_IN_BANK    0x7FF
#define PC_PAGE       0xF00
#define PROG_WINDOW   0x3FF   /* offset inside one 1 KiB window of prog[] */
#define MOVP3_PAGE    0x300

#define RAM_MASK      0x3F
#define BANK1_BASE    O2_RAM_BANK1
#define STACK_BASE    0x08

#define VECTOR_EXTERNAL 0x003
#define VECTOR_TIMER    0x007

#define PRESCALER_PERIOD 32
#define EXPANDER_LINES   0x0F   /* P20-P23, shared with the 8243 interface */

/* Machine cycles per opcode; undefined opcodes are 1-cycle no-ops. */
/* Hidden: the dispatch reads it directly, not through the shared object's address table. */
__attribute__((visibility("hidden"))) const uint8_t cpu8048_cycles[256] = {
    /* x0 x1 x2 x3 x4 x5 x6 x7 x8 x9 xA xB xC xD xE xF */
       1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 2,   /* 0x */
       1, 1, 2, 2, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 1x */
       1, 1, 1, 2, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 2x */
       1, 1, 2, 1, 2, 1, 2, 1, 1, 2, 2, 1, 2, 2, 2, 2,   /* 3x */
       1, 1, 1, 2, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 4x */
       1, 1, 2, 2, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 5x */
       1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 6x */
       1, 1, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 7x */
       2, 2, 1, 2, 2, 1, 2, 1, 2, 2, 2, 1, 2, 2, 2, 2,   /* 8x */
       2, 2, 2, 2, 2, 1, 2, 1, 2, 2, 2, 1, 2, 2, 2, 2,   /* 9x */
       1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* Ax */
       2, 2, 2, 2, 2, 1, 2, 1, 2, 2, 2, 2, 2, 2, 2, 2,   /* Bx */
       1, 1, 1, 1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* Cx */
       1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* Dx */
       1, 1, 1, 2, 2, 1, 2, 1, 2, 2, 2, 2, 2, 2, 2, 2,   /* Ex */
       1, 1, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* Fx */
};

int o2_cpu_opcode_cycles(uint8_t opcode) { return cpu8048_cycles[opcode]; }

/* ---- memory ---- */

static inline uint8_t program_byte(const cpu8048 *cpu, unsigned addr)
{
    return cpu->prog[(addr >> 10) & 3][addr & PROG_WINDOW];
}

/* Next program byte; the PC wraps inside its 2 KiB half. The instruction being executed keeps
 * its PC in a local (*pc), written back to s.pc when it ends. */
static inline uint8_t fetch(const cpu8048 *cpu, unsigned *pc)
{
    uint8_t byte = program_byte(cpu, *pc);
    unsigned next = *pc + 1;
    if (__builtin_expect((next & PC_IN_BANK) == 0, 0))
        next -= PC_IN_BANK + 1;       /* from the top of a half back to its start */
    *pc = next;
    return byte;
}

static inline uint8_t *reg(o2_cpu_state *s, unsigned n)
{
    return &s->ram[((s->psw & PSW_BS) ? BANK1_BASE : 0) + n];
}

static inline uint8_t *indirect(o2_cpu_state *s, unsigned n)
{
    return &s->ram[*reg(s, n) & RAM_MASK];
}

/* ---- ALU and flags ---- */

static inline void set_flag(o2_cpu_state *s, uint8_t flag, int on)
{
    s->psw = (uint8_t)(on ? (s->psw | flag) : (s->psw & ~flag));
}

static inline unsigned carry(const o2_cpu_state *s) { return (s->psw & PSW_CY) ? 1 : 0; }

/* CY is the carry out of bit 7 (sum bit 8); AC the carry into bit 4, which is sum bit 4 with
 * the operands' own bit 4 taken away. */
static inline void add(o2_cpu_state *s, uint8_t v, unsigned carry_in)
{
    unsigned sum = s->a + v + carry_in;
    unsigned into_bit4 = (s->a ^ v ^ sum) & 0x10;
    s->psw = (uint8_t)((s->psw & ~(PSW_CY | PSW_AC)) | ((sum >> 1) & PSW_CY) | (into_bit4 << 2));
    s->a = (uint8_t)sum;
}

/* DA A: +0x06 if the low digit > 9 or AC; then +0x60 if the result's high digit > 9 (or the
 * low adjust carried out of bit 7) or CY, which then sets CY. CY is never cleared. */
static inline void decimal_adjust(o2_cpu_state *s)
{
    unsigned v = s->a;
    if ((v & 0x0F) > 9 || (s->psw & PSW_AC))
        v += 0x06;
    if (v > 0x9F || (s->psw & PSW_CY)) {
        v += 0x60;
        s->psw |= PSW_CY;
    }
    s->a = (uint8_t)v;
}

static inline void rotate_left_through_carry(o2_cpu_state *s)
{
    unsigned cy_in = carry(s);
    set_flag(s, PSW_CY, s->a & 0x80);
    s->a = (uint8_t)((s->a << 1) | cy_in);
}

static inline void rotate_right_through_carry(o2_cpu_state *s)
{
    unsigned cy_in = carry(s);
    set_flag(s, PSW_CY, s->a & 0x01);
    s->a = (uint8_t)((s->a >> 1) | (cy_in << 7));
}

static inline void exchange(o2_cpu_state *s, uint8_t *m)
{
    uint8_t t = *m;
    *m = s->a;
    s->a = t;
}

static inline void exchange_digit(o2_cpu_state *s, uint8_t *m)
{
    uint8_t t = *m;
    *m = (uint8_t)((t & 0xF0) | (s->a & 0x0F));
    s->a = (uint8_t)((s->a & 0xF0) | (t & 0x0F));
}

/* ---- timer / counter ---- */

static inline void timer_increment(cpu8048 *cpu)
{
    o2_cpu_state *s = &cpu->s;
    if (++s->timer == 0) {
        s->timer_flag = 1;
        if (s->tirq_enabled) {     /* an overflow with the interrupt off is not remembered */
            s->tirq_pending = 1;
            cpu->irq_poll = 1;
        }
    }
}

static inline void elapse(cpu8048 *cpu, unsigned cycles)
{
    o2_cpu_state *s = &cpu->s;
    if (s->timer_mode != O2_TIMER_TIMER)
        return;
    s->prescaler = (uint8_t)(s->prescaler + cycles);
    if (s->prescaler >= PRESCALER_PERIOD) {
        s->prescaler = (uint8_t)(s->prescaler - PRESCALER_PERIOD);
        timer_increment(cpu);
    }
}

/* The prescaler and timer after `cycles` more machine cycles in timer mode (as many elapse calls). */
static void elapse_many(o2_cpu_state *s, uint64_t cycles)
{
    if (s->timer_mode != O2_TIMER_TIMER)
        return;
    uint64_t total = s->prescaler + cycles;
    uint64_t increments = total / PRESCALER_PERIOD;
    s->prescaler = (uint8_t)(total % PRESCALER_PERIOD);
    if (s->timer + increments > 0xFF)
        s->timer_flag = 1;        /* a timer interrupt, if enabled, was never let happen here */
    s->timer = (uint8_t)(s->timer + increments);
}

void cpu8048_set_t1(cpu8048 *cpu, int level)
{
    o2_cpu_state *s = &cpu->s;
    if (s->t1 && !level && s->timer_mode == O2_TIMER_COUNTER)
        timer_increment(cpu);
    s->t1 = level ? 1 : 0;
}

/* T1 as JT1/JNT1 see it at the instruction's first cycle. */
static inline int t1_at(cpu8048 *cpu, uint64_t cycle)
{
    if (cpu->bus.read_t1)
        return cpu->bus.read_t1(cpu->bus.ctx, cycle);
    return cpu->s.t1;
}

/* MOV A,T and JTF in counter mode: the bus may count a T1 edge that its counter has taken by
 * `cycle` (MOV A,T's cycle, JTF's second) but not yet shown at a boundary (the MAME model,
 * machine.c read_t1). */
static inline void count_edges_to(cpu8048 *cpu, uint64_t cycle)
{
    if (cpu->s.timer_mode == O2_TIMER_COUNTER && cpu->bus.read_t1)
        cpu->bus.read_t1(cpu->bus.ctx, cycle);
}

/* STRT CNT: edges count from the level at its first cycle. */
static inline void start_counter(cpu8048 *cpu, uint64_t cycle)
{
    if (cpu->bus.read_t1) {
        cpu->bus.read_t1(cpu->bus.ctx, cycle);
        cpu8048_yield(cpu);
    }
    cpu->s.timer_mode = O2_TIMER_COUNTER;
}

static inline int take_timer_flag(o2_cpu_state *s)
{
    int was = s->timer_flag;
    s->timer_flag = 0;
    return was;
}

/* ---- control flow ---- */

static inline void push(o2_cpu_state *s, unsigned pc)
{
    unsigned sp = s->psw & PSW_SP;
    s->ram[STACK_BASE + 2 * sp] = (uint8_t)pc;
    s->ram[STACK_BASE + 2 * sp + 1] = (uint8_t)((s->psw & 0xF0) | ((pc >> 8) & 0x0F));
    s->psw = (uint8_t)((s->psw & ~PSW_SP) | ((sp + 1) & PSW_SP));
}

static inline unsigned pop(o2_cpu_state *s, int restore_psw)
{
    unsigned sp = (s->psw - 1u) & PSW_SP;
    uint8_t high = s->ram[STACK_BASE + 2 * sp + 1];
    s->psw = (uint8_t)((s->psw & ~PSW_SP) | sp);
    if (restore_psw)
        s->psw = (uint8_t)((s->psw & 0x0F) | (high & 0xF0));
    return ((high & 0x0Fu) << 8) | s->ram[STACK_BASE + 2 * sp];
}

/* JMP/CALL: opcode bits 7-5 are address bits 10-8, bit 11 comes from MB outside an ISR. */
static inline unsigned far_target(const o2_cpu_state *s, uint8_t op, uint8_t low)
{
    unsigned bank = s->in_irq ? 0 : (unsigned)s->mb << 11;
    return bank | ((op & 0xE0u) << 3) | low;
}

static inline void jmp(cpu8048 *cpu, unsigned *pc, uint8_t op)
{
    uint8_t low = fetch(cpu, pc);
    *pc = far_target(&cpu->s, op, low);
}

static inline void call(cpu8048 *cpu, unsigned *pc, uint8_t op)
{
    uint8_t low = fetch(cpu, pc);
    push(&cpu->s, *pc);
    *pc = far_target(&cpu->s, op, low);
}

static inline void retr(cpu8048 *cpu, unsigned *pc)
{
    *pc = pop(&cpu->s, 1);
    cpu->s.in_irq = 0;
}

/* Conditional jumps land in the page of their operand byte. */
static inline void jump_if(cpu8048 *cpu, unsigned *pc, int condition)
{
    unsigned page = *pc & PC_PAGE;
    uint8_t low = fetch(cpu, pc);
    if (condition)
        *pc = page | low;
}

/* The condition of a conditional jump that tests a flag, A or a pin no instruction of an idle
 * loop can change (JBb, JZ/JNZ, JC/JNC, JF0/JF1, JT0/JNT0, JNI); -1 for any other opcode. The
 * dispatch and the idle loops (find_idle_loop) both ask here. */
static inline int steady_condition(const o2_cpu_state *s, uint8_t op)
{
    switch (op) {
    case 0x12: case 0x32: case 0x52: case 0x72:
    case 0x92: case 0xB2: case 0xD2: case 0xF2: return (s->a >> (op >> 5)) & 1;   /* JBb */
    case 0x26: return !s->t0;                                                    /* JNT0 */
    case 0x36: return s->t0;                                                     /* JT0 */
    case 0x76: return s->f1;                                                     /* JF1 */
    case 0x86: return s->int_pin;                                                /* JNI */
    case 0x96: return s->a != 0;                                                 /* JNZ */
    case 0xB6: return (s->psw & PSW_F0) != 0;                                    /* JF0 */
    case 0xC6: return s->a == 0;                                                 /* JZ */
    case 0xE6: return !carry(s);                                                 /* JNC */
    case 0xF6: return carry(s);                                                  /* JC */
    default:   return -1;
    }
}

/* JMPP @A and MOVP A,@A read the page of the byte after the opcode. */
static inline uint8_t page_byte(const cpu8048 *cpu, unsigned pc, uint8_t low)
{
    return program_byte(cpu, (pc & PC_PAGE) | low);
}

/* ---- ports ---- */

static inline uint8_t *port_latch(o2_cpu_state *s, int port)
{
    return port == CPU8048_PORT_BUS ? &s->bus : port == CPU8048_PORT_P1 ? &s->p1 : &s->p2;
}

static inline void port_write(cpu8048 *cpu, int port, uint8_t v)
{
    *port_latch(&cpu->s, port) = v;
    cpu->bus.write_port(cpu->bus.ctx, port, v);
}

static inline void port_and(cpu8048 *cpu, int port, uint8_t mask)
{
    port_write(cpu, port, *port_latch(&cpu->s, port) & mask);
}

static inline void port_or(cpu8048 *cpu, int port, uint8_t mask)
{
    port_write(cpu, port, *port_latch(&cpu->s, port) | mask);
}

static inline uint8_t port_read(cpu8048 *cpu, int port)
{
    return cpu->bus.read_port(cpu->bus.ctx, port);
}

/* MOVD/ANLD/ORLD Pp,A: the data nibble stays on P20-P23 (no 8243 to combine it with). */
static inline void expander_write(cpu8048 *cpu)
{
    uint8_t p2 = (uint8_t)((cpu->s.p2 & ~EXPANDER_LINES) | (cpu->s.a & EXPANDER_LINES));
    port_write(cpu, CPU8048_PORT_P2, p2);
}

/* MOVD A,Pp: P20-P23 are left floating (input mode) and read. */
static inline void expander_read(cpu8048 *cpu)
{
    port_write(cpu, CPU8048_PORT_P2, cpu->s.p2 | EXPANDER_LINES);
    cpu->s.a = port_read(cpu, CPU8048_PORT_P2) & EXPANDER_LINES;
}

static inline uint8_t ext_read(cpu8048 *cpu, uint8_t addr)
{
    return cpu->bus.read_ext(cpu->bus.ctx, addr);
}

static inline void ext_write(cpu8048 *cpu, uint8_t addr)
{
    cpu->bus.write_ext(cpu->bus.ctx, addr, cpu->s.a);
}

/* ---- interrupts ---- */

static inline int interrupt_requested(const o2_cpu_state *s)
{
    return (s->tirq_pending || (s->int_pin && s->xirq_enabled)) && !s->in_irq;
}

/* Entry takes two cycles like a CALL; /INT wins over the timer. Returns the vector. */
static unsigned enter_interrupt(cpu8048 *cpu, uint64_t now, unsigned pc)
{
    o2_cpu_state *s = &cpu->s;
    unsigned vector = VECTOR_EXTERNAL;
    if (!(s->int_pin && s->xirq_enabled)) {
        vector = VECTOR_TIMER;
        s->tirq_pending = 0;
    }
    s->cycles = now + 2;
    elapse(cpu, 2);
    push(s, pc);
    s->in_irq = 1;
    s->pc = (uint16_t)vector;
    return vector;
}

/* ---- repeated MOV A,Rr ---- */

/* Cycles before the timer overflow that would request the timer interrupt (UINT64_MAX: none can). */
static inline uint64_t cycles_to_timer_interrupt(const o2_cpu_state *s)
{
    if (s->timer_mode != O2_TIMER_TIMER || !s->tirq_enabled)
        return UINT64_MAX;
    return (uint64_t)(256u - s->timer) * PRESCALER_PERIOD - s->prescaler;
}

/* After a MOV A,Rr that ended at `end` with the next address *pc: the copies of the same opcode
 * that follow it (an empty cartridge slot reads 0xFF, MOV A,R7, 1 cycle) change nothing but the
 * PC, the cycles and the timer, so they run at once - as many as start before the run's end,
 * before the end of the PC's 2 KiB half (where it wraps) and before a timer interrupt's request.
 * Returns the cycle they end at. */
static uint64_t run_repeats(cpu8048 *cpu, uint64_t end, unsigned *pc, uint8_t op)
{
    o2_cpu_state *s = &cpu->s;
    if (end >= cpu->run_until || interrupt_requested(s))
        return end;
    uint64_t most = cpu->run_until - end;                     /* one cycle each */
    uint64_t before_interrupt = cycles_to_timer_interrupt(s) - 1;
    if (most > before_interrupt)
        most = before_interrupt;
    unsigned in_half = PC_IN_BANK + 1 - (*pc & PC_IN_BANK);
    if (most > in_half)
        most = in_half;
    unsigned n = 0;
    while (n < most) {                                          /* window by window */
        unsigned addr = *pc + n;
        const uint8_t *bytes = &cpu->prog[(addr >> 10) & 3][addr & PROG_WINDOW];
        unsigned span = PROG_WINDOW + 1 - (addr & PROG_WINDOW), same = 0;
        if (span > most - n)
            span = (unsigned)(most - n);
        while (same < span && bytes[same] == op)
            same++;
        n += same;
        if (same < span)
            break;
    }
    elapse_many(s, n);
    *pc = (*pc & PC_BANK_BIT) | ((*pc + n) & PC_IN_BANK);
    return end + n;
}

/* ---- dispatch ---- */

#define IDLE_LOOP_BACK 3u   /* the farthest an idle loop's last jump lies after its head */
#define FILL_LOOP_BACK 7u   /* the same for a block-filling loop (below) */

#define EACH_REG(base) \
    case (base): case (base) + 1: case (base) + 2: case (base) + 3: \
    case (base) + 4: case (base) + 5: case (base) + 6: case (base) + 7

static uint64_t skip_idle(cpu8048 *cpu, uint64_t now, unsigned head);
static uint64_t run_fill_loop(cpu8048 *cpu, uint64_t now, unsigned *pc);

/* The end of an instruction: its next address and end cycle, in s and the caller's copies. */
static inline uint64_t finish(o2_cpu_state *s, unsigned pc, uint64_t end, unsigned *next_pc)
{
    s->pc = (uint16_t)pc;
    s->cycles = end;
    *next_pc = pc;
    return end;
}

/* One instruction or interrupt entry starting at cycle `now` (= s.cycles) and address *next_pc
 * (= s.pc); returns the cycle it ends at and leaves the next address in *next_pc. The caller's
 * copies of both stay in registers: reloading them from s through memory on every instruction
 * would chain each instruction's start to the previous one's stores. Forced inline so that
 * cpu8048_run's loop has no call per instruction.
 *  - `polled` (cpu8048_run): interrupts are looked for only when irq_poll says one may have
 *    become due, not before every instruction.
 *  - `fast` (cpu8048_run with skip_idle): a jump back by at most the length of an idle loop
 *    looks for one there (skip_idle), and a MOV A,Rr for its repeats (run_repeats). */
static inline __attribute__((always_inline)) uint64_t execute(cpu8048 *cpu, uint64_t now, unsigned *next_pc,
                                                              int polled, int fast)
{
    o2_cpu_state *s = &cpu->s;
    if (!polled || cpu->irq_poll) {
        cpu->irq_poll = 0;
        if (interrupt_requested(s)) {
            *next_pc = enter_interrupt(cpu, now, *next_pc);   /* by value: the caller's pc stays in a register */
            return now + 2;
        }
    }

    const unsigned from = *next_pc;
    unsigned pc = from;
    uint8_t op = fetch(cpu, &pc);
    unsigned cycles = cpu8048_cycles[op];
    uint64_t end = now + cycles;
    s->cycles = end - 1;           /* bus callbacks see the start of the last cycle */
    elapse(cpu, cycles);

    switch (op) {
    /* 0x */
    case 0x00: break;                                                  /* NOP */
    case 0x02: port_write(cpu, CPU8048_PORT_BUS, s->a); break;         /* OUTL BUS,A */
    case 0x03: add(s, fetch(cpu, &pc), 0); break;                      /* ADD A,#data */
    case 0x04: jmp(cpu, &pc, op); goto jumped;                               /* JMP 0xx */
    case 0x05: s->xirq_enabled = 1; cpu->irq_poll = 1; break;          /* EN I */
    case 0x07: s->a--; break;                                          /* DEC A */
    case 0x08: s->a = port_read(cpu, CPU8048_PORT_BUS); break;         /* INS A,BUS */
    case 0x09: s->a = port_read(cpu, CPU8048_PORT_P1); break;          /* IN A,P1 */
    case 0x0A: s->a = port_read(cpu, CPU8048_PORT_P2); break;          /* IN A,P2 */
    case 0x0C: case 0x0D: case 0x0E: case 0x0F: expander_read(cpu); break;  /* MOVD A,Pp */
    /* 1x */
    case 0x10: case 0x11: (*indirect(s, op & 1u))++; break;            /* INC @Rr */
    case 0x12: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JB0 */
    case 0x13: add(s, fetch(cpu, &pc), carry(s)); break;               /* ADDC A,#data */
    case 0x14: call(cpu, &pc, op); break;                              /* CALL 0xx */
    case 0x15: s->xirq_enabled = 0; break;                             /* DIS I */
    case 0x16: count_edges_to(cpu, end - 1); jump_if(cpu, &pc, take_timer_flag(s)); goto jumped;    /* JTF */
    case 0x17: s->a++; break;                                          /* INC A */
    EACH_REG(0x18): (*reg(s, op & 7u))++; break;                       /* INC Rr */
    /* 2x */
    case 0x20: case 0x21: exchange(s, indirect(s, op & 1u)); break;    /* XCH A,@Rr */
    case 0x23: s->a = fetch(cpu, &pc); break;                          /* MOV A,#data */
    case 0x24: jmp(cpu, &pc, op); goto jumped;                               /* JMP 1xx */
    case 0x25: s->tirq_enabled = 1; break;                             /* EN TCNTI */
    case 0x26: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JNT0 */
    case 0x27: s->a = 0; break;                                        /* CLR A */
    EACH_REG(0x28): exchange(s, reg(s, op & 7u)); break;               /* XCH A,Rr */
    /* 3x */
    case 0x30: case 0x31: exchange_digit(s, indirect(s, op & 1u)); break;  /* XCHD A,@Rr */
    case 0x32: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JB1 */
    case 0x34: call(cpu, &pc, op); break;                              /* CALL 1xx */
    case 0x35: s->tirq_enabled = 0; s->tirq_pending = 0; break;        /* DIS TCNTI */
    case 0x36: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JT0 */
    case 0x37: s->a = (uint8_t)~s->a; break;                           /* CPL A */
    case 0x39: port_write(cpu, CPU8048_PORT_P1, s->a); break;          /* OUTL P1,A */
    case 0x3A: port_write(cpu, CPU8048_PORT_P2, s->a); break;          /* OUTL P2,A */
    case 0x3C: case 0x3D: case 0x3E: case 0x3F: expander_write(cpu); break;  /* MOVD Pp,A */
    /* 4x */
    case 0x40: case 0x41: s->a |= *indirect(s, op & 1u); break;        /* ORL A,@Rr */
    case 0x42: count_edges_to(cpu, end - cycles); s->a = s->timer; break;  /* MOV A,T */
    case 0x43: s->a |= fetch(cpu, &pc); break;                         /* ORL A,#data */
    case 0x44: jmp(cpu, &pc, op); goto jumped;                               /* JMP 2xx */
    case 0x45: start_counter(cpu, end - cycles); break;                /* STRT CNT */
    case 0x46: jump_if(cpu, &pc, !t1_at(cpu, end - cycles)); goto jumped;    /* JNT1 */
    case 0x47: s->a = (uint8_t)((s->a << 4) | (s->a >> 4)); break;     /* SWAP A */
    EACH_REG(0x48): s->a |= *reg(s, op & 7u); break;                   /* ORL A,Rr */
    /* 5x */
    case 0x50: case 0x51: s->a &= *indirect(s, op & 1u); break;        /* ANL A,@Rr */
    case 0x52: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JB2 */
    case 0x53: s->a &= fetch(cpu, &pc); break;                         /* ANL A,#data */
    case 0x54: call(cpu, &pc, op); break;                              /* CALL 2xx */
    case 0x55: s->timer_mode = O2_TIMER_TIMER; s->prescaler = 0; break;  /* STRT T */
    case 0x56: jump_if(cpu, &pc, t1_at(cpu, end - cycles)); goto jumped;     /* JT1 */
    case 0x57: decimal_adjust(s); break;                               /* DA A */
    EACH_REG(0x58): s->a &= *reg(s, op & 7u); break;                   /* ANL A,Rr */
    /* 6x */
    case 0x60: case 0x61: add(s, *indirect(s, op & 1u), 0); break;     /* ADD A,@Rr */
    case 0x62: s->timer = s->a; break;                                 /* MOV T,A */
    case 0x64: jmp(cpu, &pc, op); goto jumped;                               /* JMP 3xx */
    case 0x65: s->timer_mode = O2_TIMER_STOPPED; break;                /* STOP TCNT */
    case 0x67: rotate_right_through_carry(s); break;                   /* RRC A */
    EACH_REG(0x68): add(s, *reg(s, op & 7u), 0); break;                /* ADD A,Rr */
    /* 7x */
    case 0x70: case 0x71: add(s, *indirect(s, op & 1u), carry(s)); break;  /* ADDC A,@Rr */
    case 0x72: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JB3 */
    case 0x74: call(cpu, &pc, op); break;                              /* CALL 3xx */
    case 0x75: break;                                                  /* ENT0 CLK */
    case 0x76: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JF1 */
    case 0x77: s->a = (uint8_t)((s->a >> 1) | (s->a << 7)); break;     /* RR A */
    EACH_REG(0x78): add(s, *reg(s, op & 7u), carry(s)); break;         /* ADDC A,Rr */
    /* 8x */
    case 0x80: case 0x81: s->a = ext_read(cpu, *reg(s, op & 1u)); break;  /* MOVX A,@Rr */
    case 0x83: pc = pop(s, 0); break;                                  /* RET */
    case 0x84: jmp(cpu, &pc, op); goto jumped;                               /* JMP 4xx */
    case 0x85: set_flag(s, PSW_F0, 0); break;                          /* CLR F0 */
    case 0x86: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JNI */
    case 0x88: port_or(cpu, CPU8048_PORT_BUS, fetch(cpu, &pc)); break; /* ORL BUS,#data */
    case 0x89: port_or(cpu, CPU8048_PORT_P1, fetch(cpu, &pc)); break;  /* ORL P1,#data */
    case 0x8A: port_or(cpu, CPU8048_PORT_P2, fetch(cpu, &pc)); break;  /* ORL P2,#data */
    case 0x8C: case 0x8D: case 0x8E: case 0x8F: expander_write(cpu); break;  /* ORLD Pp,A */
    /* 9x */
    case 0x90: case 0x91: ext_write(cpu, *reg(s, op & 1u)); break;     /* MOVX @Rr,A */
    case 0x92: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JB4 */
    case 0x93: retr(cpu, &pc); cpu->irq_poll = 1; break;              /* RETR */
    case 0x94: call(cpu, &pc, op); break;                              /* CALL 4xx */
    case 0x95: s->psw ^= PSW_F0; break;                                /* CPL F0 */
    case 0x96: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JNZ */
    case 0x97: set_flag(s, PSW_CY, 0); break;                          /* CLR C */
    case 0x98: port_and(cpu, CPU8048_PORT_BUS, fetch(cpu, &pc)); break;  /* ANL BUS,#data */
    case 0x99: port_and(cpu, CPU8048_PORT_P1, fetch(cpu, &pc)); break; /* ANL P1,#data */
    case 0x9A: port_and(cpu, CPU8048_PORT_P2, fetch(cpu, &pc)); break; /* ANL P2,#data */
    case 0x9C: case 0x9D: case 0x9E: case 0x9F: expander_write(cpu); break;  /* ANLD Pp,A */
    /* Ax */
    case 0xA0: case 0xA1: *indirect(s, op & 1u) = s->a; break;         /* MOV @Rr,A */
    case 0xA3: s->a = page_byte(cpu, pc, s->a); break;                 /* MOVP A,@A */
    case 0xA4: jmp(cpu, &pc, op); goto jumped;                               /* JMP 5xx */
    case 0xA5: s->f1 = 0; break;                                       /* CLR F1 */
    case 0xA7: s->psw ^= PSW_CY; break;                                /* CPL C */
    EACH_REG(0xA8): *reg(s, op & 7u) = s->a; break;                    /* MOV Rr,A */
    /* Bx */
    case 0xB0: case 0xB1: *indirect(s, op & 1u) = fetch(cpu, &pc); break;  /* MOV @Rr,#data */
    case 0xB2: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JB5 */
    case 0xB3: pc = page_byte(cpu, pc, s->a) | (pc & PC_PAGE); break;  /* JMPP @A */
    case 0xB4: call(cpu, &pc, op); break;                              /* CALL 5xx */
    case 0xB5: s->f1 = !s->f1; break;                                  /* CPL F1 */
    case 0xB6: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JF0 */
    EACH_REG(0xB8): *reg(s, op & 7u) = fetch(cpu, &pc); break;         /* MOV Rr,#data */
    /* Cx */
    case 0xC4: jmp(cpu, &pc, op); goto jumped;                               /* JMP 6xx */
    case 0xC5: set_flag(s, PSW_BS, 0); break;                          /* SEL RB0 */
    case 0xC6: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JZ */
    case 0xC7: s->a = s->psw | PSW_ONE; break;                         /* MOV A,PSW */
    EACH_REG(0xC8): (*reg(s, op & 7u))--; break;                       /* DEC Rr */
    /* Dx */
    case 0xD0: case 0xD1: s->a ^= *indirect(s, op & 1u); break;        /* XRL A,@Rr */
    case 0xD2: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JB6 */
    case 0xD3: s->a ^= fetch(cpu, &pc); break;                         /* XRL A,#data */
    case 0xD4: call(cpu, &pc, op); break;                              /* CALL 6xx */
    case 0xD5: set_flag(s, PSW_BS, 1); break;                          /* SEL RB1 */
    case 0xD7: s->psw = s->a | PSW_ONE; break;                         /* MOV PSW,A */
    EACH_REG(0xD8): s->a ^= *reg(s, op & 7u); break;                   /* XRL A,Rr */
    /* Ex */
    case 0xE3: s->a = program_byte(cpu, MOVP3_PAGE | s->a); break;     /* MOVP3 A,@A */
    case 0xE4: jmp(cpu, &pc, op); goto jumped;                               /* JMP 7xx */
    case 0xE5: s->mb = 0; break;                                       /* SEL MB0 */
    case 0xE6: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JNC */
    case 0xE7: s->a = (uint8_t)((s->a << 1) | (s->a >> 7)); break;     /* RL A */
    EACH_REG(0xE8): jump_if(cpu, &pc, --*reg(s, op & 7u) != 0); goto jumped; /* DJNZ Rr,addr */
    /* Fx */
    case 0xF0: case 0xF1: s->a = *indirect(s, op & 1u); break;         /* MOV A,@Rr */
    case 0xF2: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JB7 */
    case 0xF4: call(cpu, &pc, op); break;                              /* CALL 7xx */
    case 0xF5: s->mb = 1; break;                                       /* SEL MB1 */
    case 0xF6: jump_if(cpu, &pc, steady_condition(s, op)); goto jumped;      /* JC */
    case 0xF7: rotate_left_through_carry(s); break;                    /* RLC A */
    EACH_REG(0xF8):                                                    /* MOV A,Rr */
        s->a = *reg(s, op & 7u);
        if (fast && program_byte(cpu, pc) == op)
            end = run_repeats(cpu, end, &pc, op);
        break;
    default: break;                                                    /* undefined: no-op */
    }
    return finish(s, pc, end, next_pc);
jumped:
    if (fast && from - pc <= IDLE_LOOP_BACK) {
        s->pc = (uint16_t)pc;
        end = skip_idle(cpu, end, pc);
    } else if (fast && from - pc <= FILL_LOOP_BACK) {
        end = run_fill_loop(cpu, end, &pc);
    }
    return finish(s, pc, end, next_pc);
}

/* ---- idle loops ---- */

/* One iteration of an idle loop: its cycles and what it changes (see cpu8048.h). */
typedef struct idle_loop {
    unsigned period;          /* machine cycles per iteration */
    uint8_t *counter;         /* register stepped by `step` each iteration, or NULL */
    int step;
    unsigned max;             /* iterations the loop's own exit condition allows skipping */
    int loads_a;              /* A is reloaded with `a` each iteration */
    uint8_t a;
} idle_loop;

/* A conditional jump at *pc (opcode already fetched) that lands on `head`. */
static int jumps_back(const cpu8048 *cpu, unsigned *pc, unsigned head)
{
    unsigned page = *pc & PC_PAGE;
    return (page | fetch(cpu, pc)) == head;
}

static int find_idle_loop(cpu8048 *cpu, unsigned head, idle_loop *loop)
{
    o2_cpu_state *s = &cpu->s;
    unsigned pc = head;
    uint8_t first = fetch(cpu, &pc);
    *loop = (idle_loop){ .period = cpu8048_cycles[first], .max = UINT_MAX };
    if ((first & 0x1F) == 0x04)                                            /* JMP $ */
        return far_target(s, first, fetch(cpu, &pc)) == head;
    if ((first & 0xF8) == 0xE8) {                                          /* DJNZ Rr,$ */
        loop->counter = reg(s, first & 7u);
        loop->step = -1;
        loop->max = (uint8_t)(*loop->counter - 1u);     /* the jumps back before it reaches 0 */
        return jumps_back(cpu, &pc, head);
    }
    int condition = steady_condition(s, first);
    if (condition > 0)                                                     /* Jcc $, taken */
        return jumps_back(cpu, &pc, head);
    if (condition == 0) {                                                  /* Jcc out; JMP $-2 */
        fetch(cpu, &pc);
        uint8_t jump = fetch(cpu, &pc);
        loop->period += cpu8048_cycles[jump];
        return (jump & 0x1F) == 0x04 && far_target(s, jump, fetch(cpu, &pc)) == head;
    }
    uint8_t second = fetch(cpu, &pc);
    loop->period += cpu8048_cycles[second];
    if ((first & 0xF8) == 0x18 || (first & 0xF8) == 0xC8) {                /* INC/DEC Rr; JMP $ */
        loop->counter = reg(s, first & 7u);
        loop->step = (first & 0xF8) == 0x18 ? 1 : -1;
        return (second & 0x1F) == 0x04 && far_target(s, second, fetch(cpu, &pc)) == head;
    }
    if ((first & 0xF8) == 0xF8 || first == 0xF0 || first == 0xF1) {       /* MOV A,Rr / A,@Ri */
        loop->loads_a = 1;
        loop->a = (first & 0xF8) == 0xF8 ? *reg(s, first & 7u) : *indirect(s, first & 1u);
        if (second == 0xC6)                                                /* JZ $ */
            return loop->a == 0 && jumps_back(cpu, &pc, head);
        if (second == 0x96)                                                /* JNZ $ */
            return loop->a != 0 && jumps_back(cpu, &pc, head);
    }
    return 0;
}

/* At the head of an idle loop: whole iterations at once, leaving the last one before the run's
 * end to run instruction by instruction. Returns the cycle the skipped iterations end at. */
static uint64_t skip_idle(cpu8048 *cpu, uint64_t now, unsigned head)
{
    o2_cpu_state *s = &cpu->s;
    idle_loop loop;
    if (cpu->run_until <= now || interrupt_requested(s) || !find_idle_loop(cpu, head, &loop))
        return now;
    uint64_t n = (cpu->run_until - now) / loop.period;
    n = n > 1 ? n - 1 : 0;
    if (n > loop.max)
        n = loop.max;
    uint64_t to_overflow = cycles_to_timer_interrupt(s);     /* stop before it */
    if (n * loop.period >= to_overflow)
        n = (to_overflow - 1) / loop.period;
    if (n == 0)
        return now;
    now += n * loop.period;
    elapse_many(s, n * loop.period);
    if (loop.counter)
        *loop.counter = (uint8_t)(*loop.counter + loop.step * (int)(n & 0xFF));
    if (loop.loads_a)
        s->a = loop.a;
    s->cycles = now;
    return now;
}

/* ---- block-filling loops ---- */

/* A loop that stores one value through MOVX @Ri at successive addresses until Ri reaches an end
 * (a BIOS clearing the VDC's registers or the RAM, hundreds of passes a frame):
 *     head: DEC Ri | INC Ri;  CLR A | MOV A,#v;  MOVX @Ri,A;  MOV A,Ri;  XRL A,Rr | XRL A,#e;  JNZ head */
typedef struct fill_loop {
    uint8_t *pointer;         /* Ri */
    int step;                 /* +1 (INC) or -1 (DEC) */
    uint8_t value;            /* what A holds at the store */
    const uint8_t *end;       /* what Ri is compared with: Rr, or `immediate` */
    uint8_t immediate;        /* XRL A,#e: e */
    unsigned store_cycle;     /* cycles from the head to the start of the MOVX's last cycle */
    unsigned store_pc;        /* address of the MOVX */
    unsigned after_store_pc;  /* address of the MOV A,Ri after it */
    unsigned exit_pc;         /* address after the JNZ */
    unsigned period;          /* cycles per iteration */
} fill_loop;

static int find_fill_loop(cpu8048 *cpu, unsigned head, fill_loop *loop)
{
    o2_cpu_state *s = &cpu->s;
    unsigned pc = head;
    uint8_t step = fetch(cpu, &pc);
    if ((step & 0xFE) != 0xC8 && (step & 0xFE) != 0x18)                      /* DEC/INC R0/R1 */
        return 0;
    unsigned i = step & 1u;
    uint8_t load = fetch(cpu, &pc);
    if (load == 0x27)                                                        /* CLR A */
        loop->value = 0;
    else if (load == 0x23)                                                   /* MOV A,#v */
        loop->value = fetch(cpu, &pc);
    else
        return 0;
    loop->store_pc = pc;
    if (fetch(cpu, &pc) != (0x90 | i))                                       /* MOVX @Ri,A */
        return 0;
    loop->after_store_pc = pc;
    if (fetch(cpu, &pc) != (0xF8 | i))                                       /* MOV A,Ri */
        return 0;
    uint8_t compare = fetch(cpu, &pc);
    if ((compare & 0xF8) == 0xD8) {                                          /* XRL A,Rr */
        loop->end = reg(s, compare & 7u);
    } else if (compare == 0xD3) {                                            /* XRL A,#e */
        loop->immediate = fetch(cpu, &pc);
        loop->end = &loop->immediate;
    } else {
        return 0;
    }
    if (fetch(cpu, &pc) != 0x96 || !jumps_back(cpu, &pc, head))             /* JNZ head */
        return 0;
    loop->exit_pc = pc;
    loop->pointer = reg(s, i);
    loop->step = (step & 0xF8) == 0x18 ? 1 : -1;
    loop->store_cycle = 1u + cpu8048_cycles[load] + 1u;
    loop->period = loop->store_cycle + 1u + 1u + cpu8048_cycles[compare] + 2u;
    return 1;
}

/* At the head of a block-filling loop: whole iterations without fetching and decoding, each
 * store made through the bus at the cycle the MOVX makes it, while an iteration fits before the
 * run's end and before a timer interrupt. A store that ends the run (cpu8048_yield) stops right
 * after its MOVX, as the instruction would; the loop's own exit leaves *pc after the JNZ.
 * Returns the cycle reached. */
static uint64_t run_fill_loop(cpu8048 *cpu, uint64_t now, unsigned *pc)
{
    o2_cpu_state *s = &cpu->s;
    fill_loop loop;
    if (s->timer_mode == O2_TIMER_COUNTER || interrupt_requested(s) || !find_fill_loop(cpu, *pc, &loop))
        return now;
    uint64_t to_overflow = cycles_to_timer_interrupt(s), ran = 0;
    while (now + loop.period <= cpu->run_until && ran + loop.period < to_overflow) {
        uint64_t until = cpu->run_until;
        *loop.pointer = (uint8_t)(*loop.pointer + loop.step);
        s->a = loop.value;
        s->pc = (uint16_t)loop.store_pc;            /* as during the MOVX's bus access */
        s->cycles = now + loop.store_cycle;
        ext_write(cpu, *loop.pointer);
        if (cpu->run_until != until) {
            elapse_many(s, loop.store_cycle + 1u);
            *pc = loop.after_store_pc;
            return now + loop.store_cycle + 1u;
        }
        elapse_many(s, loop.period);
        now += loop.period;
        ran += loop.period;
        s->a = (uint8_t)(*loop.pointer ^ *loop.end);
        if (s->a == 0) {
            *pc = loop.exit_pc;
            return now;
        }
    }
    return now;
}

int cpu8048_step(cpu8048 *cpu)
{
    unsigned pc = cpu->s.pc;
    uint64_t start = cpu->s.cycles;
    return (int)(execute(cpu, start, &pc, 0, 0) - start);
}

void cpu8048_run(cpu8048 *cpu, uint64_t until)
{
    unsigned pc = cpu->s.pc;
    uint64_t now = cpu->s.cycles;
    cpu->run_until = until;
    cpu->irq_poll = 1;             /* the pins may have changed since the last run */
    while (now < cpu->run_until)
        now = execute(cpu, now, &pc, 1, cpu->skip_idle);
}

void cpu8048_run_to_break(cpu8048 *cpu, uint64_t until, const uint8_t *breakpoints)
{
    unsigned pc = cpu->s.pc;
    uint64_t now = cpu->s.cycles;
    cpu->run_until = until;
    while (now < cpu->run_until && !breakpoints[pc & 0xFFFu])
        now = execute(cpu, now, &pc, 0, 0);
}

/* ---- life cycle ---- */

void cpu8048_init(cpu8048 *cpu, const cpu8048_bus *bus)
{
    *cpu = (cpu8048){ .bus = *bus };
    cpu->s.psw = PSW_ONE;
}

/* Intel's reset: PC, SP, bank and MB to 0; interrupts off; timer stopped and its flag cleared;
 * F0, F1 cleared; P1 and P2 back to input mode (latches 0xFF). A, registers, T, CY, AC keep. */
void cpu8048_reset(cpu8048 *cpu)
{
    o2_cpu_state *s = &cpu->s;
    s->pc = 0;
    s->psw = (uint8_t)((s->psw & (PSW_CY | PSW_AC)) | PSW_ONE);
    s->f1 = 0;
    s->mb = 0;
    s->in_irq = 0;
    s->xirq_enabled = 0;
    s->tirq_enabled = 0;
    s->tirq_pending = 0;
    s->timer_flag = 0;
    s->timer_mode = O2_TIMER_STOPPED;
    port_write(cpu, CPU8048_PORT_P1, 0xFF);
    port_write(cpu, CPU8048_PORT_P2, 0xFF);
}

/* Every field of the register file in a fixed order. Loaded values are clamped to their ranges,
 * so a damaged stream cannot send the core outside its arrays. */
void cpu8048_state(cpu8048 *cpu, o2_stream *st)
{
    o2_cpu_state *s = &cpu->s;
    st_u64(st, &s->cycles);
    st_u16(st, &s->pc);
    st_u8(st, &s->a);
    st_u8(st, &s->psw);
    st_u8(st, &s->f1);
    st_u8(st, &s->mb);
    st_u8(st, &s->in_irq);
    st_u8(st, &s->xirq_enabled);
    st_u8(st, &s->tirq_enabled);
    st_u8(st, &s->timer_flag);
    st_u8(st, &s->tirq_pending);
    st_u8(st, &s->timer);
    st_u8(st, &s->prescaler);
    st_u8(st, &s->timer_mode);
    st_u8(st, &s->p1);
    st_u8(st, &s->p2);
    st_u8(st, &s->bus);
    st_u8(st, &s->t0);
    st_u8(st, &s->t1);
    st_u8(st, &s->int_pin);
    st_bytes(st, s->ram, sizeof s->ram);
    if (st->mode == O2_STREAM_LOAD) {
        s->pc &= PC_MASK;
        s->psw |= PSW_ONE;
        s->mb &= 1;
        s->prescaler %= PRESCALER_PERIOD;
        if (s->timer_mode > O2_TIMER_COUNTER)
            st->error = 1;
    }
}
