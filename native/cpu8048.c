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
#include <string.h>

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

/* What execute() works on in host registers instead of s: the PC, A, PSW, the image of the
 * program mapping (cpu8048_code) and, for cpu8048_run, the run's end and the interrupt poll. A store into the internal
 * RAM (uint8_t, which may alias anything) would otherwise make the compiler reload A and PSW from
 * s after it. s gets them back where someone can look: around a bus callback (bus_view), before
 * a fast path or a skipped loop, and when execute's caller is done (store_regs). */
typedef struct cpu_regs {
    uintptr_t pc;             /* 12 bits; pointer-wide so that code[pc] needs no extension */
    unsigned a;               /* 8-bit values; full-width so that each has its own host register */
    uintptr_t psw;            /* pointer-wide too: it indexes psw_pushed and psw_popped */
    const cpu8048_code *code; /* the mapping's image (cpu8048.h) */
    uint64_t until;           /* cpu->run_until as of the last bus callback */
    /* cpu8048_run compares the cycle with this alone before each instruction: `until`, or 0 while
     * an interrupt may have become due (cpu->irq_poll, EN I, RETR), so that one compare covers
     * both the run's end and the poll. */
    uint64_t gate;
} cpu_regs;

/* ---- program images ---- */

#define LOOP_HEAD_UNKNOWN 0xFF   /* in loop_head[]: not yet looked at (loop_may_start) */

static inline int maps_as(const cpu8048_code *c, const cpu8048 *cpu)
{
    /* The windows a bank switch changes (04xx-07xx, 0Cxx-0Fxx) first: a mismatch shows there. */
    return c->valid && c->windows[1] == cpu->prog[1] && c->windows[3] == cpu->prog[3]
        && c->windows[0] == cpu->prog[0] && c->windows[2] == cpu->prog[2];
}

#if defined(__GNUC__) && !defined(CPU8048_SWITCH_DISPATCH)
#define CPU8048_THREADED 1    /* labels as values (GCC, Clang); -DCPU8048_SWITCH_DISPATCH: the switch */
#define SLOW_PATH 256         /* in the threaded loop's table: the entry of execute() */
#define REPEATED_MOV 257      /* there: a MOV A,Rr followed by the same opcode (run_repeats) */
#define UNDECODED 258         /* there: an address not run yet (handler_at) */
/* There: frequent sequences run as one (fused handlers, run_threaded), each where none of its
 * instructions starts in the last two addresses of a 2 KiB half. */
#define FUSED_SELECT 259      /* ORL P1,#data; ANL P1,#data: a chip select */
#define FUSED_SELECT_RET 260  /* the same, then RET */
#define FUSED_RL_RL 261       /* RL A; RL A */
#define FUSED_ADD_MOV 262     /* ADD A,#data; MOV Rr,A: 262 + r */
#define FUSED_CLR_C_RRC 270   /* CLR C; RRC A */
#define PLAIN_JUMP 271        /* there + opcode: a jump that cannot close a loop (handler_at) */
#define THREADED_SLOTS (PLAIN_JUMP + 256)
#define OP_ADD_IMM 0x03
#define OP_MOV_R0_A 0xA8
#define OP_CLR_C  0x97
#define OP_RRC    0x67
#define OP_ORL_P1 0x89
#define OP_ANL_P1 0x99
#define OP_RET    0x83
#define OP_RL     0xE7
static const void *const *threaded_handlers(void);

#endif

/* A new image: handler[] as yet undecoded, loop_head[] unknown. */
static void fill_handlers(cpu8048_code *c)
{
    memset(c->loop_head, LOOP_HEAD_UNKNOWN, sizeof c->loop_head);
#ifdef CPU8048_THREADED
    const void *undecoded = threaded_handlers()[UNDECODED];
    for (unsigned addr = 0; addr < CPU8048_CODE_SIZE; addr += 8)     /* eight a turn: wider stores */
        for (unsigned k = 0; k < 8; k++)
            c->handler[addr + k] = undecoded;
#else
    (void)c;
#endif
}

/* A mapping not seen last: a kept image of it, or a new one in place of the oldest. */
static __attribute__((noinline)) const cpu8048_code *code_for_mapping(cpu8048 *cpu)
{
    unsigned was = cpu->code_current;
    cpu->code_current = cpu->code_previous;
    cpu->code_previous = was;
    if (maps_as(&cpu->code[cpu->code_current], cpu))
        return &cpu->code[cpu->code_current];
    for (unsigned k = 0; k < CPU8048_CODE_MAPS; k++)
        if (maps_as(&cpu->code[k], cpu)) {
            cpu->code_current = k;
            return &cpu->code[k];
        }
    unsigned k = cpu->code_next;
    cpu->code_next = (k + 1) % CPU8048_CODE_MAPS;
    cpu8048_code *c = &cpu->code[k];
    for (unsigned w = 0; w < 4; w++) {
        c->windows[w] = cpu->prog[w];
        memcpy(&c->byte[w * (PROG_WINDOW + 1)], cpu->prog[w], PROG_WINDOW + 1);
    }
    fill_handlers(c);
    c->valid = 1;
    cpu->code_current = k;
    return c;
}

/* The image of prog[] as it is mapped now. */
static inline const cpu8048_code *code_of(cpu8048 *cpu)
{
    const cpu8048_code *c = &cpu->code[cpu->code_current];
    return maps_as(c, cpu) ? c : code_for_mapping(cpu);
}

void cpu8048_program_changed(cpu8048 *cpu)
{
    for (unsigned k = 0; k < CPU8048_CODE_MAPS; k++)
        cpu->code[k].valid = 0;
}

