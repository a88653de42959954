/*
 * debug.c — the debugger's C side: run control with breakpoints and watchpoints, and the history
 * of save states that `back` and `rewind` re-execute from.
 *
 * Run control. o2_debug_run runs the machine until one of its limits (steps, cycle, frame, stack
 * depth) or a stop: a PC breakpoint (the machine's 4096 flags), a watched external access (the
 * machine's bus hook: external RAM or VDC registers), a watched internal-RAM access, or an
 * interrupt entry. The first instruction of a run is never stopped by a breakpoint, so a run
 * resumes from one. A breakpoint's condition (an RPN program, o2.h) is evaluated here where the
 * breakpoint is met, so a false one never leaves the loop. Two paths:
 *  - fast: only PC breakpoints and external watches are set: the machine's own run loop, cut at
 *    frame starts so that history snapshots are taken;
 *  - per step: internal-RAM watches, interrupt breaks, `trace on`, a step count or a stack depth
 *    need a look after every instruction: o2_step in a loop.
 * Both leave the machine exactly where an uninterrupted run would be at that instruction
 * boundary: the machine catches the VDC up on every access and at every event either way.
 *
 * Internal RAM has no hook in the CPU core (keeping its hot loop free of one); instead the
 * instruction about to run is classified here by its addressing mode (Intel MCS-48 manual,
 * instruction set): Rn, @Ri, and the stack of CALL, RET, RETR and interrupt entry.
 *
 * History. A ring of save states taken at frame starts every `every` frames, plus the state where
 * history began. Machine time only goes forward in a run and execution is deterministic, so a
 * position is named by its cycle count (every instruction takes at least one cycle):
 *  - back n: find the latest snapshot before now, count the instruction boundaries up to now;
 *    restore it and step count - n (earlier snapshots when count < n);
 *  - rewind n: restore the latest frame-start snapshot at or before the target frame and run to
 *    that frame's start.
 */
#include <stdlib.h>
#include <string.h>

#include "machine.h"

#define PROG_ADDR_MASK  0xFFF
#define BREAKPOINT_SLOTS 4096
#define VDC_WATCH_SLOTS  256
#define IRAM_SIZE        64
#define IRAM_ADDR_MASK   0x3F
#define PSW_BANK_SELECT  0x10
#define PSW_SP_MASK      0x07
#define REGISTER_BANK1   0x18
#define STACK_BASE       0x08
#define NO_FRAME_START   UINT64_MAX

/* Opcodes whose internal-RAM access is not given by the operand pattern. */
#define OP_RET           0x83
#define OP_RETR          0x93
#define OP_CALL_MASK     0x1F
#define OP_CALL          0x14
#define OP_MOVX_READ     0x80    /* MOVX A,@Ri: reads Ri only */
#define OP_MOVX_WRITE    0x90    /* MOVX @Ri,A: reads Ri only */

/* A save state; its size varies (the sound samples of the frame so far are part of it). */
typedef struct state_buffer {
    uint8_t *bytes;
    size_t size, capacity;
} state_buffer;

typedef struct snapshot {
    uint64_t cycle;
    uint64_t frame;
    uint8_t  frame_start;        /* taken at the first instruction boundary of its frame */
    state_buffer state;
} snapshot;

typedef struct condition {
    int64_t *code;               /* RPN program (o2.h, O2_OP_*), NULL: the breakpoint always stops */
    uint32_t n;
} condition;

struct o2_debugger {
    o2_machine *m;
    uint8_t breakpoints[BREAKPOINT_SLOTS];
    condition conditions[BREAKPOINT_SLOTS];
    uint8_t watch_iram[IRAM_SIZE];
    uint8_t watch_xram[MACHINE_XRAM_SIZE];
    uint8_t watch_vdc[VDC_WATCH_SLOTS];
    uint8_t irq_break;
    int any_breakpoint, any_iram_watch, any_bus_watch;
    o2_debug_stop *pending;      /* where the bus hook reports, during a run */

