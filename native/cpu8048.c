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

/* ---- working registers ---- */

/* What execute() works on in host registers instead of s: the PC, A, PSW, the program window the
 * PC is in and, for cpu8048_run, the run's end and the interrupt poll. A store into the internal
 * RAM (uint8_t, which may alias anything) would otherwise make the compiler reload A and PSW from
 * s after it. s gets them back where someone can look: around a bus callback (bus_view), before
 * a fast path or a skipped loop, and when execute's caller is done (store_regs). */
typedef struct cpu_regs {
    unsigned pc;
    unsigned a, psw;          /* 8-bit values; full-width so that each has its own host register */
    uintptr_t code;           /* code + pc: the address of the byte at pc in its prog[] window */
    uint64_t until;           /* cpu->run_until as of the last bus callback */
    /* cpu8048_run compares the cycle with this alone before each instruction: `until`, or 0 while
     * an interrupt may have become due (cpu->irq_poll, EN I, RETR), so that one compare covers
     * both the run's end and the poll. */
    uint64_t gate;
} cpu_regs;

/* The window of r->pc, as an address to add the PC to: fetches then neither mask the PC nor
 * look prog[] up. Integer arithmetic, as the sum is only ever formed for a PC inside the window. */
static inline void refresh_window(const cpu8048 *cpu, cpu_regs *r)
{
    unsigned start = r->pc & ~(unsigned)PROG_WINDOW;
    r->code = (uintptr_t)cpu->prog[start >> 10] - start;
}

static inline cpu_regs regs_of(const cpu8048 *cpu)
{
    const o2_cpu_state *s = &cpu->s;
    cpu_regs r = { .pc = s->pc & PC_MASK, .a = s->a, .psw = s->psw, .until = cpu->run_until, .gate = 0 };
    refresh_window(cpu, &r);
    return r;
}

static inline void store_regs(cpu8048 *cpu, const cpu_regs *r)
{
    cpu->s.pc = (uint16_t)r->pc;
    cpu->s.a = (uint8_t)r->a;
    cpu->s.psw = (uint8_t)r->psw;
}

/* ---- memory ---- */

static inline uint8_t program_byte(const cpu8048 *cpu, unsigned addr)
{
    return cpu->prog[(addr >> 10) & 3][addr & PROG_WINDOW];
}

static inline void jump_to(const cpu8048 *cpu, cpu_regs *r, unsigned pc)
{
    r->pc = pc;
    refresh_window(cpu, r);
}

/* The program byte at the PC, without moving it. */
static inline uint8_t code_byte(const cpu_regs *r)
{
    return *(const uint8_t *)(r->code + r->pc);
}

/* Next program byte; the PC wraps inside its 2 KiB half. Only a step into another window (or
 * the wrap) looks at prog[] again. */
static inline uint8_t fetch(const cpu8048 *cpu, cpu_regs *r)
{
    uint8_t byte = code_byte(r);
    r->pc++;
    if (__builtin_expect((r->pc & PROG_WINDOW) == 0, 0)) {
        if ((r->pc & PC_IN_BANK) == 0)
            r->pc -= PC_IN_BANK + 1;  /* from the top of a half back to its start */
        refresh_window(cpu, r);
    }
    return byte;
}

static inline uint8_t *reg(o2_cpu_state *s, uint8_t psw, unsigned n)
{
    return &s->ram[((psw & PSW_BS) ? BANK1_BASE : 0) + n];
}

static inline uint8_t *indirect(o2_cpu_state *s, uint8_t psw, unsigned n)
{
    return &s->ram[*reg(s, psw, n) & RAM_MASK];
}

/* ---- ALU and flags ---- */

static inline void set_flag(cpu_regs *r, uint8_t flag, int on)
{
    r->psw = (uint8_t)(on ? (r->psw | flag) : (r->psw & ~flag));
}

static inline unsigned carry(const cpu_regs *r) { return (r->psw & PSW_CY) ? 1 : 0; }

/* CY is the carry out of bit 7 (sum bit 8); AC the carry into bit 4, which is sum bit 4 with
 * the operands' own bit 4 taken away. */
static inline void add(cpu_regs *r, uint8_t v, unsigned carry_in)
{
    unsigned sum = r->a + v + carry_in;
    unsigned into_bit4 = (r->a ^ v ^ sum) & 0x10;
    r->psw = (uint8_t)((r->psw & ~(PSW_CY | PSW_AC)) | ((sum >> 1) & PSW_CY) | (into_bit4 << 2));
    r->a = (uint8_t)sum;
}

/* DA A: +0x06 if the low digit > 9 or AC; then +0x60 if the result's high digit > 9 (or the
 * low adjust carried out of bit 7) or CY, which then sets CY. CY is never cleared. */