static inline cpu_regs regs_of(cpu8048 *cpu)
{
    const o2_cpu_state *s = &cpu->s;
    cpu_regs r = { .pc = s->pc & PC_MASK, .a = s->a, .psw = s->psw, .code = code_of(cpu),
                   .until = cpu->run_until, .gate = 0 };
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

/* The image covers the whole program space: a jump only sets the PC. */
static inline void jump_to(const cpu8048 *cpu, cpu_regs *r, unsigned pc)
{
    (void)cpu;
    r->pc = pc;
}

/* The program byte at the PC, without moving it. */
static inline uint8_t code_byte(const cpu_regs *r)
{
    return r->code->byte[r->pc];
}

/* Next program byte; the PC wraps inside its 2 KiB half. */
static inline uint8_t fetch(const cpu8048 *cpu, cpu_regs *r)
{
    (void)cpu;
    uint8_t byte = code_byte(r);
    r->pc++;
    if (__builtin_expect((r->pc & PC_IN_BANK) == 0, 0))
        r->pc -= PC_IN_BANK + 1;      /* from the top of a half back to its start */
    return byte;
}

/* R0 of the register bank PSW selects. */
static inline uint8_t *bank_of(o2_cpu_state *s, unsigned psw)
{
    return &s->ram[(psw & PSW_BS) ? BANK1_BASE : 0];
}

static inline uint8_t *reg(o2_cpu_state *s, uint8_t psw, unsigned n)
{
    return &bank_of(s, psw)[n];
}

static inline uint8_t *indirect(o2_cpu_state *s, uint8_t psw, unsigned n)
{
    return &s->ram[*reg(s, psw, n) & RAM_MASK];
}

/* ---- ALU and flags ---- */

static inline void set_flag(cpu_regs *r, uint8_t flag, int on)
{
    r->psw = on ? (r->psw | flag) : (r->psw & ~(unsigned)flag);
}

static inline unsigned carry(const cpu_regs *r) { return (r->psw & PSW_CY) ? 1 : 0; }

/* CY is the carry out of bit 7 (sum bit 8); AC the carry into bit 4, which is sum bit 4 with
 * the operands' own bit 4 taken away (the operands have no bit 8). */
/* CY and AC by the carries shifted right by 4 (bit 4: CY, bit 0: AC; cpu->table.add_flags): one
 * load instead of two shifts and masks. */
static inline uint8_t add_flags(unsigned carries_4)
{
    return (uint8_t)((carries_4 & 0x10 ? PSW_CY : 0) | (carries_4 & 0x01 ? PSW_AC : 0));
}

static inline void add(const cpu8048 *cpu, cpu_regs *r, uint8_t v, unsigned carry_in)
{
    unsigned sum = r->a + v + carry_in;
    unsigned carries = r->a ^ v ^ sum;      /* bit 8: out of bit 7 (CY); bit 4: into bit 4 (AC) */
    r->psw = (r->psw & ~(unsigned)(PSW_CY | PSW_AC)) | cpu->table.add_flags[carries >> 4];
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

static inline uint8_t rotate_left(uint8_t a)
{
    return (uint8_t)((a << 1) | (a >> 7));
}

/* CY is PSW bit 7: it goes into A and out of it by shifts alone, without a test. */
_Static_assert(PSW_CY == 0x80, "the rotations through carry take CY as PSW bit 7");
static inline void rotate_left_through_carry(cpu_regs *r)
{
    unsigned cy_in = (r->psw & PSW_CY) >> 7;
    r->psw = (r->psw & ~(unsigned)PSW_CY) | (r->a & 0x80);
    r->a = (uint8_t)((r->a << 1) | cy_in);
}

static inline void rotate_right_through_carry(cpu_regs *r)
{
    unsigned cy_in = r->psw & PSW_CY;
    r->psw = (r->psw & ~(unsigned)PSW_CY) | ((r->a & 0x01) << 7);
    r->a = (r->a >> 1) | cy_in;
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

/* STRT CNT, STRT T, STOP TCNT: the new mode, told to the bus where the counter starts or stops
 * (cpu8048_bus.counter_switched). */
static inline void set_timer_mode(cpu8048 *cpu, uint8_t mode)
{
    int switched = (cpu->s.timer_mode == O2_TIMER_COUNTER) != (mode == O2_TIMER_COUNTER);
    cpu->s.timer_mode = mode;
    if (switched && cpu->bus.counter_switched)
        cpu->bus.counter_switched(cpu->bus.ctx);
}

/* STRT CNT: edges count from the level at its first cycle. */
static inline void start_counter(cpu8048 *cpu, uint64_t cycle)
{
    if (cpu->bus.read_t1) {
        cpu->bus.read_t1(cpu->bus.ctx, cycle);
        cpu8048_yield(cpu);
    }
    set_timer_mode(cpu, O2_TIMER_COUNTER);
}

/* STRT T and STOP TCNT: an edge the count has taken by `cycle` still counts (count_edges_to). */
static inline void stop_counter(cpu8048 *cpu, uint64_t cycle, uint8_t mode)
{
    count_edges_to(cpu, cycle);
    set_timer_mode(cpu, mode);
}

static inline int take_timer_flag(o2_cpu_state *s)
{
    int was = s->timer_flag;
    s->timer_flag = 0;
    return was;
}

/* ---- control flow ---- */

/* A stack entry: the PC's low byte, then PSW bits 7-4 over PC bits 11-8; one 16-bit access on
 * a little-endian host. */
static inline void store_entry(uint8_t *at, unsigned entry)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint16_t v = (uint16_t)entry;
    memcpy(at, &v, sizeof v);
#else
    at[0] = (uint8_t)entry;
    at[1] = (uint8_t)(entry >> 8);
#endif
}

static inline unsigned load_entry(const uint8_t *at)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint16_t v;
    memcpy(&v, at, sizeof v);
    return v;
#else
    return at[0] | (unsigned)at[1] << 8;
#endif
}

/* The PSW with its stack pointer moved `by` (cpu->table.pushed, popped: one load instead of the
 * masks and the wrap). */
static inline uint8_t stack_moved(unsigned psw, unsigned by)
{
    return (uint8_t)((psw & ~(unsigned)PSW_SP) | ((psw + by) & PSW_SP));
}

/* The stack's tables by PSW (cpu->table): the entry's slot and high byte in one load each. */
static void fill_tables(cpu8048 *cpu)
{
    for (unsigned psw = 0; psw < 256; psw++) {
        cpu->table.entry_high[psw] = (uint16_t)((psw & 0xF0) << 8);
        cpu->table.slot[psw] = (uint8_t)(2 * (psw & PSW_SP));
        cpu->table.pushed[psw] = stack_moved(psw, 1);
        cpu->table.popped[psw] = stack_moved(psw, 7);
    }
    for (unsigned k = 0; k < 32; k++)
        cpu->table.add_flags[k] = add_flags(k);
}

/* r->psw stays within 8 bits here without a cast: its bits are only masked and or-ed. */
static inline void push(cpu8048 *cpu, cpu_regs *r, unsigned pc)
{
    store_entry(&cpu->s.ram[STACK_BASE + cpu->table.slot[r->psw]], pc | cpu->table.entry_high[r->psw]);  /* pc: 12 bits */
    r->psw = cpu->table.pushed[r->psw];
}

static inline unsigned pop(cpu8048 *cpu, cpu_regs *r, int restore_psw)
{
    r->psw = cpu->table.popped[r->psw];
    unsigned entry = load_entry(&cpu->s.ram[STACK_BASE + cpu->table.slot[r->psw]]);
    if (restore_psw)
        r->psw = (r->psw & 0x0F) | ((entry >> 8) & 0xF0);
    return entry & PC_MASK;
}

/* Inside an interrupt routine (from the vector to RETR) A11 is held at 0: JMP, CALL and RET land
 * in 000h-7FFh (RET too, as in MAME: random CPU programs 910030 and 910040). JMP/CALL: opcode
 * bits 7-5 are address bits 10-8, bit 11 (`bank`) comes from MB outside a routine. */
static inline unsigned far_bank(const o2_cpu_state *s)
{
    return s->in_irq ? 0 : (unsigned)s->mb << 11;
}

/* The bits of RET's return address kept: A11 held as above. */
static inline unsigned return_mask(const o2_cpu_state *s)
{
    return s->in_irq ? PC_IN_BANK : PC_MASK;
}

static inline unsigned far_address(unsigned bank, uint8_t op, uint8_t low)
{
    return bank | ((op & 0xE0u) << 3) | low;
}

static inline unsigned far_target(const o2_cpu_state *s, uint8_t op, uint8_t low)
{
    return far_address(far_bank(s), op, low);
}

/* JMP and CALL with their address byte `low` fetched (the PC is past it); `bank` is far_bank's. */
static inline void jmp(cpu8048 *cpu, cpu_regs *r, unsigned bank, uint8_t op, uint8_t low)
{
    jump_to(cpu, r, far_address(bank, op, low));
}

static inline __attribute__((always_inline)) void call(cpu8048 *cpu, cpu_regs *r, unsigned bank, uint8_t op,
                                                       uint8_t low)
{
    push(cpu, r, r->pc);
    jump_to(cpu, r, far_address(bank, op, low));
}

static inline void retr(cpu8048 *cpu, cpu_regs *r)
{
    jump_to(cpu, r, pop(cpu, r, 1));
    cpu->s.in_irq = 0;
}

/* Conditional jumps land in the page of their operand byte: JUMP_IF(condition), in the
 * instruction lists below, evaluates the condition, then fetches the operand (OPERAND()). */
static inline void jump_if(cpu8048 *cpu, cpu_regs *r, int condition, unsigned page, uint8_t low)
{
    if (condition)
        jump_to(cpu, r, page | low);
}

#define JUMP_IF(condition) do {                                                 \
        int taken_ = (condition);                                               \
        unsigned page_ = r->pc & PC_PAGE;                                       \
        jump_if(cpu, r, taken_, page_, OPERAND());                              \
    } while (0)

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

/* What the second opcode of a loop that skip_idle, run_ram_fill or run_fill_loop runs at once
 * must be, by its first (find_idle_loop, run_ram_fill and find_fill_loop look at nothing else
 * first): where these do not match, none of them finds a loop, whatever the registers hold. */
enum { LOOP_NEVER, LOOP_ANY_SECOND, LOOP_THEN_JMP_OR_LOAD, LOOP_THEN_JZ_JNZ, LOOP_THEN_DJNZ };

static unsigned loop_start(uint8_t first)
{
    static const o2_cpu_state any_state;
    static const cpu_regs any_regs;
    if ((first & 0x1F) == 0x04 || (first & 0xF8) == 0xE8)                  /* JMP $; DJNZ Rr,$ */
        return LOOP_ANY_SECOND;
    if (steady_condition(&any_state, &any_regs, first) >= 0)               /* Jcc $; Jcc out */
        return LOOP_ANY_SECOND;
    if ((first & 0xF8) == 0x18 || (first & 0xF8) == 0xC8)                  /* INC/DEC Rr */
        return LOOP_THEN_JMP_OR_LOAD;
    if ((first & 0xF8) == 0xF8 || (first & 0xFE) == 0xF0)                  /* MOV A,Rr | A,@Ri */
        return LOOP_THEN_JZ_JNZ;
    if ((first & 0xFE) == 0xA0)                                            /* MOV @Ri,A */
        return LOOP_THEN_DJNZ;
    return LOOP_NEVER;
}

static int loop_continues(unsigned start, uint8_t second)
{
    switch (start) {
    case LOOP_ANY_SECOND:       return 1;
    case LOOP_THEN_JMP_OR_LOAD: return (second & 0x1F) == 0x04 || second == 0x27 || second == 0x23; /* JMP $; CLR A | MOV A,#v */
    case LOOP_THEN_JZ_JNZ:      return second == 0xC6 || second == 0x96;
    case LOOP_THEN_DJNZ:        return (second & 0xF8) == 0xE8;
    default:                    return 0;
    }
}

/* Whether a loop may start at `head` of the image in use, found out on the first jump back to it
 * (loop_head[], cpu8048.h). */