    uint32_t every;              /* a snapshot at every frame start whose frame is a multiple */
    uint32_t capacity;
    uint32_t first, count;       /* ring of `capacity` snapshots, oldest at `first` */
    snapshot *ring;
    state_buffer scratch;        /* where we were, to return to after a failed seek */
    uint64_t frame_start;        /* cycle of the last frame start a run passed, or NO_FRAME_START */
    o2_trace_entry *trace;       /* `trace on`: entries of executed instructions, or NULL */
    uint32_t trace_capacity, trace_count;
};

/* ---- tables ---- */

static int any_set(const uint8_t *flags, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (flags[i])
            return 1;
    return 0;
}

static void bus_hook(o2_machine *m, int access, uint8_t addr, uint8_t value, int chips);

void o2_debug_changed(o2_debugger *d)
{
    d->any_breakpoint = any_set(d->breakpoints, sizeof d->breakpoints);
    d->any_iram_watch = any_set(d->watch_iram, sizeof d->watch_iram);
    d->any_bus_watch = any_set(d->watch_xram, sizeof d->watch_xram)
                    || any_set(d->watch_vdc, sizeof d->watch_vdc);
    o2_set_breakpoints(d->m, d->any_breakpoint ? d->breakpoints : NULL);
    machine_set_bus_hook(d->m, d->any_bus_watch ? bus_hook : NULL);
}

uint8_t *o2_debug_breakpoints(o2_debugger *d) { return d->breakpoints; }

uint8_t *o2_debug_watches(o2_debugger *d, int space)
{
    switch (space) {
    case O2_SPACE_IRAM: return d->watch_iram;
    case O2_SPACE_XRAM: return d->watch_xram;
    case O2_SPACE_VDC:  return d->watch_vdc;
    default:            return NULL;
    }
}

void o2_debug_set_irq_break(o2_debugger *d, int on) { d->irq_break = on != 0; }

/* ---- external accesses: the machine's bus hook ---- */

static void report(o2_debug_stop *stop, int reason, int space, int access, uint16_t addr, uint8_t value)
{
    stop->reason = reason;
    stop->space = space;
    stop->access = access;
    stop->addr = addr;
    stop->value = value;
}

/* The machine tells which chips answered a MOVX (P1 selects, copy mode, RAM size). */
static void bus_hook(o2_machine *m, int access, uint8_t addr, uint8_t value, int chips)
{
    o2_debugger *d = m->hook_ctx;
    int watch = access == MACHINE_ACCESS_WRITE ? O2_WATCH_WRITE : O2_WATCH_READ;
    if (!d->pending || d->pending->reason != O2_DEBUG_DONE)
        return;
    if ((chips & MACHINE_BUS_VDC) && (d->watch_vdc[addr] & watch))
        report(d->pending, O2_DEBUG_WATCH, O2_SPACE_VDC, watch, addr, value);
    else if ((chips & MACHINE_BUS_XRAM) && (d->watch_xram[addr] & watch))
        report(d->pending, O2_DEBUG_WATCH, O2_SPACE_XRAM, watch, addr, value);
    else
        return;
    m->stop = O2_STOP_HOOK;
}

/* ---- internal RAM: what the next instruction will touch ---- */

typedef struct iram_access {
    int n;
    uint8_t addr[2];
    uint8_t kind[2];             /* O2_WATCH_READ | O2_WATCH_WRITE */
} iram_access;

static void add_access(iram_access *a, uint8_t addr, int kind)
{
    a->addr[a->n] = addr & IRAM_ADDR_MASK;
    a->kind[a->n] = (uint8_t)kind;
    a->n++;
}

/* The operand pattern of the low nibble: x8-xF name Rn, x0/x1 name @Ri (MCS-48 opcode map). */
static int rn_kind(uint8_t op)
{
    switch (op >> 4) {
    case 0x1: case 0x2: case 0xC: case 0xE: return O2_WATCH_READ | O2_WATCH_WRITE; /* INC XCH DEC DJNZ */
    case 0x4: case 0x5: case 0x6: case 0x7: case 0xD: case 0xF: return O2_WATCH_READ; /* ORL ANL ADD ADDC XRL MOV A, */
    case 0xA: case 0xB: return O2_WATCH_WRITE;                                       /* MOV Rn,A  MOV Rn,# */
    default: return 0;
    }
}