static inline void decimal_adjust(cpu_regs *r)
{
    unsigned v = r->a;
    if ((v & 0x0F) > 9 || (r->psw & PSW_AC))
        v += 0x06;
    if (v > 0x9F || (r->psw & PSW_CY)) {
        v += 0x60;
        r->psw |= PSW_CY;
    }
    r->a = (uint8_t)v;
}

static inline void rotate_left_through_carry(cpu_regs *r)
{
    unsigned cy_in = carry(r);
    set_flag(r, PSW_CY, r->a & 0x80);
    r->a = (uint8_t)((r->a << 1) | cy_in);
}

static inline void rotate_right_through_carry(cpu_regs *r)
{
    unsigned cy_in = carry(r);
    set_flag(r, PSW_CY, r->a & 0x01);
    r->a = (uint8_t)((r->a >> 1) | (cy_in << 7));
}

static inline void exchange(cpu_regs *r, uint8_t *m)
{
    uint8_t t = *m;
    *m = (uint8_t)r->a;
    r->a = t;
}

static inline void exchange_digit(cpu_regs *r, uint8_t *m)
{
    uint8_t t = *m;
    *m = (uint8_t)((t & 0xF0) | (r->a & 0x0F));
    r->a = (uint8_t)((r->a & 0xF0) | (t & 0x0F));
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

static inline void elapse(cpu8048 *cpu, cpu_regs *r, unsigned cycles)
{
    o2_cpu_state *s = &cpu->s;
    if (s->timer_mode != O2_TIMER_TIMER)
        return;
    s->prescaler = (uint8_t)(s->prescaler + cycles);
    if (s->prescaler >= PRESCALER_PERIOD) {
        s->prescaler = (uint8_t)(s->prescaler - PRESCALER_PERIOD);
        timer_increment(cpu);
        if (cpu->irq_poll)
            r->gate = 0;
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

/* T1 or /INT as JT1, JNT1 and JNI see it: at the end of the instruction (cpu8048_bus.test_pin). */
static inline int test_pin(cpu8048 *cpu, int pin)
{
    if (cpu->bus.test_pin)
        return cpu->bus.test_pin(cpu->bus.ctx, pin);
    return pin == CPU8048_PIN_T1 ? cpu->s.t1 : cpu->s.int_pin;
}

/* MOV A,T and JTF in counter mode: the bus may count a T1 edge that its counter has taken by
 * `cycle` (MOV A,T's cycle, JTF's second) but not yet shown at a boundary (the MAME model,
 * machine.c read_t1). STRT T and STOP TCNT too: such an edge still counts before counting ends;
 * and MOV T,A: the load replaces a count taken in its own cycle. */
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

static inline void push(o2_cpu_state *s, cpu_regs *r, unsigned pc)
{
    unsigned sp = r->psw & PSW_SP;
    s->ram[STACK_BASE + 2 * sp] = (uint8_t)pc;
    s->ram[STACK_BASE + 2 * sp + 1] = (uint8_t)((r->psw & 0xF0) | ((pc >> 8) & 0x0F));
    r->psw = (uint8_t)((r->psw & ~PSW_SP) | ((sp + 1) & PSW_SP));
}

static inline unsigned pop(o2_cpu_state *s, cpu_regs *r, int restore_psw)
{
    unsigned sp = (r->psw - 1u) & PSW_SP;
    uint8_t high = s->ram[STACK_BASE + 2 * sp + 1];
    r->psw = (uint8_t)((r->psw & ~PSW_SP) | sp);
    if (restore_psw)
        r->psw = (uint8_t)((r->psw & 0x0F) | (high & 0xF0));
    return ((high & 0x0Fu) << 8) | s->ram[STACK_BASE + 2 * sp];
}

/* Inside an interrupt routine (from the vector to RETR) A11 is held at 0: JMP, CALL and RET land
 * in 000h-7FFh (RET too, as in MAME: random CPU programs 910030 and 910040). */
static inline unsigned routine_bank(const o2_cpu_state *s, unsigned pc)
{
    return s->in_irq ? pc & 0x7FFu : pc;
}

/* JMP/CALL: opcode bits 7-5 are address bits 10-8, bit 11 comes from MB outside an ISR. */
static inline unsigned far_target(const o2_cpu_state *s, uint8_t op, uint8_t low)
{
    return routine_bank(s, ((unsigned)s->mb << 11) | ((op & 0xE0u) << 3) | low);
}

static inline void jmp(cpu8048 *cpu, cpu_regs *r, uint8_t op)
{
    uint8_t low = fetch(cpu, r);
    jump_to(cpu, r, far_target(&cpu->s, op, low));
}

static inline void call(cpu8048 *cpu, cpu_regs *r, uint8_t op)
{
    uint8_t low = fetch(cpu, r);
    push(&cpu->s, r, r->pc);
    jump_to(cpu, r, far_target(&cpu->s, op, low));
}

static inline void retr(cpu8048 *cpu, cpu_regs *r)
{
    jump_to(cpu, r, pop(&cpu->s, r, 1));
    cpu->s.in_irq = 0;
}

/* Conditional jumps land in the page of their operand byte. */
static inline void jump_if(cpu8048 *cpu, cpu_regs *r, int condition)
{
    unsigned page = r->pc & PC_PAGE;
    uint8_t low = fetch(cpu, r);
    if (condition)
        jump_to(cpu, r, page | low);
}

/* The condition of a conditional jump that tests a flag, A or a pin no instruction of an idle
 * loop can change (JBb, JZ/JNZ, JC/JNC, JF0/JF1, JT0/JNT0, JNI); -1 for any other opcode. The
 * dispatch and the idle loops (find_idle_loop) both ask here. */
static inline __attribute__((always_inline)) int steady_condition(const o2_cpu_state *s, const cpu_regs *r,
                                                                   uint8_t op)
{
    switch (op) {
    case 0x12: case 0x32: case 0x52: case 0x72:
    case 0x92: case 0xB2: case 0xD2: case 0xF2: return (r->a >> (op >> 5)) & 1;   /* JBb */
    case 0x26: return !s->t0;                                                    /* JNT0 */
    case 0x36: return s->t0;                                                     /* JT0 */
    case 0x76: return s->f1;                                                     /* JF1 */
    case 0x86: return s->int_pin;                                                /* JNI */
    case 0x96: return r->a != 0;                                                 /* JNZ */
    case 0xB6: return (r->psw & PSW_F0) != 0;                                    /* JF0 */
    case 0xC6: return r->a == 0;                                                 /* JZ */
    case 0xE6: return !carry(r);                                                 /* JNC */
    case 0xF6: return carry(r);                                                  /* JC */
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
static inline void expander_write(cpu8048 *cpu, uint8_t a)
{
    uint8_t p2 = (uint8_t)((cpu->s.p2 & ~EXPANDER_LINES) | (a & EXPANDER_LINES));
    port_write(cpu, CPU8048_PORT_P2, p2);
}

/* MOVD A,Pp: P20-P23 are left floating (input mode) and read. */
static inline uint8_t expander_read(cpu8048 *cpu)
{
    port_write(cpu, CPU8048_PORT_P2, cpu->s.p2 | EXPANDER_LINES);
    return port_read(cpu, CPU8048_PORT_P2) & EXPANDER_LINES;
}

static inline uint8_t ext_read(cpu8048 *cpu, uint8_t addr)
{
    return cpu->bus.read_ext(cpu->bus.ctx, addr);
}

static inline void ext_write(cpu8048 *cpu, uint8_t addr, uint8_t v)
{
    cpu->bus.write_ext(cpu->bus.ctx, addr, v);
}

/* Before a bus callback of the instruction at `from` ending at `end`: s as cpu8048.h promises it
 * to the machine (the instruction's address, the start of its last cycle) with A and PSW. */
static inline void bus_view(cpu8048 *cpu, const cpu_regs *r, unsigned from, uint64_t end)
{
    store_regs(cpu, r);
    cpu->s.pc = (uint16_t)from;
    cpu->s.cycles = end - 1;
}

/* After it: the machine may have mapped other program windows (a bank switch through P1), ended
 * the run (cpu8048_yield) or counted a timer overflow (cpu8048_set_t1). */
static inline void bus_done(cpu8048 *cpu, cpu_regs *r)
{
    refresh_window(cpu, r);
    r->until = cpu->run_until;
    if (cpu->irq_poll)
        r->gate = 0;
    else if (r->gate)
        r->gate = r->until;
}

/* ---- interrupts ---- */

static inline int interrupt_requested(const o2_cpu_state *s)
{
    return (s->tirq_pending || (s->int_pin && s->xirq_enabled)) && !s->in_irq;
}

/* Entry takes two cycles like a CALL; /INT wins over the timer. */
static inline __attribute__((always_inline)) void enter_interrupt(cpu8048 *cpu, cpu_regs *r)
{
    o2_cpu_state *s = &cpu->s;
    unsigned vector = VECTOR_EXTERNAL;
    if (!(s->int_pin && s->xirq_enabled)) {
        vector = VECTOR_TIMER;
        s->tirq_pending = 0;
    }
    elapse(cpu, r, 2);
    push(s, r, r->pc);
    s->in_irq = 1;
    jump_to(cpu, r, vector);
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
 * before the end of the PC's 2 KiB half (where it wraps), before a timer interrupt's request and
 * before an address flagged in `breakpoints` (NULL: none). Returns the cycle they end at. */
static uint64_t run_repeats(cpu8048 *cpu, uint64_t end, unsigned *pc, uint8_t op, const uint8_t *breakpoints)
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
        while (same < span && bytes[same] == op && !(breakpoints && breakpoints[addr + same]))
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

/* No address in [first, last] is flagged in `breakpoints` (NULL: none is). */
static inline int no_break_in(const uint8_t *breakpoints, unsigned first, unsigned last)
{
    for (unsigned addr = first; breakpoints && addr <= last; addr++)
        if (breakpoints[addr & PC_MASK])
            return 0;
    return 1;
}

/* A statement that calls the bus: the machine sees s as cpu8048.h promises, and what its
 * callback may have changed comes back into the working registers. */
#define ON_BUS(statement) do {                  \
        bus_view(cpu, r, from, end);            \
        statement;                              \
        bus_done(cpu, r);                       \
    } while (0)

/* Interrupt entry at an instruction boundary if one is requested; returns whether it was taken.
 * cpu8048_run asks only where one may have become due (r->gate), steps ask every time. */
static inline __attribute__((always_inline)) int take_interrupt(cpu8048 *cpu, cpu_regs *r)
{
    cpu->irq_poll = 0;
    if (!interrupt_requested(&cpu->s))
        return 0;
    enter_interrupt(cpu, r);
    return 1;
}

/* One instruction starting at cycle `now` with the working registers *r; returns the cycle it
 * ends at. s.pc, s.cycles, s.a and s.psw are the caller's to write back
 * (store_regs) once it is done: writing them on every instruction would cost more than the
 * instruction. Forced inline so that cpu8048_run's loop has no call per instruction and *r stays
 * in host registers.
 *  - `fast` (a run with skip_idle): a jump back by at most the length of an idle loop looks for
 *    one there (skip_idle) or for a block-filling loop (run_fill_loop), and a MOV A,Rr for its
 *    repeats (run_repeats); none of them runs over an address flagged in `breakpoints` (NULL in
 *    cpu8048_run: none), where the debugger's run must stop. */
static inline __attribute__((always_inline)) uint64_t execute(cpu8048 *cpu, uint64_t now, cpu_regs *r, int fast,
                                                              const uint8_t *breakpoints)
{
    o2_cpu_state *s = &cpu->s;
    const unsigned from = r->pc;
    uint8_t op = fetch(cpu, r);
    unsigned cycles = cpu8048_cycles[op];
    uint64_t end = now + cycles;
    elapse(cpu, r, cycles);

    switch (op) {
    /* 0x */
    case 0x00: break;                                                  /* NOP */
    case 0x02: ON_BUS(port_write(cpu, CPU8048_PORT_BUS, r->a)); break; /* OUTL BUS,A */
    case 0x03: add(r, fetch(cpu, r), 0); break;                        /* ADD A,#data */
    case 0x04: jmp(cpu, r, op); goto jumped;                           /* JMP 0xx */
    case 0x05: s->xirq_enabled = 1; r->gate = 0; break;                /* EN I */
    case 0x07: r->a = (uint8_t)(r->a - 1); break;                      /* DEC A */
    case 0x08: ON_BUS(r->a = port_read(cpu, CPU8048_PORT_BUS)); break; /* INS A,BUS */
    case 0x09: ON_BUS(r->a = port_read(cpu, CPU8048_PORT_P1)); break;  /* IN A,P1 */
    case 0x0A: ON_BUS(r->a = port_read(cpu, CPU8048_PORT_P2)); break;  /* IN A,P2 */
    case 0x0C: case 0x0D: case 0x0E: case 0x0F: ON_BUS(r->a = expander_read(cpu)); break; /* MOVD A,Pp */
    /* 1x */
    case 0x10: case 0x11: (*indirect(s, r->psw, op & 1u))++; break;    /* INC @Rr */
    case 0x12: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JB0 */
    case 0x13: add(r, fetch(cpu, r), carry(r)); break;                 /* ADDC A,#data */
    case 0x14: call(cpu, r, op); break;                                /* CALL 0xx */
    case 0x15: s->xirq_enabled = 0; break;                             /* DIS I */
    case 0x16: ON_BUS(count_edges_to(cpu, end - 1)); jump_if(cpu, r, take_timer_flag(s)); goto jumped; /* JTF */
    case 0x17: r->a = (uint8_t)(r->a + 1); break;                      /* INC A */
    EACH_REG(0x18): (*reg(s, r->psw, op & 7u))++; break;               /* INC Rr */
    /* 2x */
    case 0x20: case 0x21: exchange(r, indirect(s, r->psw, op & 1u)); break; /* XCH A,@Rr */
    case 0x23: r->a = fetch(cpu, r); break;                            /* MOV A,#data */
    case 0x24: jmp(cpu, r, op); goto jumped;                           /* JMP 1xx */
    case 0x25: s->tirq_enabled = 1; break;                             /* EN TCNTI */
    case 0x26: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JNT0 */
    case 0x27: r->a = 0; break;                                        /* CLR A */
    EACH_REG(0x28): exchange(r, reg(s, r->psw, op & 7u)); break;       /* XCH A,Rr */
    /* 3x */
    case 0x30: case 0x31: exchange_digit(r, indirect(s, r->psw, op & 1u)); break; /* XCHD A,@Rr */
    case 0x32: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JB1 */
    case 0x34: call(cpu, r, op); break;                                /* CALL 1xx */
    case 0x35: s->tirq_enabled = 0; s->tirq_pending = 0; break;        /* DIS TCNTI */
    case 0x36: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JT0 */
    case 0x37: r->a = (uint8_t)~r->a; break;                           /* CPL A */
    case 0x39: ON_BUS(port_write(cpu, CPU8048_PORT_P1, r->a)); break;  /* OUTL P1,A */
    case 0x3A: ON_BUS(port_write(cpu, CPU8048_PORT_P2, r->a)); break;  /* OUTL P2,A */
    case 0x3C: case 0x3D: case 0x3E: case 0x3F: ON_BUS(expander_write(cpu, r->a)); break; /* MOVD Pp,A */
    /* 4x */
    case 0x40: case 0x41: r->a |= *indirect(s, r->psw, op & 1u); break; /* ORL A,@Rr */
    case 0x42: ON_BUS(count_edges_to(cpu, end - cycles)); r->a = s->timer; break; /* MOV A,T */
    case 0x43: r->a |= fetch(cpu, r); break;                           /* ORL A,#data */
    case 0x44: jmp(cpu, r, op); goto jumped;                           /* JMP 2xx */
    case 0x45: ON_BUS(start_counter(cpu, end - cycles)); break;        /* STRT CNT */
    case 0x46: { int t1; ON_BUS(t1 = test_pin(cpu, CPU8048_PIN_T1)); jump_if(cpu, r, !t1); } goto jumped; /* JNT1 */
    case 0x47: r->a = (uint8_t)((r->a << 4) | (r->a >> 4)); break;     /* SWAP A */
    EACH_REG(0x48): r->a |= *reg(s, r->psw, op & 7u); break;           /* ORL A,Rr */
    /* 5x */
    case 0x50: case 0x51: r->a &= *indirect(s, r->psw, op & 1u); break; /* ANL A,@Rr */
    case 0x52: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JB2 */
    case 0x53: r->a &= fetch(cpu, r); break;                           /* ANL A,#data */
    case 0x54: call(cpu, r, op); break;                                /* CALL 2xx */
    case 0x55: ON_BUS(count_edges_to(cpu, end - cycles)); s->timer_mode = O2_TIMER_TIMER; s->prescaler = 0; break; /* STRT T */
    case 0x56: { int t1; ON_BUS(t1 = test_pin(cpu, CPU8048_PIN_T1)); jump_if(cpu, r, t1); } goto jumped; /* JT1 */
    case 0x57: decimal_adjust(r); break;                               /* DA A */
    EACH_REG(0x58): r->a &= *reg(s, r->psw, op & 7u); break;           /* ANL A,Rr */
    /* 6x */
    case 0x60: case 0x61: add(r, *indirect(s, r->psw, op & 1u), 0); break; /* ADD A,@Rr */
    case 0x62: ON_BUS(count_edges_to(cpu, end - cycles)); s->timer = r->a; break; /* MOV T,A */
    case 0x64: jmp(cpu, r, op); goto jumped;                           /* JMP 3xx */
    case 0x65: ON_BUS(count_edges_to(cpu, end - cycles)); s->timer_mode = O2_TIMER_STOPPED; break; /* STOP TCNT */
    case 0x67: rotate_right_through_carry(r); break;                   /* RRC A */
    EACH_REG(0x68): add(r, *reg(s, r->psw, op & 7u), 0); break;        /* ADD A,Rr */
    /* 7x */
    case 0x70: case 0x71: add(r, *indirect(s, r->psw, op & 1u), carry(r)); break; /* ADDC A,@Rr */
    case 0x72: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JB3 */
    case 0x74: call(cpu, r, op); break;                                /* CALL 3xx */
    case 0x75: break;                                                  /* ENT0 CLK */
    case 0x76: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JF1 */
    case 0x77: r->a = (uint8_t)((r->a >> 1) | (r->a << 7)); break;     /* RR A */
    EACH_REG(0x78): add(r, *reg(s, r->psw, op & 7u), carry(r)); break; /* ADDC A,Rr */
    /* 8x */
    case 0x80: case 0x81: ON_BUS(r->a = ext_read(cpu, *reg(s, r->psw, op & 1u))); break; /* MOVX A,@Rr */
    case 0x83: jump_to(cpu, r, routine_bank(s, pop(s, r, 0))); break;  /* RET */
    case 0x84: jmp(cpu, r, op); goto jumped;                           /* JMP 4xx */
    case 0x85: set_flag(r, PSW_F0, 0); break;                          /* CLR F0 */
    case 0x86: { int irq; ON_BUS(irq = test_pin(cpu, CPU8048_PIN_INT)); jump_if(cpu, r, irq); } goto jumped; /* JNI */
    case 0x88: { uint8_t v = fetch(cpu, r); ON_BUS(port_or(cpu, CPU8048_PORT_BUS, v)); } break; /* ORL BUS,#data */
    case 0x89: { uint8_t v = fetch(cpu, r); ON_BUS(port_or(cpu, CPU8048_PORT_P1, v)); } break; /* ORL P1,#data */
    case 0x8A: { uint8_t v = fetch(cpu, r); ON_BUS(port_or(cpu, CPU8048_PORT_P2, v)); } break; /* ORL P2,#data */
    case 0x8C: case 0x8D: case 0x8E: case 0x8F: ON_BUS(expander_write(cpu, r->a)); break; /* ORLD Pp,A */
    /* 9x */
    case 0x90: case 0x91: ON_BUS(ext_write(cpu, *reg(s, r->psw, op & 1u), r->a)); break; /* MOVX @Rr,A */
    case 0x92: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JB4 */
    case 0x93: retr(cpu, r); r->gate = 0; break;                       /* RETR */
    case 0x94: call(cpu, r, op); break;                                /* CALL 4xx */
    case 0x95: r->psw ^= PSW_F0; break;                                /* CPL F0 */
    case 0x96: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JNZ */
    case 0x97: set_flag(r, PSW_CY, 0); break;                          /* CLR C */
    case 0x98: { uint8_t v = fetch(cpu, r); ON_BUS(port_and(cpu, CPU8048_PORT_BUS, v)); } break; /* ANL BUS,#data */
    case 0x99: { uint8_t v = fetch(cpu, r); ON_BUS(port_and(cpu, CPU8048_PORT_P1, v)); } break; /* ANL P1,#data */
    case 0x9A: { uint8_t v = fetch(cpu, r); ON_BUS(port_and(cpu, CPU8048_PORT_P2, v)); } break; /* ANL P2,#data */
    case 0x9C: case 0x9D: case 0x9E: case 0x9F: ON_BUS(expander_write(cpu, r->a)); break; /* ANLD Pp,A */
    /* Ax */
    case 0xA0: case 0xA1: *indirect(s, r->psw, op & 1u) = r->a; break; /* MOV @Rr,A */
    case 0xA3: r->a = page_byte(cpu, r->pc, r->a); break;              /* MOVP A,@A */
    case 0xA4: jmp(cpu, r, op); goto jumped;                           /* JMP 5xx */
    case 0xA5: s->f1 = 0; break;                                       /* CLR F1 */
    case 0xA7: r->psw ^= PSW_CY; break;                                /* CPL C */
    EACH_REG(0xA8): *reg(s, r->psw, op & 7u) = r->a; break;            /* MOV Rr,A */
    /* Bx */
    case 0xB0: case 0xB1: *indirect(s, r->psw, op & 1u) = fetch(cpu, r); break; /* MOV @Rr,#data */
    case 0xB2: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JB5 */
    case 0xB3: jump_to(cpu, r, page_byte(cpu, r->pc, r->a) | (r->pc & PC_PAGE)); break; /* JMPP @A */
    case 0xB4: call(cpu, r, op); break;                                /* CALL 5xx */
    case 0xB5: s->f1 = !s->f1; break;                                  /* CPL F1 */
    case 0xB6: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JF0 */
    EACH_REG(0xB8): *reg(s, r->psw, op & 7u) = fetch(cpu, r); break;   /* MOV Rr,#data */
    /* Cx */
    case 0xC4: jmp(cpu, r, op); goto jumped;                           /* JMP 6xx */
    case 0xC5: set_flag(r, PSW_BS, 0); break;                          /* SEL RB0 */
    case 0xC6: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JZ */
    case 0xC7: r->a = r->psw | PSW_ONE; break;                         /* MOV A,PSW */
    EACH_REG(0xC8): (*reg(s, r->psw, op & 7u))--; break;               /* DEC Rr */
    /* Dx */
    case 0xD0: case 0xD1: r->a ^= *indirect(s, r->psw, op & 1u); break; /* XRL A,@Rr */
    case 0xD2: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JB6 */
    case 0xD3: r->a ^= fetch(cpu, r); break;                           /* XRL A,#data */
    case 0xD4: call(cpu, r, op); break;                                /* CALL 6xx */
    case 0xD5: set_flag(r, PSW_BS, 1); break;                          /* SEL RB1 */
    case 0xD7: r->psw = r->a | PSW_ONE; break;                         /* MOV PSW,A */
    EACH_REG(0xD8): r->a ^= *reg(s, r->psw, op & 7u); break;           /* XRL A,Rr */
    /* Ex */
    case 0xE3: r->a = program_byte(cpu, MOVP3_PAGE | r->a); break;     /* MOVP3 A,@A */
    case 0xE4: jmp(cpu, r, op); goto jumped;                           /* JMP 7xx */
    case 0xE5: s->mb = 0; break;                                       /* SEL MB0 */
    case 0xE6: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JNC */
    case 0xE7: r->a = (uint8_t)((r->a << 1) | (r->a >> 7)); break;     /* RL A */
    EACH_REG(0xE8): jump_if(cpu, r, --*reg(s, r->psw, op & 7u) != 0); goto jumped; /* DJNZ Rr,addr */
    /* Fx */
    case 0xF0: case 0xF1: r->a = *indirect(s, r->psw, op & 1u); break; /* MOV A,@Rr */
    case 0xF2: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JB7 */
    case 0xF4: call(cpu, r, op); break;                                /* CALL 7xx */
    case 0xF5: s->mb = 1; break;                                       /* SEL MB1 */
    case 0xF6: jump_if(cpu, r, steady_condition(s, r, op)); goto jumped; /* JC */
    case 0xF7: rotate_left_through_carry(r); break;                    /* RLC A */
    EACH_REG(0xF8):                                                    /* MOV A,Rr */
        r->a = *reg(s, r->psw, op & 7u);
        if (fast && code_byte(r) == op) {
            unsigned pc = r->pc;
            end = run_repeats(cpu, end, &pc, op, breakpoints);
            jump_to(cpu, r, pc);
        }
        break;
    default: break;                                                    /* undefined: no-op */
    }
    return end;
jumped:
    if (!fast || from - r->pc > FILL_LOOP_BACK || !no_break_in(breakpoints, r->pc, from))
        return end;
    if (from - r->pc <= IDLE_LOOP_BACK) {
        store_regs(cpu, r);
        end = skip_idle(cpu, end, r->pc);
        r->a = s->a;
    } else {
        unsigned pc = r->pc;
        store_regs(cpu, r);
        end = run_fill_loop(cpu, end, &pc);
        r->a = s->a;
        jump_to(cpu, r, pc);
        bus_done(cpu, r);
    }
    return end;
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

/* A conditional jump at at->pc (opcode already fetched) that lands on `head`. */
static int jumps_back(const cpu8048 *cpu, cpu_regs *at, unsigned head)
{
    unsigned page = at->pc & PC_PAGE;
    return (page | fetch(cpu, at)) == head;
}

static int find_idle_loop(cpu8048 *cpu, unsigned head, idle_loop *loop)
{
    o2_cpu_state *s = &cpu->s;
    cpu_regs at = regs_of(cpu);   /* A and PSW as execute() left them in s */
    jump_to(cpu, &at, head);
    uint8_t first = fetch(cpu, &at);
    *loop = (idle_loop){ .period = cpu8048_cycles[first], .max = UINT_MAX };
    if ((first & 0x1F) == 0x04)                                            /* JMP $ */
        return far_target(s, first, fetch(cpu, &at)) == head;
    if ((first & 0xF8) == 0xE8) {                                          /* DJNZ Rr,$ */
        loop->counter = reg(s, s->psw, first & 7u);
        loop->step = -1;
        loop->max = (uint8_t)(*loop->counter - 1u);     /* the jumps back before it reaches 0 */
        return jumps_back(cpu, &at, head);
    }
    int condition = steady_condition(s, &at, first);
    if (condition > 0)                                                     /* Jcc $, taken */
        return jumps_back(cpu, &at, head);
    if (condition == 0) {                                                  /* Jcc out; JMP $-2 */
        fetch(cpu, &at);
        uint8_t jump = fetch(cpu, &at);
        loop->period += cpu8048_cycles[jump];
        return (jump & 0x1F) == 0x04 && far_target(s, jump, fetch(cpu, &at)) == head;
    }
    uint8_t second = fetch(cpu, &at);
    loop->period += cpu8048_cycles[second];
    if ((first & 0xF8) == 0x18 || (first & 0xF8) == 0xC8) {                /* INC/DEC Rr; JMP $ */
        loop->counter = reg(s, s->psw, first & 7u);
        loop->step = (first & 0xF8) == 0x18 ? 1 : -1;
        return (second & 0x1F) == 0x04 && far_target(s, second, fetch(cpu, &at)) == head;
    }
    if ((first & 0xF8) == 0xF8 || first == 0xF0 || first == 0xF1) {       /* MOV A,Rr / A,@Ri */
        loop->loads_a = 1;
        loop->a = (first & 0xF8) == 0xF8 ? *reg(s, s->psw, first & 7u) : *indirect(s, s->psw, first & 1u);
        if (second == 0xC6)                                                /* JZ $ */
            return loop->a == 0 && jumps_back(cpu, &at, head);
        if (second == 0x96)                                                /* JNZ $ */
            return loop->a != 0 && jumps_back(cpu, &at, head);
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
    cpu_regs at = regs_of(cpu);
    jump_to(cpu, &at, head);
    uint8_t step = fetch(cpu, &at);
    if ((step & 0xFE) != 0xC8 && (step & 0xFE) != 0x18)                      /* DEC/INC R0/R1 */
        return 0;
    unsigned i = step & 1u;
    uint8_t load = fetch(cpu, &at);
    if (load == 0x27)                                                        /* CLR A */
        loop->value = 0;
    else if (load == 0x23)                                                   /* MOV A,#v */
        loop->value = fetch(cpu, &at);
    else
        return 0;
    loop->store_pc = at.pc;
    if (fetch(cpu, &at) != (0x90 | i))                                       /* MOVX @Ri,A */
        return 0;
    loop->after_store_pc = at.pc;
    if (fetch(cpu, &at) != (0xF8 | i))                                       /* MOV A,Ri */
        return 0;
    uint8_t compare = fetch(cpu, &at);
    if ((compare & 0xF8) == 0xD8) {                                          /* XRL A,Rr */
        loop->end = reg(s, s->psw, compare & 7u);
    } else if (compare == 0xD3) {                                            /* XRL A,#e */
        loop->immediate = fetch(cpu, &at);
        loop->end = &loop->immediate;
    } else {
        return 0;
    }
    if (fetch(cpu, &at) != 0x96 || !jumps_back(cpu, &at, head))             /* JNZ head */
        return 0;
    loop->exit_pc = at.pc;
    loop->pointer = reg(s, s->psw, i);
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
        ext_write(cpu, *loop.pointer, s->a);
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

/* The working registers back into s after execute(), with the cycle reached. */
static inline void finish(cpu8048 *cpu, const cpu_regs *r, uint64_t now)
{
    store_regs(cpu, r);
    cpu->s.cycles = now;
}

int cpu8048_step(cpu8048 *cpu)
{
    cpu_regs r = regs_of(cpu);
    uint64_t start = cpu->s.cycles;
    uint64_t end = take_interrupt(cpu, &r) ? start + 2 : execute(cpu, start, &r, 0, NULL);
    finish(cpu, &r, end);
    return (int)(end - start);
}

void cpu8048_run(cpu8048 *cpu, uint64_t until)
{
    cpu->run_until = until;
    cpu_regs r = regs_of(cpu);     /* gate 0: the pins may have changed since the last run */
    const int fast = cpu->skip_idle;
    uint64_t now = cpu->s.cycles;
    for (;;) {
        if (__builtin_expect(now >= r.gate, 0)) {
            if (now >= r.until)
                break;
            r.gate = r.until;
            /* The entry and the instruction at the vector run as one step: a run that takes an
             * interrupt before its end also runs that instruction, as MAME's frames do (corpus
             * test_irq_frame_end, tests/conformance/DIFFERENCES.md "Frame cut"). */
            if (take_interrupt(cpu, &r))
                now += 2;
        }
        now = execute(cpu, now, &r, fast, NULL);
    }
    finish(cpu, &r, now);
}

void cpu8048_run_to_break(cpu8048 *cpu, uint64_t until, const uint8_t *breakpoints)
{
    cpu->run_until = until;
    cpu_regs r = regs_of(cpu);
    const int fast = cpu->skip_idle;
    uint64_t now = cpu->s.cycles;
    while (now < r.until && !breakpoints[r.pc & PC_MASK]) {
        if (take_interrupt(cpu, &r)) {          /* with the vector's instruction (cpu8048_run) */
            now += 2;
            if (breakpoints[r.pc & PC_MASK])
                break;
        }
        now = execute(cpu, now, &r, fast, breakpoints);
    }
    finish(cpu, &r, now);
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