static int loop_may_start(cpu8048 *cpu, unsigned head)
{
    cpu8048_code *c = &cpu->code[cpu->code_current];
    if (c->loop_head[head] == LOOP_HEAD_UNKNOWN) {
        unsigned next = (head & PC_BANK_BIT) | ((head + 1) & PC_IN_BANK);    /* as fetch() wraps */
        c->loop_head[head] = (uint8_t)loop_continues(loop_start(c->byte[head]), c->byte[next]);
    }
    return c->loop_head[head];
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

/* Whether P1 selects where the machine leaves some MOVX writes unheard (cpu8048_bus.quiet). */
static inline int quiet_selected(const cpu8048 *cpu)
{
#ifdef CPU8048_NO_BUS_SHORTCUTS
    (void)cpu;
    return 0;
#else
    return cpu->bus.quiet && (cpu->s.p1 & cpu->bus.quiet_p1_mask) == cpu->bus.quiet_p1_value;
#endif
}

/* There, whether a write of v at addr is one of them. */
static inline int quiet_write(const cpu8048 *cpu, uint8_t addr, uint8_t v)
{
    return cpu->bus.quiet[addr] && cpu->bus.held[addr] == v;
}

/* A MOVX write the machine would not act on: no callback. */
static inline int write_unheard(const cpu8048 *cpu, uint8_t addr, uint8_t v)
{
    return quiet_selected(cpu) && quiet_write(cpu, addr, v);
}

/* A MOVX that reaches the bus's plain memory alone (cpu8048_bus.ram): no callback. */
static inline int ram_alone(const cpu8048 *cpu)
{
#ifdef CPU8048_NO_BUS_SHORTCUTS
    (void)cpu;
    return 0;
#else
    return cpu->bus.ram && (cpu->s.p1 & cpu->bus.ram_p1_mask) == cpu->bus.ram_p1_value;
#endif
}

#ifdef CPU8048_THREADED
/* What a MOVX reaches under the P1 latch as it stands (cpu8048_run keeps it until P1 changes). */
enum { MOVX_UNKNOWN = -1, MOVX_BUS, MOVX_RAM, MOVX_BUS_QUIET };
static inline int movx_reaches(const cpu8048 *cpu)
{
    return ram_alone(cpu) ? MOVX_RAM : quiet_selected(cpu) ? MOVX_BUS_QUIET : MOVX_BUS;
}
#endif

static inline uint8_t ram_read(const cpu8048 *cpu, uint8_t addr)
{
    return addr < cpu->bus.ram_size ? cpu->bus.ram[addr] : cpu->bus.ram_floating;
}

static inline void ram_write(cpu8048 *cpu, uint8_t addr, uint8_t v)
{
    if (addr < cpu->bus.ram_size)
        cpu->bus.ram[addr] = v;
}

/* Whether an OUTL, ANL or ORL leaving `v` in the port's latch must reach write_port: it changes a
 * bit the machine acts on (cpu8048_bus.port_applied). */
static inline int port_heard(const cpu8048 *cpu, int port, uint8_t v)
{
#ifdef CPU8048_NO_BUS_SHORTCUTS
    (void)cpu, (void)port, (void)v;
    return 1;
#else
    const uint8_t *applied = cpu->bus.port_applied[port];
    return !applied || ((v ^ *applied) & cpu->bus.port_listen[port]);
#endif
}

/* Before a bus callback of the instruction at `from` ending at `end`: s as cpu8048.h promises it
 * to the machine (the instruction's address, the start of its last cycle) with A and PSW. */
static inline void bus_view(cpu8048 *cpu, const cpu_regs *r, unsigned from, uint64_t end)
{
    store_regs(cpu, r);
    cpu->s.pc = (uint16_t)from;
    cpu->s.cycles = end - 1;
}

/* After it: the machine may have ended the run (cpu8048_yield) or counted a timer overflow
 * (cpu8048_set_t1), both of which set irq_poll, and after a port write (`port`) mapped other
 * program windows (a bank switch through P1). Returns whether the run's end or the interrupt poll
 * changed (the gate then closes): most accesses change neither, and the threaded loop's limit
 * then stands. */
static inline int bus_done(cpu8048 *cpu, cpu_regs *r, int port)
{
    if (port)
        r->code = code_of(cpu);
    if (__builtin_expect(!cpu->irq_poll, 1))
        return 0;
    r->until = cpu->run_until;
    r->gate = 0;
    return 1;
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
    push(cpu, r, r->pc);
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

/* How many of the n bytes from `bytes` on equal `op` before the first that does not: eight at a
 * time (an empty slot's 1 KiB windows of 0xFF pass through here at every run of its BIOS). */
static unsigned same_bytes(const uint8_t *bytes, unsigned n, uint8_t op)
{
    const uint64_t all = 0x0101010101010101u * op;
    unsigned same = 0;
    for (uint64_t eight; same + sizeof eight <= n; same += sizeof eight) {
        memcpy(&eight, bytes + same, sizeof eight);
        if (eight != all)
            break;
    }
    while (same < n && bytes[same] == op)
        same++;
    return same;
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
        if (!breakpoints)
            same = same_bytes(bytes, span, op);
        else
            while (same < span && bytes[same] == op && !breakpoints[addr + same])
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
static uint64_t run_ram_fill(cpu8048 *cpu, uint64_t now, unsigned *pc);
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
#define ON_BUS(statement) ON_ACCESS(statement, 0)
/* The same for a write to a port latch, after which the program may be mapped anew. */
#define ON_PORT(statement) ON_ACCESS(statement, 1)
#define ON_ACCESS(statement, port) do {         \
        TIMER_TO(END());                        \
        bus_view(cpu, r, from, END());          \
        statement;                              \
        AFTER_BUS(bus_done(cpu, r, (port)));    \
    } while (0)

/* MOVX A,@Rr and MOVX @Rr,A at `addr`: plain memory at once, else through the bus. */
#define EXT_READ(addr) do {                                                     \
        uint8_t addr_ = (addr);                                                 \
        if (RAM_ALONE()) {                                                      \
            r->a = ram_read(cpu, addr_);                                        \
            AFTER_BUS(0);                                                       \
        } else                                                                  \
            ON_BUS(r->a = ext_read(cpu, addr_));                                \
    } while (0)
#define EXT_WRITE(addr) do {                                                    \
        uint8_t addr_ = (addr);                                                 \
        if (WRITE_UNHEARD(addr_, (uint8_t)r->a))                                \
            AFTER_BUS(0);                                                       \
        else if (RAM_ALONE()) {                                                 \
            ram_write(cpu, addr_, (uint8_t)r->a);                               \
            AFTER_BUS(0);                                                       \
        } else                                                                  \
            ON_BUS(ext_write(cpu, addr_, (uint8_t)r->a));                       \
    } while (0)
/* OUTL, ANL and ORL: the new latch, through write_port where the machine acts on what changed;
 * LATCH_SET(port) follows. */
#define LATCH_WRITE(port, value) do {                                           \
        uint8_t latch_ = (value);                                               \
        if (port_heard(cpu, (port), latch_))                                    \
            ON_PORT(port_write(cpu, (port), latch_));                           \
        else {                                                                  \
            *port_latch(s, (port)) = latch_;                                    \
            AFTER_BUS(0);                                                       \
        }                                                                       \
        LATCH_SET(port);                                                        \
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

/* After a jump back from `from` to r->pc, short enough to close an idle or block-filling loop
 * (fast runs, no breakpoint in it): the loop's iterations at once, if it is one. Returns the cycle
 * reached (`end`, that of the jump, if none ran). */
static inline __attribute__((always_inline)) uint64_t loop_at_jump(cpu8048 *cpu, cpu_regs *r, unsigned from, uint64_t end)
{
    o2_cpu_state *s = &cpu->s;
    if (!loop_may_start(cpu, r->pc))
        return end;
    if (from - r->pc <= IDLE_LOOP_BACK) {
        unsigned pc = r->pc;
        store_regs(cpu, r);
        uint64_t skipped = skip_idle(cpu, end, pc);
        if (skipped == end) {
            skipped = run_ram_fill(cpu, end, &pc);
            jump_to(cpu, r, pc);
        }
        end = skipped;
        r->a = s->a;
    } else {
        unsigned pc = r->pc;
        store_regs(cpu, r);
        end = run_fill_loop(cpu, end, &pc);
        r->a = s->a;
        jump_to(cpu, r, pc);
        bus_done(cpu, r, 0);
    }
    return end;
}

/* The instructions that neither reach the bus nor touch the timer, the interrupt logic or a pin
 * the bus reports: cpu8048_run's threaded loop runs these in its own handlers, every other opcode
 * through execute(); execute() runs them all. Each is written once, here, for both:
 *     X(name, first opcode, opcodes: 1, 2 (@R0, @R1: op & 1) or 8 (R0-R7: op & 7), body)
 * A body reaches the registers through REG(n) and IND(i), its operand byte through OPERAND(), and
 * ends in NEXT, or MOVED where it set the PC (CALL, RET, JMPP), or JUMPED after a jump (which may
 * close an idle loop), or REPEATS (MOV A,Rr: the same opcode may follow), or is BRANCH(condition)
 * (a conditional jump in the page of its operand) or JUMP_FAR() (JMP), or TIMER_READ where it read
 * or set the timer after TIMER_TO_END() brought it to the instruction's end. BANK_CHANGED() follows a
 * change of the PSW's bank bit, MB_CHANGED() one of MB; FAR_BANK() is far_bank(s). */