static int indirect_kind(uint8_t op)
{
    switch (op >> 4) {
    case 0x1: case 0x2: case 0x3: return O2_WATCH_READ | O2_WATCH_WRITE;  /* INC XCH XCHD */
    case 0x4: case 0x5: case 0x6: case 0x7: case 0xD: case 0xF: return O2_WATCH_READ;
    case 0xA: case 0xB: return O2_WATCH_WRITE;                            /* MOV @Ri,A  MOV @Ri,# */
    default: return 0;
    }
}

/* The two bytes of stack level sp (PC low; PC high with PSW bits 7-4). */
static void stack_entry(iram_access *a, unsigned sp, int kind)
{
    uint8_t at = (uint8_t)(STACK_BASE + 2 * (sp & PSW_SP_MASK));
    add_access(a, at, kind);
    add_access(a, (uint8_t)(at + 1), kind);
}

static iram_access next_iram_access(const o2_machine *m)
{
    const o2_cpu_state *s = &m->cpu.s;
    iram_access a = { 0, { 0, 0 }, { 0, 0 } };
    uint16_t pc = s->pc & PROG_ADDR_MASK;
    uint8_t op = m->cpu.prog[pc / MACHINE_PROG_WINDOW][pc % MACHINE_PROG_WINDOW];
    uint8_t bank = (s->psw & PSW_BANK_SELECT) ? REGISTER_BANK1 : 0;
    if ((op & OP_CALL_MASK) == OP_CALL) {
        stack_entry(&a, s->psw, O2_WATCH_WRITE);
    } else if (op == OP_RET || op == OP_RETR) {
        stack_entry(&a, s->psw - 1u, O2_WATCH_READ);
    } else if (op & 0x08) {
        int kind = rn_kind(op);
        if (kind)
            add_access(&a, (uint8_t)(bank + (op & 7)), kind);
    } else if ((op & 0x0E) == 0) {
        uint8_t ri = (uint8_t)(bank + (op & 1));
        int kind = indirect_kind(op);
        if (kind || (op & 0xF0) == OP_MOVX_READ || (op & 0xF0) == OP_MOVX_WRITE)
            add_access(&a, ri, O2_WATCH_READ);
        if (kind)
            add_access(&a, s->ram[ri], kind);
    }
    return a;
}

/* After a step: report the first watched access, if any. */
static int check_iram(o2_debugger *d, const iram_access *a, o2_debug_stop *stop)
{
    for (int i = 0; i < a->n; i++) {
        int hit = d->watch_iram[a->addr[i]] & a->kind[i];
        if (hit) {
            int kind = (hit & O2_WATCH_WRITE) ? O2_WATCH_WRITE : O2_WATCH_READ;
            report(stop, O2_DEBUG_WATCH, O2_SPACE_IRAM, kind, a->addr[i], d->m->cpu.s.ram[a->addr[i]]);
            return 1;
        }
    }
    return 0;
}

/* ---- history ---- */

static snapshot *slot(o2_debugger *d, uint32_t i) { return &d->ring[(d->first + i) % d->capacity]; }

/* Saves the machine into b, growing it as needed; 0 when out of memory. */
static int save(o2_debugger *d, state_buffer *b)
{
    size_t size = o2_state_size(d->m);
    if (size > b->capacity) {
        uint8_t *bigger = realloc(b->bytes, size);
        if (!bigger)
            return 0;
        b->bytes = bigger;
        b->capacity = size;
    }
    b->size = size;
    return state_save(d->m, b->bytes, size, 0) == (int)size;   /* kept in memory: no check word */
}

static int load(o2_debugger *d, const state_buffer *b)
{
    return state_load(d->m, b->bytes, b->size, 0);
}

static void take_snapshot(o2_debugger *d, int frame_start)
{
    snapshot *s;
    if (d->count == d->capacity) {
        s = slot(d, 0);                 /* the oldest makes room */
        d->first = (d->first + 1) % d->capacity;
        d->count--;
    }
    s = slot(d, d->count);
    s->cycle = o2_cycles(d->m);
    s->frame = o2_frame(d->m);
    s->frame_start = (uint8_t)frame_start;
    if (save(d, &s->state))
        d->count++;                     /* out of memory: history just ends earlier */
}