#define THREADED_INSTRUCTIONS(X, J) \
    X(nop,        0x00, 1, NEXT)                                                   /* NOP */ \
    X(outl_bus,   0x02, 1, LATCH_WRITE(CPU8048_PORT_BUS, r->a); ON_BUS_DONE)                          /* OUTL BUS,A */ \
    X(add_imm,    0x03, 1, add(cpu, r, OPERAND(), 0); NEXT)                             /* ADD A,#data */ \
    J(jmp_0,      0x04, 1, JUMP_FAR()) /* JMP 0xx */ \
    X(dec_a,      0x07, 1, r->a = (uint8_t)(r->a - 1); NEXT)                       /* DEC A */ \
    X(ins_bus,    0x08, 1, ON_BUS(r->a = port_read(cpu, CPU8048_PORT_BUS)); ON_BUS_DONE)            /* INS A,BUS */ \
    X(in_p1,      0x09, 1, ON_BUS(r->a = port_read(cpu, CPU8048_PORT_P1)); ON_BUS_DONE)             /* IN A,P1 */ \
    X(in_p2,      0x0A, 1, ON_BUS(r->a = port_read(cpu, CPU8048_PORT_P2)); ON_BUS_DONE)             /* IN A,P2 */ \
    X(inc_ind,    0x10, 2, IND(op & 1u)++; NEXT)                                   /* INC @Rr */ \
    J(jb0,        0x12, 1, BRANCH(steady_condition(s, r, op))) /* JB0 */ \
    X(addc_imm,   0x13, 1, add(cpu, r, OPERAND(), carry(r)); NEXT)                      /* ADDC A,#data */ \
    X(call_0,     0x14, 1, call(cpu, r, FAR_BANK(), op, OPERAND()); MOVED)                                /* CALL 0xx */ \
    X(inc_a,      0x17, 1, r->a = (uint8_t)(r->a + 1); NEXT)                       /* INC A */ \
    X(inc_reg,    0x18, 8, REG(op & 7u)++; NEXT)                                   /* INC Rr */ \
    X(xch_ind,    0x20, 2, exchange(r, &IND(op & 1u)); NEXT)                       /* XCH A,@Rr */ \
    X(mov_imm,    0x23, 1, r->a = OPERAND(); NEXT)                                 /* MOV A,#data */ \
    J(jmp_1,      0x24, 1, JUMP_FAR()) /* JMP 1xx */ \
    J(jnt0,       0x26, 1, BRANCH(steady_condition(s, r, op))) /* JNT0 */ \
    X(clr_a,      0x27, 1, r->a = 0; NEXT)                                         /* CLR A */ \
    X(xch_reg,    0x28, 8, exchange(r, &REG(op & 7u)); NEXT)                       /* XCH A,Rr */ \
    X(xchd,       0x30, 2, exchange_digit(r, &IND(op & 1u)); NEXT)                 /* XCHD A,@Rr */ \
    J(jb1,        0x32, 1, BRANCH(steady_condition(s, r, op))) /* JB1 */ \
    X(call_1,     0x34, 1, call(cpu, r, FAR_BANK(), op, OPERAND()); MOVED)                                /* CALL 1xx */ \
    J(jt0,        0x36, 1, BRANCH(steady_condition(s, r, op))) /* JT0 */ \
    X(cpl_a,      0x37, 1, r->a = (uint8_t)~r->a; NEXT)                            /* CPL A */ \
    X(outl_p1,    0x39, 1, LATCH_WRITE(CPU8048_PORT_P1, r->a); ON_BUS_DONE)                           /* OUTL P1,A */ \
    X(outl_p2,    0x3A, 1, LATCH_WRITE(CPU8048_PORT_P2, r->a); ON_BUS_DONE)                           /* OUTL P2,A */ \
    X(orl_ind,    0x40, 2, r->a |= IND(op & 1u); NEXT)                             /* ORL A,@Rr */ \
    X(orl_imm,    0x43, 1, r->a |= OPERAND(); NEXT)                                /* ORL A,#data */ \
    J(jmp_2,      0x44, 1, JUMP_FAR()) /* JMP 2xx */ \
    X(mov_a_t,    0x42, 1, TIMER_TO_END(); ON_BUS(count_edges_to(cpu, END() - cpu8048_cycles[op])); r->a = s->timer; TIMER_READ) /* MOV A,T */ \
    X(jnt1,       0x46, 1, int t1; ON_BUS(t1 = test_pin(cpu, CPU8048_PIN_T1)); JUMP_IF(!t1); ON_BUS_JUMPED) /* JNT1 */ \
    X(swap,       0x47, 1, r->a = (uint8_t)((r->a << 4) | (r->a >> 4)); NEXT)      /* SWAP A */ \
    X(orl_reg,    0x48, 8, r->a |= REG(op & 7u); NEXT)                             /* ORL A,Rr */ \
    X(anl_ind,    0x50, 2, r->a &= IND(op & 1u); NEXT)                             /* ANL A,@Rr */ \
    J(jb2,        0x52, 1, BRANCH(steady_condition(s, r, op))) /* JB2 */ \
    X(anl_imm,    0x53, 1, r->a &= OPERAND(); NEXT)                                /* ANL A,#data */ \
    X(call_2,     0x54, 1, call(cpu, r, FAR_BANK(), op, OPERAND()); MOVED)                                /* CALL 2xx */ \
    X(jt1,        0x56, 1, int t1; ON_BUS(t1 = test_pin(cpu, CPU8048_PIN_T1)); JUMP_IF(t1); ON_BUS_JUMPED) /* JT1 */ \
    X(da,         0x57, 1, decimal_adjust(r); NEXT)                                /* DA A */ \
    X(anl_reg,    0x58, 8, r->a &= REG(op & 7u); NEXT)                             /* ANL A,Rr */ \
    X(add_ind,    0x60, 2, add(cpu, r, IND(op & 1u), 0); NEXT)                          /* ADD A,@Rr */ \
    X(mov_t_a,    0x62, 1, TIMER_TO_END(); ON_BUS(count_edges_to(cpu, END() - cpu8048_cycles[op])); s->timer = (uint8_t)r->a; TIMER_READ) /* MOV T,A */ \
    J(jmp_3,      0x64, 1, JUMP_FAR()) /* JMP 3xx */ \
    X(rrc,        0x67, 1, rotate_right_through_carry(r); NEXT)                    /* RRC A */ \
    X(add_reg,    0x68, 8, add(cpu, r, REG(op & 7u), 0); NEXT)                          /* ADD A,Rr */ \
    X(addc_ind,   0x70, 2, add(cpu, r, IND(op & 1u), carry(r)); NEXT)                   /* ADDC A,@Rr */ \
    J(jb3,        0x72, 1, BRANCH(steady_condition(s, r, op))) /* JB3 */ \
    X(call_3,     0x74, 1, call(cpu, r, FAR_BANK(), op, OPERAND()); MOVED)                                /* CALL 3xx */ \
    X(ent0_clk,   0x75, 1, NEXT)                                                   /* ENT0 CLK */ \
    J(jf1,        0x76, 1, BRANCH(steady_condition(s, r, op))) /* JF1 */ \
    X(rr,         0x77, 1, r->a = (uint8_t)((r->a >> 1) | (r->a << 7)); NEXT)      /* RR A */ \
    X(addc_reg,   0x78, 8, add(cpu, r, REG(op & 7u), carry(r)); NEXT)                   /* ADDC A,Rr */ \
    X(movx_read,  0x80, 2, EXT_READ(REG(op & 1u)); ON_BUS_DONE)                                       /* MOVX A,@Rr */ \
    X(ret,        0x83, 1, jump_to(cpu, r, pop(cpu, r, 0) & RETURN_MASK()); MOVED)     /* RET */ \
    J(jmp_4,      0x84, 1, JUMP_FAR()) /* JMP 4xx */ \
    X(clr_f0,     0x85, 1, set_flag(r, PSW_F0, 0); NEXT)                           /* CLR F0 */ \
    X(jni,        0x86, 1, int irq; ON_BUS(irq = test_pin(cpu, CPU8048_PIN_INT)); JUMP_IF(irq); ON_BUS_JUMPED) /* JNI */ \
    X(orl_bus,    0x88, 1, uint8_t v = OPERAND(); LATCH_WRITE(CPU8048_PORT_BUS, s->bus | v); ON_BUS_DONE) /* ORL BUS,#data */ \
    X(orl_p1,     0x89, 1, uint8_t v = OPERAND(); LATCH_WRITE(CPU8048_PORT_P1, s->p1 | v); ON_BUS_DONE)  /* ORL P1,#data */ \
    X(orl_p2,     0x8A, 1, uint8_t v = OPERAND(); LATCH_WRITE(CPU8048_PORT_P2, s->p2 | v); ON_BUS_DONE)  /* ORL P2,#data */ \
    X(movx_write, 0x90, 2, EXT_WRITE(REG(op & 1u)); ON_BUS_DONE)                                      /* MOVX @Rr,A */ \
    J(jb4,        0x92, 1, BRANCH(steady_condition(s, r, op))) /* JB4 */ \
    X(call_4,     0x94, 1, call(cpu, r, FAR_BANK(), op, OPERAND()); MOVED)                                /* CALL 4xx */ \
    X(cpl_f0,     0x95, 1, r->psw ^= PSW_F0; NEXT)                                 /* CPL F0 */ \
    J(jnz,        0x96, 1, BRANCH(steady_condition(s, r, op))) /* JNZ */ \
    X(clr_c,      0x97, 1, set_flag(r, PSW_CY, 0); NEXT)                           /* CLR C */ \
    X(anl_bus,    0x98, 1, uint8_t v = OPERAND(); LATCH_WRITE(CPU8048_PORT_BUS, s->bus & v); ON_BUS_DONE) /* ANL BUS,#data */ \
    X(anl_p1,     0x99, 1, uint8_t v = OPERAND(); LATCH_WRITE(CPU8048_PORT_P1, s->p1 & v); ON_BUS_DONE)  /* ANL P1,#data */ \
    X(anl_p2,     0x9A, 1, uint8_t v = OPERAND(); LATCH_WRITE(CPU8048_PORT_P2, s->p2 & v); ON_BUS_DONE)  /* ANL P2,#data */ \
    X(mov_ind_a,  0xA0, 2, IND(op & 1u) = (uint8_t)r->a; NEXT)                     /* MOV @Rr,A */ \
    X(movp,       0xA3, 1, r->a = page_byte(cpu, r->pc, r->a); NEXT)               /* MOVP A,@A */ \
    J(jmp_5,      0xA4, 1, JUMP_FAR()) /* JMP 5xx */ \
    X(clr_f1,     0xA5, 1, s->f1 = 0; NEXT)                                        /* CLR F1 */ \
    X(cpl_c,      0xA7, 1, r->psw ^= PSW_CY; NEXT)                                 /* CPL C */ \
    X(mov_reg_a,  0xA8, 8, REG(op & 7u) = (uint8_t)r->a; NEXT)                     /* MOV Rr,A */ \
    X(mov_ind_imm, 0xB0, 2, IND(op & 1u) = OPERAND(); NEXT)                        /* MOV @Rr,#data */ \
    J(jb5,        0xB2, 1, BRANCH(steady_condition(s, r, op))) /* JB5 */ \
    X(jmpp,       0xB3, 1, jump_to(cpu, r, page_byte(cpu, r->pc, r->a) | (r->pc & PC_PAGE)); MOVED) /* JMPP @A */ \
    X(call_5,     0xB4, 1, call(cpu, r, FAR_BANK(), op, OPERAND()); MOVED)                                /* CALL 5xx */ \
    X(cpl_f1,     0xB5, 1, s->f1 = !s->f1; NEXT)                                   /* CPL F1 */ \
    J(jf0,        0xB6, 1, BRANCH(steady_condition(s, r, op))) /* JF0 */ \
    X(mov_reg_imm, 0xB8, 8, REG(op & 7u) = OPERAND(); NEXT)                        /* MOV Rr,#data */ \
    J(jmp_6,      0xC4, 1, JUMP_FAR()) /* JMP 6xx */ \
    X(sel_rb0,    0xC5, 1, set_flag(r, PSW_BS, 0); BANK_CHANGED(); NEXT)           /* SEL RB0 */ \
    J(jz,         0xC6, 1, BRANCH(steady_condition(s, r, op))) /* JZ */ \
    X(mov_a_psw,  0xC7, 1, r->a = r->psw | PSW_ONE; NEXT)                          /* MOV A,PSW */ \
    X(dec_reg,    0xC8, 8, REG(op & 7u)--; NEXT)                                   /* DEC Rr */ \
    X(xrl_ind,    0xD0, 2, r->a ^= IND(op & 1u); NEXT)                             /* XRL A,@Rr */ \
    J(jb6,        0xD2, 1, BRANCH(steady_condition(s, r, op))) /* JB6 */ \
    X(xrl_imm,    0xD3, 1, r->a ^= OPERAND(); NEXT)                                /* XRL A,#data */ \
    X(call_6,     0xD4, 1, call(cpu, r, FAR_BANK(), op, OPERAND()); MOVED)                                /* CALL 6xx */ \
    X(sel_rb1,    0xD5, 1, set_flag(r, PSW_BS, 1); BANK_CHANGED(); NEXT)           /* SEL RB1 */ \
    X(mov_psw_a,  0xD7, 1, r->psw = r->a | PSW_ONE; BANK_CHANGED(); NEXT)          /* MOV PSW,A */ \
    X(xrl_reg,    0xD8, 8, r->a ^= REG(op & 7u); NEXT)                             /* XRL A,Rr */ \
    X(movp3,      0xE3, 1, r->a = program_byte(cpu, MOVP3_PAGE | r->a); NEXT)     /* MOVP3 A,@A */ \
    J(jmp_7,      0xE4, 1, JUMP_FAR()) /* JMP 7xx */ \
    X(sel_mb0,    0xE5, 1, s->mb = 0; MB_CHANGED(); NEXT)                                        /* SEL MB0 */ \
    J(jnc,        0xE6, 1, BRANCH(steady_condition(s, r, op))) /* JNC */ \
    X(rl,         0xE7, 1, r->a = rotate_left((uint8_t)r->a); NEXT)                /* RL A */ \
    J(djnz,       0xE8, 8, BRANCH(--REG(op & 7u) != 0))         /* DJNZ Rr,addr */ \
    X(mov_a_ind,  0xF0, 2, r->a = IND(op & 1u); NEXT)                              /* MOV A,@Rr */ \
    J(jb7,        0xF2, 1, BRANCH(steady_condition(s, r, op))) /* JB7 */ \
    X(call_7,     0xF4, 1, call(cpu, r, FAR_BANK(), op, OPERAND()); MOVED)                                /* CALL 7xx */ \
    X(sel_mb1,    0xF5, 1, s->mb = 1; MB_CHANGED(); NEXT)                                        /* SEL MB1 */ \
    J(jc,         0xF6, 1, BRANCH(steady_condition(s, r, op))) /* JC */ \
    X(rlc,        0xF7, 1, rotate_left_through_carry(r); NEXT)                     /* RLC A */ \
    X(mov_a_reg,  0xF8, 8, r->a = REG(op & 7u); REPEATS)                           /* MOV A,Rr */