/* At the first instruction boundary of a frame during a run. Positions already in history (after
 * a rewind) are not saved twice: re-execution reproduces them. */
static void at_frame_start(o2_debugger *d, int replay)
{
    uint64_t frame = o2_frame(d->m);
    d->frame_start = o2_cycles(d->m);
    if (replay || frame % d->every != 0)
        return;
    if (d->count && slot(d, d->count - 1)->cycle >= o2_cycles(d->m))
        return;
    take_snapshot(d, 1);
}

void o2_debug_forget(o2_debugger *d)
{
    /* A frame start is known here only when it falls exactly on this cycle (power-on does). */
    int at_start = o2_cycles(d->m) == o2_frame_start_cycle(d->m, o2_frame(d->m));
    d->first = d->count = 0;
    d->frame_start = at_start ? o2_cycles(d->m) : NO_FRAME_START;
    take_snapshot(d, at_start);
}

uint32_t o2_debug_history(const o2_debugger *d) { return d->count; }
uint64_t o2_debug_history_cycle(o2_debugger *d, uint32_t i) { return i < d->count ? slot(d, i)->cycle : 0; }
uint64_t o2_debug_history_frame(o2_debugger *d, uint32_t i) { return i < d->count ? slot(d, i)->frame : 0; }

/* ---- running ---- */

static int limit_reached(const o2_debugger *d, const o2_debug_limits *lim, uint64_t steps)
{
    return steps >= lim->steps || o2_cycles(d->m) >= lim->cycle || o2_frame(d->m) >= lim->frame;
}

static int needs_each_step(const o2_debugger *d, const o2_debug_limits *lim)
{
    return lim->steps != UINT64_MAX || lim->sp >= 0
        || (!lim->replay && (d->any_iram_watch || d->irq_break || d->trace));
}

static void step_checked(o2_debugger *d, const o2_debug_limits *lim, o2_debug_stop *stop)
{
    o2_machine *m = d->m;
    int watch_iram = !lim->replay && d->any_iram_watch;
    iram_access access = { 0, { 0, 0 }, { 0, 0 } };
    uint8_t was_in_irq = m->cpu.s.in_irq;
    uint64_t frame = o2_frame(m);
    int tracing = !lim->replay && d->trace;
    if (watch_iram)
        access = next_iram_access(m);
    if (tracing)
        machine_trace_entry(m, &d->trace[d->trace_count]);
    o2_step(m);
    stop->steps++;
    if (o2_frame(m) != frame)
        at_frame_start(d, lim->replay);
    int entered_irq = m->cpu.s.in_irq && !was_in_irq;
    if (tracing && !entered_irq)
        d->trace_count++;                          /* an interrupt entry has no entry of its own */
    if (watch_iram && entered_irq) {
        /* an interrupt entry ran instead of the instruction: it only pushed the return address */
        access.n = 0;
        stack_entry(&access, m->cpu.s.psw - 1u, O2_WATCH_WRITE);
    }
    if (stop->reason != O2_DEBUG_DONE)
        return;                                   /* the bus hook saw a watched access */
    if (watch_iram && check_iram(d, &access, stop))
        return;
    if (!lim->replay && d->irq_break && entered_irq) {
        stop->reason = O2_DEBUG_IRQ;
        stop->addr = m->cpu.s.pc;
        return;
    }
    if (lim->sp >= 0 && (m->cpu.s.psw & PSW_SP_MASK) == lim->sp)
        stop->reason = O2_DEBUG_RETURN;
    else if (tracing && d->trace_count == d->trace_capacity)
        stop->reason = O2_DEBUG_TRACE_FULL;
}

/* A breakpoint at the PC whose condition holds. */
static int breakpoint_holds(const o2_debugger *d)
{
    uint16_t pc = d->m->cpu.s.pc & PROG_ADDR_MASK;
    if (!d->any_breakpoint || !d->breakpoints[pc])
        return 0;
    const condition *c = &d->conditions[pc];
    int64_t value = 1;
    return !c->code || o2_debug_eval(d, c->code, c->n, &value) != O2_OK || value != 0;
}