#define CASES_1(first) case (first)
#define CASES_2(first) case (first): case (first) + 1
#define CASES_8(first) EACH_REG(first)
#define AS_CASE(name, first, count, ...) CASES_##count(first): { __VA_ARGS__; }

/* One instruction starting at cycle `now` with the working registers *r; returns the cycle it
 * ends at. s.pc, s.cycles, s.a and s.psw are the caller's to write back
 * (store_regs) once it is done: writing them on every instruction would cost more than the
 * instruction. Forced inline so that the callers' loops have no call per instruction and *r
 * stays in host registers.
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

#define REG(n)          (*reg(s, r->psw, (n)))
#define IND(n)          (*indirect(s, r->psw, (n)))
#define OPERAND()       fetch(cpu, r)
#define BANK_CHANGED()  ((void)0)
#define MB_CHANGED()    ((void)0)
#define FAR_BANK()      far_bank(s)
#define RETURN_MASK()   return_mask(s)
#define END()           end
#define NEXT            break
#define MOVED           break
#define JUMPED          goto jumped
#define TIMER_TO(cycle) ((void)0)          /* elapse() has run */
#define TIMER_TO_END()  ((void)0)
#define TIMER_READ      break
#define RAM_ALONE()     ram_alone(cpu)
#define WRITE_UNHEARD(addr, v) (!ram_alone(cpu) && write_unheard(cpu, (addr), (v)))
#define LATCH_SET(port) ((void)0)
#define AFTER_BUS(changed) ((void)(changed))
#define ON_BUS_DONE     break
#define ON_BUS_JUMPED   goto jumped
#define BRANCH(condition) JUMP_IF(condition); goto jumped
#define JUMP_FAR()      jmp(cpu, r, FAR_BANK(), op, OPERAND()); goto jumped
#define REPEATS                                                                 \
    if (fast && code_byte(r) == op) {                                           \
        unsigned pc = r->pc;                                                    \
        end = run_repeats(cpu, end, &pc, op, breakpoints);                      \
        jump_to(cpu, r, pc);                                                    \
    }                                                                           \
    break
    switch (op) {
    THREADED_INSTRUCTIONS(AS_CASE, AS_CASE)
    case 0x05: s->xirq_enabled = 1; r->gate = 0; break;                /* EN I */
    case 0x0C: case 0x0D: case 0x0E: case 0x0F: ON_PORT(r->a = expander_read(cpu)); break; /* MOVD A,Pp */
    case 0x15: s->xirq_enabled = 0; break;                             /* DIS I */
    case 0x16: ON_BUS(count_edges_to(cpu, end - 1)); JUMP_IF(take_timer_flag(s)); goto jumped; /* JTF */
    case 0x25: s->tirq_enabled = 1; break;                             /* EN TCNTI */
    case 0x35: s->tirq_enabled = 0; s->tirq_pending = 0; break;        /* DIS TCNTI */
    case 0x3C: case 0x3D: case 0x3E: case 0x3F: ON_PORT(expander_write(cpu, r->a)); break; /* MOVD Pp,A */
    case 0x45: ON_BUS(start_counter(cpu, end - cycles)); break;        /* STRT CNT */
    case 0x55: ON_BUS(stop_counter(cpu, end - cycles, O2_TIMER_TIMER)); s->prescaler = 0; break; /* STRT T */
    case 0x65: ON_BUS(stop_counter(cpu, end - cycles, O2_TIMER_STOPPED)); break; /* STOP TCNT */
    case 0x8C: case 0x8D: case 0x8E: case 0x8F: ON_PORT(expander_write(cpu, r->a)); break; /* ORLD Pp,A */
    case 0x93: retr(cpu, r); r->gate = 0; break;                       /* RETR */
    case 0x9C: case 0x9D: case 0x9E: case 0x9F: ON_PORT(expander_write(cpu, r->a)); break; /* ANLD Pp,A */
    default: break;                                                    /* undefined: no-op */
    }