static void run_each_step(o2_debugger *d, const o2_debug_limits *lim, o2_debug_stop *stop)
{
    while (!limit_reached(d, lim, stop->steps)) {
        if (stop->steps > 0 && !lim->replay && breakpoint_holds(d)) {
            stop->reason = O2_DEBUG_BREAK;
            return;
        }
        step_checked(d, lim, stop);
        if (stop->reason != O2_DEBUG_DONE)
            return;
    }
}

/* The machine's loop, cut at every frame start (snapshots) and at lim->cycle. */
static void run_fast(o2_debugger *d, const o2_debug_limits *lim, o2_debug_stop *stop)
{
    o2_machine *m = d->m;
    int first = 1;
    while (!limit_reached(d, lim, 0)) {
        uint64_t start = o2_cycles(m);
        uint64_t end = o2_frame_start_cycle(m, o2_frame(m) + 1);
        if (end > lim->cycle)
            end = lim->cycle;
        if (!first && !lim->replay && breakpoint_holds(d)) {
            stop->reason = O2_DEBUG_BREAK;
            return;
        }
        first = 0;
        uint64_t frame = o2_frame(m);
        int why = o2_run_cycles(m, end - start);
        if (why == O2_STOP_BREAKPOINT) {
            if (!lim->replay && breakpoint_holds(d)) {
                stop->reason = O2_DEBUG_BREAK;
                return;
            }
            continue;                             /* resuming steps past it first */
        }
        if (why == O2_STOP_DONE && o2_frame(m) != frame)
            at_frame_start(d, lim->replay);     /* the run ended at the first boundary past it */
        if (stop->reason != O2_DEBUG_DONE)
            return;
    }
}

int o2_debug_run(o2_debugger *d, const o2_debug_limits *lim, o2_debug_stop *stop)
{
    memset(stop, 0, sizeof *stop);
    stop->reason = O2_DEBUG_DONE;
    d->pending = lim->replay ? NULL : stop;
    if (needs_each_step(d, lim))
        run_each_step(d, lim, stop);
    else
        run_fast(d, lim, stop);
    d->pending = NULL;
    return stop->reason;
}

/* Instruction boundaries from the machine's position to `cycle` (which must be one). */
static uint64_t count_steps_to(o2_debugger *d, uint64_t cycle)
{
    /* any step limit selects the per-step loop, which counts exactly */
    o2_debug_limits lim = { UINT64_MAX - 1, cycle, UINT64_MAX, -1, 1 };
    o2_debug_stop stop;
    o2_debug_run(d, &lim, &stop);
    return stop.steps;
}

static void replay_steps(o2_debugger *d, uint64_t steps)
{
    o2_debug_limits lim = { steps, UINT64_MAX, UINT64_MAX, -1, 1 };
    o2_debug_stop stop;
    o2_debug_run(d, &lim, &stop);
}

static int restore(o2_debugger *d, uint32_t i)
{
    snapshot *s = slot(d, i);
    if (s->frame_start)
        d->frame_start = s->cycle;
    return load(d, &s->state);
}

int o2_debug_back(o2_debugger *d, uint64_t n)
{
    uint64_t end = o2_cycles(d->m), needed = n, frame_start = d->frame_start;
    uint32_t i = d->count;
    if (n == 0)
        return O2_OK;
    if (!save(d, &d->scratch))
        return O2_DEBUG_ERR_HISTORY;
    while (i > 0) {
        i--;
        if (slot(d, i)->cycle >= end)
            continue;
        restore(d, i);
        uint64_t count = count_steps_to(d, end);
        if (count >= needed) {
            restore(d, i);
            replay_steps(d, count - needed);
            return O2_OK;
        }
        needed -= count;
        end = slot(d, i)->cycle;
    }
    load(d, &d->scratch);
    d->frame_start = frame_start;
    return O2_DEBUG_ERR_HISTORY;
}

int o2_debug_rewind_to(o2_debugger *d, uint64_t frame)
{
    for (uint32_t i = d->count; i > 0; i--) {
        snapshot *s = slot(d, i - 1);
        if (s->frame > frame || (s->frame == frame && !s->frame_start))
            continue;
        restore(d, i - 1);
        o2_debug_limits lim = { UINT64_MAX, UINT64_MAX, frame, -1, 1 };
        o2_debug_stop stop;
        o2_debug_run(d, &lim, &stop);
        return O2_OK;
    }
    return O2_DEBUG_ERR_HISTORY;
}

int o2_debug_at_frame_start(const o2_debugger *d)
{
    return o2_cycles(d->m) == d->frame_start;
}

/* ---- life ---- */

void o2_debug_free(o2_debugger *d)
{
    if (!d)
        return;
    if (d->m->hook_ctx == d) {
        o2_set_breakpoints(d->m, NULL);
        machine_set_bus_hook(d->m, NULL);
        d->m->hook_ctx = NULL;
    }
    for (uint32_t i = 0; d->ring && i < d->capacity; i++)
        free(d->ring[i].state.bytes);
    for (uint32_t pc = 0; pc < BREAKPOINT_SLOTS; pc++)
        free(d->conditions[pc].code);
    free(d->ring);
    free(d->scratch.bytes);
    free(d);
}

o2_debugger *o2_debug_new(o2_machine *m, uint32_t every, uint32_t capacity)
{
    o2_debugger *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->m = m;
    d->every = every ? every : 1;
    d->capacity = capacity ? capacity : 1;
    d->ring = calloc(d->capacity, sizeof *d->ring);
    if (!d->ring) {
        o2_debug_free(d);
        return NULL;
    }
    m->hook_ctx = d;
    o2_debug_changed(d);
    o2_debug_forget(d);
    return d;
}

const uint8_t *o2_debug_charset(const o2_debugger *d) { return d->m->charset; }

uint8_t o2_debug_program(const o2_debugger *d, uint16_t addr)
{
    addr &= PROG_ADDR_MASK;
    return d->m->cpu.prog[addr / MACHINE_PROG_WINDOW][addr % MACHINE_PROG_WINDOW];
}

/* The beam at the machine's time, computed from the clock rather than by catching the VDC up,
 * so that looking leaves the VDC (and the save state) as it was. */
void o2_debug_beam(const o2_debugger *d, uint32_t *line, uint32_t *x)
{
    unsigned beam_line, beam_x;
    vdc_beam_at(&d->m->vdc, o2_hc(d->m), &beam_line, &beam_x);
    *line = beam_line;
    *x = beam_x;
}

uint64_t o2_debug_line_start_cycle(const o2_debugger *d, uint32_t lines)
{
    uint64_t line_hc = d->m->vdc.line_hc;
    uint64_t hc = (o2_hc(d->m) / line_hc + lines) * line_hc;
    return machine_cycle_at(d->m, hc);
}

void o2_debug_set_trace(o2_debugger *d, o2_trace_entry *buf, uint32_t capacity)
{
    d->trace = capacity ? buf : NULL;
    d->trace_capacity = capacity;
    d->trace_count = 0;
}

uint32_t o2_debug_take_trace(o2_debugger *d)
{
    uint32_t n = d->trace_count;
    d->trace_count = 0;
    return n;
}

void o2_debug_sound(const o2_debugger *d, uint32_t *shift, uint8_t *control)
{
    *shift = d->m->vdc.sound.shift;
    *control = d->m->vdc.sound.control;
}

/* ---- expressions ---- */

static int64_t read_register(const o2_debugger *d, int64_t reg)
{
    const o2_cpu_state *s = &d->m->cpu.s;
    uint32_t line, x;
    if (reg >= O2_REG_R0 && reg < O2_REG_R0 + 8)
        return s->ram[((s->psw & PSW_BANK_SELECT) ? REGISTER_BANK1 : 0) + (reg - O2_REG_R0)];
    switch (reg) {
    case O2_REG_A:      return s->a;
    case O2_REG_PC:     return s->pc;
    case O2_REG_PSW:    return s->psw;
    case O2_REG_SP:     return s->psw & PSW_SP_MASK;
    case O2_REG_CY:     return s->psw >> 7 & 1;
    case O2_REG_AC:     return s->psw >> 6 & 1;
    case O2_REG_F0:     return s->psw >> 5 & 1;
    case O2_REG_F1:     return s->f1;
    case O2_REG_BS:     return s->psw >> 4 & 1;
    case O2_REG_MB:     return s->mb;
    case O2_REG_T:      return s->timer;
    case O2_REG_FRAME:  return (int64_t)o2_frame(d->m);
    case O2_REG_CYCLES: return (int64_t)o2_cycles(d->m);
    case O2_REG_LINE:   o2_debug_beam(d, &line, &x); return line;
    case O2_REG_BANK:   return o2_cart_bank(d->m);
    default:            return 0;
    }
}