#undef REG
#undef IND
#undef OPERAND
#undef BANK_CHANGED
#undef MB_CHANGED
#undef FAR_BANK
#undef RETURN_MASK
#undef NEXT
#undef END
#undef MOVED
#undef JUMPED
#undef TIMER_TO
#undef TIMER_TO_END
#undef TIMER_READ
#undef RAM_ALONE
#undef WRITE_UNHEARD
#undef LATCH_SET
#undef AFTER_BUS
#undef ON_BUS_DONE
#undef ON_BUS_JUMPED
#undef BRANCH
#undef JUMP_FAR
#undef REPEATS
    return end;
jumped:
    if (!fast || from - r->pc > FILL_LOOP_BACK || !no_break_in(breakpoints, r->pc, from))
        return end;
    return loop_at_jump(cpu, r, from, end);
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

/* ---- internal RAM filling loops ---- */

/* At the head of a loop that stores A into the internal RAM counting down (a BIOS clearing its
 * RAM):  head: MOV @Ri,A;  DJNZ Rr,head  (3 cycles an iteration): whole iterations at once, each
 * store where it lands (a register or the stack included) and the counter read back from the RAM
 * after it, while an iteration fits before the run's end and before a timer interrupt's request.
 * The loop's own exit leaves *pc after the DJNZ. Returns the cycle reached. */