static int64_t read_memory(const o2_debugger *d, int64_t space, int64_t addr)
{
    uint8_t a = (uint8_t)addr;
    switch (space) {
    case O2_SPACE_IRAM: return d->m->cpu.s.ram[a % IRAM_SIZE];
    case O2_SPACE_XRAM: return d->m->xram[a % MACHINE_XRAM_SIZE];
    default:            return o2_vdc_peek(d->m, a);
    }
}

static int64_t shift(int64_t v, int64_t by, int left)
{
    if (by < 0 || by > 62)
        return 0;
    return left ? (int64_t)((uint64_t)v << by) : v >> by;
}

static int64_t binary(int64_t op, int64_t l, int64_t r)
{
    switch (op) {
    case O2_OP_OR:   return l || r;
    case O2_OP_AND:  return l && r;
    case O2_OP_EQ:   return l == r;
    case O2_OP_NE:   return l != r;
    case O2_OP_LT:   return l < r;
    case O2_OP_LE:   return l <= r;
    case O2_OP_GT:   return l > r;
    case O2_OP_GE:   return l >= r;
    case O2_OP_BOR:  return l | r;
    case O2_OP_BXOR: return l ^ r;
    case O2_OP_BAND: return l & r;
    case O2_OP_SHL:  return shift(l, r, 1);
    case O2_OP_SHR:  return shift(l, r, 0);
    case O2_OP_ADD:  return (int64_t)((uint64_t)l + (uint64_t)r);
    default:         return (int64_t)((uint64_t)l - (uint64_t)r);
    }
}

int o2_debug_eval(const o2_debugger *d, const int64_t *code, uint32_t n, int64_t *value)
{
    int64_t stack[O2_EXPR_STACK];
    uint32_t depth = 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t op = code[i];
        if (op <= O2_OP_MEM) {
            if (i + 1 >= n || (op != O2_OP_NUM && !d))
                return O2_ERR_EXPR;
            int64_t operand = code[++i];
            if (op == O2_OP_MEM) {
                if (depth < 1)
                    return O2_ERR_EXPR;
                stack[depth - 1] = read_memory(d, operand, stack[depth - 1]);
                continue;
            }
            if (depth == O2_EXPR_STACK)
                return O2_ERR_EXPR;
            stack[depth++] = op == O2_OP_NUM ? operand : read_register(d, operand);
        } else if (op <= O2_OP_NEG) {
            if (depth < 1)
                return O2_ERR_EXPR;
            int64_t v = stack[depth - 1];
            stack[depth - 1] = op == O2_OP_NOT ? !v : op == O2_OP_INV ? ~v : (int64_t)(0 - (uint64_t)v);
        } else if (op <= O2_OP_SUB) {
            if (depth < 2)
                return O2_ERR_EXPR;
            depth--;
            stack[depth - 1] = binary(op, stack[depth - 1], stack[depth]);
        } else {
            return O2_ERR_EXPR;
        }
    }
    if (depth != 1)
        return O2_ERR_EXPR;
    *value = stack[0];
    return O2_OK;
}

int o2_debug_set_condition(o2_debugger *d, uint16_t pc, const int64_t *code, uint32_t n)
{
    condition *c = &d->conditions[pc & PROG_ADDR_MASK];
    free(c->code);
    c->code = NULL;
    c->n = 0;
    if (!code || n == 0)
        return O2_OK;
    c->code = malloc(n * sizeof *code);
    if (!c->code)
        return O2_ERR_EXPR;
    memcpy(c->code, code, n * sizeof *code);
    c->n = n;
    return O2_OK;
}