static uint64_t run_ram_fill(cpu8048 *cpu, uint64_t now, unsigned *pc)
{
    o2_cpu_state *s = &cpu->s;
    if (s->timer_mode == O2_TIMER_COUNTER || interrupt_requested(s))
        return now;
    cpu_regs at = regs_of(cpu);
    jump_to(cpu, &at, *pc);
    uint8_t store = fetch(cpu, &at), count = fetch(cpu, &at);
    if ((store & 0xFE) != 0xA0 || (count & 0xF8) != 0xE8 || !jumps_back(cpu, &at, *pc))
        return now;
    const unsigned period = cpu8048_cycles[store] + cpu8048_cycles[count];
    uint8_t *bank = bank_of(s, s->psw), *pointer = &bank[store & 1u], *counter = &bank[count & 7u];
    uint64_t to_overflow = cycles_to_timer_interrupt(s), ran = 0;
    while (now + period <= cpu->run_until && ran + period < to_overflow) {
        s->ram[*pointer & RAM_MASK] = s->a;
        now += period;
        ran += period;
        if (--*counter == 0) {
            *pc = at.pc;
            break;
        }
    }
    elapse_many(s, ran);
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

/* The stores of a block-filling loop one at a time through write_ext (cpu8048_bus.fill_ext's
 * contract), the pointer register current at each. */
static unsigned fill_by_stores(cpu8048 *cpu, const fill_loop *loop, unsigned n, uint64_t cycle)
{
    const uint64_t until = cpu->run_until;
    for (unsigned k = 0; k < n; k++) {
        *loop->pointer = (uint8_t)(*loop->pointer + loop->step);
        cpu->s.cycles = cycle + (uint64_t)k * loop->period;
        ext_write(cpu, *loop->pointer, loop->value);
        if (cpu->run_until != until)
            return k + 1;
    }
    return n;
}

/* At the head of a block-filling loop: whole iterations without fetching and decoding, each
 * store made through the bus at the cycle the MOVX makes it (fill_ext, or write_ext one by one),
 * while an iteration fits before the run's end and before a timer interrupt. A store that ends the
 * run (cpu8048_yield) stops right after its MOVX, as the instruction would; the loop's own exit
 * leaves *pc after the JNZ. The timer is counted once, when the loop is left (the stores'
 * callbacks see it as of the loop's start, as cpu8048.h allows). Returns the cycle reached. */
static uint64_t run_fill_loop(cpu8048 *cpu, uint64_t now, unsigned *pc)
{
    o2_cpu_state *s = &cpu->s;
    fill_loop loop;
    if (s->timer_mode == O2_TIMER_COUNTER || interrupt_requested(s) || !find_fill_loop(cpu, *pc, &loop))
        return now;
    /* The iterations that fit: up to the run's end (which only a store can move, and that ends
     * the loop) and short of the timer's interrupt request; and up to the loop's own exit, where
     * the pointer reaches the end value (at once if the end is the pointer register itself). */
    const uint64_t until = cpu->run_until;
    uint64_t room = until > now ? until - now : 0;
    uint64_t before_interrupt = cycles_to_timer_interrupt(s) - 1;
    if (room > before_interrupt)
        room = before_interrupt;
    uint8_t first = *loop.pointer;
    unsigned to_exit = loop.end == loop.pointer ? 1u
                     : (uint8_t)((loop.step > 0 ? *loop.end - first : first - *loop.end) - 1u) + 1u;
    uint64_t fits = room / loop.period;
    unsigned n = fits < to_exit ? (unsigned)fits : to_exit;
    if (n == 0)
        return now;
    s->a = loop.value;
    s->pc = (uint16_t)loop.store_pc;                /* as during the MOVX's bus access */
    const uint64_t cycle = now + loop.store_cycle;
    unsigned made = cpu->bus.fill_ext ? cpu->bus.fill_ext(cpu->bus.ctx, (uint8_t)(first + loop.step), loop.step, n,
                                                          loop.value, cycle, loop.period)
                                      : 0;
    if (made == 0) {
        *loop.pointer = first;
        made = fill_by_stores(cpu, &loop, n, cycle);
    }
    *loop.pointer = (uint8_t)(first + loop.step * (int)made);
    uint64_t ran;
    if (cpu->run_until != until) {
        ran = (uint64_t)(made - 1) * loop.period + loop.store_cycle + 1u;
        *pc = loop.after_store_pc;
    } else {
        ran = (uint64_t)made * loop.period;
        s->a = (uint8_t)(*loop.pointer ^ *loop.end);
        if (s->a == 0)
            *pc = loop.exit_pc;
    }
    elapse_many(s, ran);
    return now + ran;
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

/* ---- running ---- */

#ifndef CPU8048_THREADED
/* cpu8048_run where labels as values are missing: each instruction through execute(), the gate
 * compared before each. */
static void run_switched(cpu8048 *cpu, uint64_t until)
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
#else
/* The threaded loop's timer: s.timer and s.prescaler as of cycle *at, brought to `now` (as that
 * many elapse() calls would: the flag, and a request of the timer interrupt if it is enabled,
 * which closes the gate as elapse() does). */
static inline __attribute__((always_inline)) void timer_catch_up(cpu8048 *cpu, cpu_regs *r, uint64_t *at,
                                                                 uint64_t now)
{
    o2_cpu_state *s = &cpu->s;
    uint64_t cycles = now - *at;
    *at = now;
    if (s->timer_mode != O2_TIMER_TIMER || cycles == 0)
        return;
    if (cycles >= cycles_to_timer_interrupt(s)) {
        s->tirq_pending = 1;
        cpu->irq_poll = 1;
        r->gate = 0;
    }
    elapse_many(s, cycles);
}

/* The end of the instruction in which the timer requests its interrupt (the timer being as of
 * cycle timer_at), or UINT64_MAX. With the gate (the run's end, or 0 for an interrupt poll) it is
 * where the threaded loop must look up from its handlers. */
static inline uint64_t timer_request(const cpu8048 *cpu, uint64_t timer_at)
{
    uint64_t to_request = cycles_to_timer_interrupt(&cpu->s);
    return to_request == UINT64_MAX ? UINT64_MAX : timer_at + to_request;
}

static inline uint64_t next_event(const cpu_regs *r, uint64_t timer_due)
{
    return timer_due < r->gate ? timer_due : r->gate;
}

/* An operand byte, without the wrap check of fetch(): no handler runs an instruction at the end
 * of a 2 KiB half (its image sends it to execute()). */
static inline uint8_t operand(cpu_regs *r)
{
    uint8_t byte = code_byte(r);
    r->pc++;
    return byte;
}

/* The opcode a handler runs (next_handler moved the PC past it). */
static inline uint8_t code_byte_before(const cpu_regs *r)
{
    return r->code->byte[r->pc - 1];
}

/* The handler of the next instruction, the PC past its opcode. */
static inline const void *next_handler(cpu_regs *r)
{
    const void *handler = r->code->handler[r->pc];
    r->pc++;
    return handler;
}

/* The opcodes without a handler, and those at the end of a 2 KiB half, one instruction at a
 * time through execute(), kept out of line: the handlers' loop then keeps the
 * working registers in host registers (a copy goes out and comes back). */
static __attribute__((noinline)) uint64_t execute_outside(cpu8048 *cpu, uint64_t now, cpu_regs *r, int fast)
{
    return execute(cpu, now, r, fast, NULL);
}

/* loop_at_jump, out of line for the same reason. */
static __attribute__((noinline)) uint64_t loop_outside(cpu8048 *cpu, cpu_regs *r, unsigned from, uint64_t end)
{
    return loop_at_jump(cpu, r, from, end);
}

/* One handler per opcode, the opcode a constant in it (the register a handler of R0-R7 or @R0/@R1
 * works on is then an immediate offset, and the dispatch keeps no opcode in a register). */
#define AS_HANDLER(name, first, count, ...) AS_HANDLERS_##count(name, first)
#define AS_HANDLERS_1(name, first) [(first)] = &&op_##name##_0,
#define AS_HANDLERS_2(name, first) AS_HANDLERS_1(name, first) [(first) + 1] = &&op_##name##_1,
#define AS_HANDLERS_8(name, first) AS_HANDLERS_2(name, first)                                 \
    [(first) + 2] = &&op_##name##_2, [(first) + 3] = &&op_##name##_3,                          \
    [(first) + 4] = &&op_##name##_4, [(first) + 5] = &&op_##name##_5,                          \
    [(first) + 6] = &&op_##name##_6, [(first) + 7] = &&op_##name##_7,
#define AS_LABEL(name, first, count, ...) AS_LABELS_##count(name, first, __VA_ARGS__)
/* The jumps again, under other labels and in the PLAIN_JUMP slots, with another JUMPED. */
#define NO_ENTRY(...)
#define AS_PLAIN_HANDLER(name, first, count, ...) AS_HANDLER(plain_##name, PLAIN_JUMP + (first), count)
#define AS_PLAIN_LABEL(name, first, count, ...) AS_LABEL(plain_##name, first, count, __VA_ARGS__)
#define AS_LABELS_1(name, first, ...) ONE_LABEL(name##_0, (first), __VA_ARGS__)
#define AS_LABELS_2(name, first, ...) AS_LABELS_1(name, first, __VA_ARGS__)                    \
    ONE_LABEL(name##_1, (first) + 1, __VA_ARGS__)
#define AS_LABELS_8(name, first, ...) AS_LABELS_2(name, first, __VA_ARGS__)                    \
    ONE_LABEL(name##_2, (first) + 2, __VA_ARGS__) ONE_LABEL(name##_3, (first) + 3, __VA_ARGS__) \
    ONE_LABEL(name##_4, (first) + 4, __VA_ARGS__) ONE_LABEL(name##_5, (first) + 5, __VA_ARGS__) \
    ONE_LABEL(name##_6, (first) + 6, __VA_ARGS__) ONE_LABEL(name##_7, (first) + 7, __VA_ARGS__)
#define ONE_LABEL(label, opcode, ...)                                                   \
    op_##label: {                                                                       \
        const unsigned from = r->pc - 1;   /* the opcode's address */                  \
        const uint8_t op = (opcode);                                                    \
        (void)from;                                                                     \
        (void)op;                                                                       \
        __VA_ARGS__;                                                                    \
    }

/* Whether a jump from `from` to `target` lands at most FILL_LOOP_BACK bytes back, where it may
 * close an idle or block-filling loop (the threaded loop's JUMPED looks for one there). */
static inline int jumps_short_back(unsigned from, unsigned target)
{
    return from - target <= FILL_LOOP_BACK;
}

/* The same for the jump at `addr` (opcode `op`, address byte `low`) wherever it lands: a JMP with
 * PC bit 11 either way (MB, and A11 held in an interrupt routine), a conditional jump in the page
 * of its address byte. */
static int jump_may_close_loop(unsigned addr, uint8_t op, uint8_t low)
{
    if ((op & 0x1F) == 0x04)                                              /* JMP */
        return jumps_short_back(addr, far_address(0, op, low))
            || jumps_short_back(addr, far_address(PC_BANK_BIT, op, low));
    return jumps_short_back(addr, ((addr + 1) & PC_PAGE) | low);
}

/* The handler of the instruction at `addr` in the threaded loop: the opcode's; a MOV A,Rr's that
 * runs its repeats; a fused one (below); a jump's own without the look for a loop where it
 * cannot close one; the slow path's at the last two addresses of each 2 KiB half (an instruction
 * there may end past the half). An image gives it to each address when it first runs there. */
static const void *handler_at(const void *const *handlers, const cpu8048_code *c, unsigned addr)
{
    if ((addr & PC_IN_BANK) >= PC_IN_BANK - 1)
        return handlers[SLOW_PATH];
    const uint8_t *at = &c->byte[addr];
    const unsigned room = PC_IN_BANK - 1 - (addr & PC_IN_BANK);   /* bytes before the last two */
    uint8_t op = at[0];
    if ((op & 0xF8) == 0xF8 && at[1] == op)                               /* MOV A,Rr */
        return handlers[REPEATED_MOV];
    if (op == OP_ORL_P1 && room >= 4 && at[2] == OP_ANL_P1)
        return handlers[room >= 5 && at[4] == OP_RET ? FUSED_SELECT_RET : FUSED_SELECT];
    if (op == OP_RL && room >= 2 && at[1] == OP_RL)
        return handlers[FUSED_RL_RL];
    if (op == OP_ADD_IMM && room >= 3 && (at[2] & 0xF8) == OP_MOV_R0_A)
        return handlers[FUSED_ADD_MOV + (at[2] & 7u)];
    if (op == OP_CLR_C && room >= 2 && at[1] == OP_RRC)
        return handlers[FUSED_CLR_C_RRC];
    if (handlers[PLAIN_JUMP + op] && !jump_may_close_loop(addr, op, at[1]))
        return handlers[PLAIN_JUMP + op];
    return handlers[op];
}
/* cpu8048_run with one handler per instruction of THREADED_INSTRUCTIONS, each ending in the jump
 * to the next one's handler, and one compare of the cycle with a limit before each: the deadline,
 * interrupt and event checks (next_event) are made only where that limit is reached, and the
 * timer is brought up to date only there and where an instruction needs it (every other opcode runs through execute(), as in run_switched). What it
 * gives is run_switched's, cycle for cycle (tests/cpu/test_cpu_dispatch.py). */
static const void *const *run_threaded(cpu8048 *cpu, uint64_t until)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
    static const void *const handlers[THREADED_SLOTS] = {
        [0 ... SLOW_PATH] = &&no_handler,
        THREADED_INSTRUCTIONS(AS_HANDLER, AS_HANDLER)
        THREADED_INSTRUCTIONS(NO_ENTRY, AS_PLAIN_HANDLER)
        [REPEATED_MOV] = &&repeated_mov,
        [UNDECODED] = &&undecoded,
        [FUSED_SELECT] = &&fused_select,
        [FUSED_SELECT_RET] = &&fused_select_ret,
        [FUSED_RL_RL] = &&fused_rl_rl,
        [FUSED_ADD_MOV + 0] = &&fused_add_mov_0, [FUSED_ADD_MOV + 1] = &&fused_add_mov_1,
        [FUSED_ADD_MOV + 2] = &&fused_add_mov_2, [FUSED_ADD_MOV + 3] = &&fused_add_mov_3,
        [FUSED_ADD_MOV + 4] = &&fused_add_mov_4, [FUSED_ADD_MOV + 5] = &&fused_add_mov_5,
        [FUSED_ADD_MOV + 6] = &&fused_add_mov_6, [FUSED_ADD_MOV + 7] = &&fused_add_mov_7,
        [FUSED_CLR_C_RRC] = &&fused_clr_c_rrc,
    };
#pragma GCC diagnostic pop
    if (!cpu)
        return handlers;      /* for the program images (fill_handlers) */
    o2_cpu_state *s = &cpu->s;
    cpu->run_until = until;
    cpu_regs regs = regs_of(cpu), *r = &regs;   /* gate 0: the pins may have changed */
    const int fast = cpu->skip_idle;
    /* The cycle is limit - left - 1: each handler takes its cycles from `left` and the compare
     * with the limit is the sign of what is left (one less, so that the subtraction's own sign
     * flag decides: the limit is reached where left goes below 0). */
    uint64_t now = s->cycles, timer_at = now, timer_due = UINT64_MAX, limit = now;
    int64_t left = -1;
    uint8_t *bank = bank_of(s, r->psw);
    unsigned jump_bank = far_bank(s);         /* PC bit 11 of a JMP or CALL */
    unsigned ret_mask = return_mask(s);       /* in_irq changes only outside the handlers */
    unsigned jump_from;
    int bus_changed;
    int movx_reach = MOVX_UNKNOWN;            /* RAM_ALONE(), WRITE_UNHEARD() */

#define DISPATCH do {                                                           \
        if (__builtin_expect(left < 0, 0))                                      \
            goto boundary;                                                      \
        goto *next_handler(r);                                                  \
    } while (0)
#define NOW()           (limit - (uint64_t)left - 1)
/* The handler's instruction's end (bus accesses), worked out where it is needed: before ADVANCE(). */
#define END()           (NOW() + cpu8048_cycles[op])
#define ADVANCE()       (left -= cpu8048_cycles[op])
/* A new limit for the same cycle. */
#define SET_LIMIT(new_limit) do {                                               \
        uint64_t limit_ = (new_limit);                                          \
        left += (int64_t)(limit_ - limit);                                      \
        limit = limit_;                                                         \
    } while (0)
#define REG(n)          bank[(n)]
#define IND(n)          s->ram[bank[(n)] & RAM_MASK]
#define OPERAND()       operand(r)
#define BANK_CHANGED()  (bank = bank_of(s, r->psw))
#define MB_CHANGED()    (jump_bank = far_bank(s))
#define FAR_BANK()      jump_bank
#define RETURN_MASK()   ret_mask
#define NEXT            ADVANCE(); DISPATCH
/* A jump keeps the limit: the image covers every address the PC may take. */
#define MOVED           NEXT
#define JUMPED                                                                  \
    ADVANCE();                                                                  \
    if (jumps_short_back(from, (unsigned)r->pc) && fast && r->code->loop_head[r->pc]) { \
        jump_from = from;                                                       \
        goto loop_back;                                                         \
    }                                                                           \
    DISPATCH
/* A conditional jump not taken is an instruction like any other. */
#define BRANCH(condition)                                                       \
    if (condition) {                                                            \
        r->pc = (r->pc & PC_PAGE) | code_byte(r);                               \
        JUMPED;                                                                 \
    }                                                                           \
    r->pc++;                                                                    \
    NEXT
#define JUMP_FAR()                                                              \
    r->pc = far_address(jump_bank, op, code_byte(r));                           \
    JUMPED
/* Its image gives a MOV A,Rr followed by the same opcode its own handler (repeated_mov). */
#define REPEATS         NEXT
#define TIMER_TO(cycle) ((void)0)          /* the timer catches up where it is read */
#define TIMER_TO_END()  timer_catch_up(cpu, r, &timer_at, END())
/* What a MOVX reaches, found out at the first MOVX after a change of P1 (MOVX_UNKNOWN until
 * then; the machine changes the bus's RAM and quiet pointers only between runs). */
#define MOVX_REACH()    (movx_reach != MOVX_UNKNOWN ? movx_reach : (movx_reach = movx_reaches(cpu)))
#define RAM_ALONE()     (MOVX_REACH() == MOVX_RAM)
#define WRITE_UNHEARD(addr, v) (MOVX_REACH() == MOVX_BUS_QUIET && quiet_write(cpu, (addr), (v)))
#define LATCH_SET(port) ((port) == CPU8048_PORT_P1 ? (void)(movx_reach = MOVX_UNKNOWN) : (void)0)
/* The timer's next request and the poll (a request in this instruction) give a new limit. */
#define TIMER_READ                                                              \
    ADVANCE();                                                                  \
    timer_due = timer_request(cpu, timer_at);                                   \
    SET_LIMIT(next_event(r, timer_due));                                        \
    DISPATCH
#define AFTER_BUS(changed) (bus_changed = (changed))
/* A bus access that left the run's end and the poll as they were leaves the limit standing:
 * the instruction kept the PC inside the window the limit was worked out for. */
#define ON_BUS_DONE                                                             \
    ADVANCE();                                                                  \
    if (__builtin_expect(bus_changed, 0))                                       \
        SET_LIMIT(next_event(r, timer_due));                                    \
    DISPATCH
#define ON_BUS_JUMPED                                                           \
    if (__builtin_expect(bus_changed, 0))                                       \
        SET_LIMIT(next_event(r, timer_due));                                    \
    JUMPED

    DISPATCH;
    THREADED_INSTRUCTIONS(AS_LABEL, AS_LABEL)
    /* The same jumps where they cannot close a loop (handler_at): no look for one. */
#undef JUMPED
#define JUMPED          NEXT
    THREADED_INSTRUCTIONS(NO_ENTRY, AS_PLAIN_LABEL)

boundary:
    now = NOW();
    timer_catch_up(cpu, r, &timer_at, now);
    if (now >= r->gate) {
        if (now >= r->until)
            goto done;
        r->gate = r->until;
        if (take_interrupt(cpu, r)) {       /* with the vector's instruction (run_switched) */
            now += 2;
            timer_at = now;
            goto generic;
        }
    }
    /* Nothing to enter: the next instruction through its handler, with limits for a later cycle
     * (the run's end and the timer's next request both lie past `now`). */
    goto resume;
no_handler:
    r->pc--;              /* back to the opcode (next_handler did not wrap it) */
    now = NOW();
generic:
    timer_catch_up(cpu, r, &timer_at, now);
    {
        cpu_regs copy = regs;
        now = execute_outside(cpu, now, &copy, fast);
        timer_at = now;
        regs = copy;
    }
resume:
    movx_reach = MOVX_UNKNOWN;
    bank = bank_of(s, r->psw);
    jump_bank = far_bank(s);
    ret_mask = return_mask(s);
    timer_due = timer_request(cpu, timer_at);
    limit = next_event(r, timer_due);
    left = (int64_t)(limit - now) - 1;
    DISPATCH;
loop_back:
    now = NOW();
    timer_catch_up(cpu, r, &timer_at, now);
    {
        cpu_regs copy = regs;
        now = loop_outside(cpu, &copy, jump_from, now);
        timer_at = now;
        regs = copy;
    }
    goto resume;
undecoded: {
        cpu8048_code *image = (cpu8048_code *)r->code;   /* one of cpu->code[], not const */
        const void *handler = handler_at(handlers, image, (unsigned)r->pc - 1);
        image->handler[r->pc - 1] = handler;
        goto *handler;
    }
repeated_mov: {
        const uint8_t op = code_byte_before(r);
        r->a = REG(op & 7u);
        ADVANCE();
        if (__builtin_expect(left < 0, 0))
            goto boundary;
        if (!fast)            /* the repeat runs as itself */
            goto *next_handler(r);
        unsigned pc = r->pc;
        now = NOW();
        timer_catch_up(cpu, r, &timer_at, now);
        now = run_repeats(cpu, now, &pc, code_byte(r), NULL);
        timer_at = now;
        jump_to(cpu, r, pc);
        goto resume;
    }
/* Fused handlers (handler_at), r->pc past the first opcode. Each runs its instructions as one
 * where no limit falls between them (a limit is reached where `left` goes below 0, so the first
 * instructions' cycles must leave it at 0 or more), else the first on its own. */
/* Both latches unheard by the machine (port_heard): P1 takes the second. */
#define FUSED_SELECT_RUN(then_ret) do {                                             \
        const uint8_t *at = &r->code->byte[r->pc];   /* ORL's data, ANL, its data, RET */ \
        const uint8_t orl = (uint8_t)(s->p1 | at[0]), anl = (uint8_t)(orl & at[2]);  \
        if (left < cpu8048_cycles[OP_ORL_P1] + ((then_ret) ? cpu8048_cycles[OP_ANL_P1] : 0) \
            || port_heard(cpu, CPU8048_PORT_P1, orl) || port_heard(cpu, CPU8048_PORT_P1, anl)) \
            goto op_orl_p1_0;                                                       \
        s->p1 = anl;                                                                \
        movx_reach = MOVX_UNKNOWN;                                                  \
        left -= cpu8048_cycles[OP_ORL_P1] + cpu8048_cycles[OP_ANL_P1];              \
        if (then_ret) {                                                             \
            r->pc = pop(cpu, r, 0) & ret_mask;                                        \
            left -= cpu8048_cycles[OP_RET];                                         \
        } else                                                                      \
            r->pc += 3;                                                             \
        DISPATCH;                                                                   \
    } while (0)
fused_select:
    FUSED_SELECT_RUN(0);
fused_select_ret:
    FUSED_SELECT_RUN(1);
#undef FUSED_SELECT_RUN
fused_rl_rl:
    if (left < cpu8048_cycles[OP_RL])
        goto op_rl_0;
    r->a = rotate_left(rotate_left((uint8_t)r->a));
    r->pc++;
    left -= 2 * cpu8048_cycles[OP_RL];
    DISPATCH;
#define FUSED_ADD_MOV_RUN(n)                                                        \
    fused_add_mov_##n:                                                              \
        if (left < cpu8048_cycles[OP_ADD_IMM])                                      \
            goto op_add_imm_0;                                                      \
        add(cpu, r, code_byte(r), 0);                                                    \
        REG(n) = (uint8_t)r->a;                                                     \
        r->pc += 2;                                                                 \
        left -= cpu8048_cycles[OP_ADD_IMM] + cpu8048_cycles[OP_MOV_R0_A + (n)];    \
        DISPATCH;
    FUSED_ADD_MOV_RUN(0) FUSED_ADD_MOV_RUN(1) FUSED_ADD_MOV_RUN(2) FUSED_ADD_MOV_RUN(3)
    FUSED_ADD_MOV_RUN(4) FUSED_ADD_MOV_RUN(5) FUSED_ADD_MOV_RUN(6) FUSED_ADD_MOV_RUN(7)
#undef FUSED_ADD_MOV_RUN
fused_clr_c_rrc:
    if (left < cpu8048_cycles[OP_CLR_C])
        goto op_clr_c_0;
    set_flag(r, PSW_CY, 0);
    rotate_right_through_carry(r);
    r->pc++;
    left -= cpu8048_cycles[OP_CLR_C] + cpu8048_cycles[OP_RRC];
    DISPATCH;
done:
    timer_catch_up(cpu, r, &timer_at, now);
    finish(cpu, r, now);
    return handlers;
#undef DISPATCH
#undef ADVANCE
#undef NOW
#undef SET_LIMIT
#undef REG
#undef IND
#undef OPERAND
#undef BANK_CHANGED
#undef MB_CHANGED
#undef FAR_BANK
#undef RETURN_MASK
#undef NEXT
#undef END
#undef MOVED
#undef JUMPED
#undef TIMER_TO
#undef TIMER_TO_END
#undef TIMER_READ
#undef RAM_ALONE
#undef WRITE_UNHEARD
#undef LATCH_SET
#undef AFTER_BUS
#undef ON_BUS_DONE
#undef ON_BUS_JUMPED
#undef JUMPED_BACK
#undef BRANCH
#undef JUMP_FAR
#undef REPEATS
}

static const void *const *threaded_handlers(void)
{
    return run_threaded(NULL, 0);
}
#endif

void cpu8048_run(cpu8048 *cpu, uint64_t until)
{
#ifdef CPU8048_THREADED
    run_threaded(cpu, until);
#else
    run_switched(cpu, until);
#endif
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
    memset(cpu, 0, sizeof *cpu);
    cpu->bus = *bus;
    fill_tables(cpu);
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
