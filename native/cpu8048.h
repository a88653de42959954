/*
 * cpu8048.h — Intel 8048 (MCS-48) core, internal to native/.
 *
 * The CPU knows nothing of the console. It fetches program bytes through a map of four 1 KiB
 * windows (prog[pc >> 10]), reaches external data memory and ports through cpu8048_bus, reads
 * its pins from the o2_cpu_state fields t0/t1/int_pin, and counts machine cycles in s.cycles.
 *
 * Timing contract with the machine:
 *  - s.cycles counts machine cycles. A bus callback made by an instruction (MOVX, IN, INS, OUTL,
 *    ANL/ORL port) runs with s.cycles already advanced past all but the last machine cycle of
 *    that instruction, i.e. the access happens at the start of its final cycle. The machine
 *    turns this into a beam position. During the callback s.pc holds the address of the
 *    instruction making the access, and s.a and s.psw are current.
 *  - Inside a run, s.pc, s.cycles, s.a and s.psw are current only during a bus callback: the
 *    CPU works on its own copies and writes them back before each callback and when the run
 *    (or step) returns. In timer mode cpu8048_run also counts the timer (s.timer, s.prescaler,
 *    s.timer_flag) only where an instruction reads or sets it, where its interrupt request falls
 *    and when the run returns: a bus callback of cpu8048_run may see it behind.
 *  - cpu8048_run executes whole instructions while s.cycles < run_until. A bus callback may
 *    make run return after the current instruction, e.g. when a VDC access changes /INT or the
 *    next raster event, through cpu8048_yield only: the run keeps its end in a host register and
 *    reads run_until again only where irq_poll is set, which cpu8048_yield sets with it.
 *    Callbacks must not change s.pc, s.cycles, s.a or s.psw (the run loop keeps its own copies).
 *    Only write_port may remap prog[] (a bank switch through P1), which the next fetch sees.
 *  - Pins are sampled at instruction boundaries: the machine updates t1 (via cpu8048_set_t1,
 *    which counts falling edges in counter mode) and int_pin between instructions, or gives
 *    T1 on demand through the bus's read_t1. JT1, JNT1 and JNI test their pin at the end of
 *    the instruction through the bus's test_pin, as a bus access would.
 *  - Interrupt entry (2 cycles, like a CALL) is taken at an instruction boundary when the pin or
 *    the timer request is active, its enable is set, and no interrupt is in progress.
 *    /INT has priority over the timer.
 *  - cpu8048_reset sets P1 and P2 to 0xFF (input mode) and reports both through write_port.
 *  - Idle loops (skip_idle set): when a jump in cpu8048_run lands on the first byte of a loop of
 *    one or two instructions that touches no bus and repeats itself exactly until an interrupt or
 *    its own counter ends it (JMP $; INC/DEC Rr + JMP; MOV A,Rr or A,@Ri + JZ/JNZ; DJNZ Rr,$; a
 *    jump on a flag, A, T0 or /INT to itself, or not taken and followed by a JMP back as JNI out;
 *    JMP $-2), it adds whole iterations at once: the same cycles, registers, A, timer and flags as
 *    running them, stopping short of the run's end, of the loop's own exit and of a timer
 *    interrupt. Likewise a run of one repeated MOV A,Rr opcode (an empty slot's 0xFF bytes)
 *    executes at once, up to the run's end, the end of the PC's 2 KiB half and a timer interrupt;
 *    and a block-filling loop (DEC/INC Ri; CLR A or MOV A,#v; MOVX @Ri,A; MOV A,Ri; XRL A,Rr or
 *    #e; JNZ back) runs its iterations without fetching and decoding, each store made through
 *    write_ext (or all through fill_ext) at its own cycle, stopping where the interpreter would; so does a loop filling the
 *    internal RAM (MOV @Ri,A; DJNZ Rr back), each store where it lands. cpu8048_run_to_break does
 *    the same where none of the addresses run over is a breakpoint; steps never skip.
 *  - cpu8048_run looks for a due interrupt only where one may have become due (irq_poll: the
 *    run's start, EN I, RETR, a timer or counter overflow); pins change only between runs.
 *  - Dispatch: cpu8048_run jumps from each instruction's handler straight to the next one's
 *    (labels as values, GCC and Clang) and compares the cycle with one limit per instruction: the
 *    run's end, a poll and the timer's next interrupt request, computed ahead. It takes each
 *    handler from the mapping's image (cpu8048_code); opcodes without a handler, and those at the
 *    end of a 2 KiB half, run through the same code as a step.
 *    -DCPU8048_SWITCH_DISPATCH (or a compiler without labels as values) builds the plain loop,
 *    one switch per instruction, instead; both give the same cycles, registers and bus accesses.
 */
#ifndef CPU8048_H
#define CPU8048_H

#include "o2.h"
#include "state.h"

#define CPU8048_PORT_BUS O2_PORT_BUS
#define CPU8048_PORT_P1  O2_PORT_P1
#define CPU8048_PORT_P2  O2_PORT_P2

/* The pins a conditional jump may ask the bus about (cpu8048_bus.test_pin). */
enum { CPU8048_PIN_T1, CPU8048_PIN_INT };

typedef struct cpu8048_bus {
    void *ctx;
    uint8_t (*read_ext)(void *ctx, uint8_t addr);              /* MOVX A,@Rr */
    void    (*write_ext)(void *ctx, uint8_t addr, uint8_t v);  /* MOVX @Rr,A */
    /* IN A,P1 / IN A,P2 / INS A,BUS: the pin levels (quasi-bidirectional ports: the machine
     * combines the latch in s.p1/s.p2 with what drives the pins). */
    uint8_t (*read_port)(void *ctx, int port);
    /* After any change of an output latch (OUTL, ANL, ORL, MOVX's BUS use excluded), but see
     * port_applied below. */
    void    (*write_port)(void *ctx, int port, uint8_t v);
    /* Optional (NULL: the CPU reads s.t1 as cpu8048_set_t1 left it). For a machine that keeps
     * s.t1 current only in counter mode: JT1/JNT1 and STRT CNT call it to bring s.t1 to the
     * level at the boundary that starts machine cycle `cycle` (the instruction's first), and
     * STRT CNT then ends the run (cpu8048_yield) so the machine can start counting edges. */
    int     (*read_t1)(void *ctx, uint64_t cycle);
    /* Optional. An instruction started or stopped the event counter (STRT CNT; STRT T or STOP
     * TCNT in counter mode): s.timer_mode is the new mode. The machine may change `quiet` here. */
    void    (*counter_switched)(void *ctx);
    /* Optional (NULL: s.t1 and s.int_pin as sampled at the instruction's start). JT1, JNT1 and
     * JNI: the level of T1 or /INT (1 = asserted) at the end of the instruction, where a bus
     * access of the instruction would see it (called like one: s.cycles is the start of its
     * last cycle). */
    int     (*test_pin)(void *ctx, int pin);
    /* Optional (NULL, or a return of 0: write_ext store by store). The stores of a block-filling
     * loop (skip_idle, below) in one call: store k of n writes `value` at addr + k * step (modulo
     * 256) as write_ext would, with s.cycles = cycle + k * period during it (s.pc and s.a are the
     * MOVX's; the loop's pointer register is brought up to date after the call). Returns the
     * stores made: n, or fewer where one ended the run (cpu8048_yield), that one included. */
    unsigned (*fill_ext)(void *ctx, uint8_t addr, int step, unsigned n, uint8_t value, uint64_t cycle,
                         unsigned period);
    /* Optional (NULL: every MOVX through read_ext and write_ext). Memory a MOVX reaches alone, with
     * nothing else to happen, while (s.p1 & ram_p1_mask) == ram_p1_value: a MOVX read there gives
     * ram[addr] (ram_floating at addr >= ram_size) and a MOVX write stores into it (nowhere at addr
     * >= ram_size), without a callback. The machine may change `ram` between runs and steps. */
    uint8_t *ram;
    unsigned ram_size;
    uint8_t ram_p1_mask, ram_p1_value, ram_floating;
    /* Optional (NULL: write_port hears every OUTL, ANL and ORL). For each port (CPU8048_PORT_*), the
     * latch bits the machine acts on (port_listen) and a byte it keeps with those bits as it last
     * acted on them (*port_applied): an OUTL, ANL or ORL whose new latch agrees with that byte in
     * those bits only sets the latch. */
    const uint8_t *port_applied[3];
    uint8_t port_listen[3];
    /* Optional (NULL: every MOVX write `ram` does not take goes through write_ext). Writes the
     * machine would not act on: while (s.p1 & quiet_p1_mask) == quiet_p1_value, a MOVX write of v
     * at addr with quiet[addr] set and held[addr] == v is left out. write_ext may change both
     * arrays; the machine may change the pointers between runs and steps, and counter_switched
     * may change `quiet`. */
    const uint8_t *quiet, *held;
    uint8_t quiet_p1_mask, quiet_p1_value;
    /* -DCPU8048_NO_BUS_SHORTCUTS: no shortcut is taken (the reference build). */
} cpu8048_bus;

/* Program memory as the CPU reads it: one mapping of prog[] copied into a contiguous 4 KiB image
 * (byte[]), and for cpu8048_run's threaded loop the handler of the opcode at each address
 * (handler[]; the slow path's at the last two addresses of each 2 KiB half, where an instruction
 * may run past the half's end and the PC wraps; a MOV A,Rr followed by the same opcode has one of
 * its own; each address gets its handler when it first runs, a decoding handler until then).
 * Fetches then neither look prog[] up nor check a
 * window, a dispatch is one load and one jump, and the threaded loop needs no limit on how far
 * the PC may go. A few mappings (the BIOS with each cartridge bank) are kept, each found again by
 * its four window addresses. */
#define CPU8048_CODE_MAPS 4
#define CPU8048_CODE_SIZE 4096
typedef struct cpu8048_code {
    const void *handler[CPU8048_CODE_SIZE];
    uint8_t byte[CPU8048_CODE_SIZE];
    /* Whether an idle or filling loop (below) may start at each address, by its first two
     * opcodes, found out at the first jump back there (0xFF until then): a jump back to an
     * address where none may start looks for none. */
    uint8_t loop_head[CPU8048_CODE_SIZE];
    const uint8_t *windows[4];   /* the prog[] it was read from */
    int valid;
} cpu8048_code;

typedef struct cpu8048 {
    o2_cpu_state s;
    /* What the interpreter looks up on every CALL, RET and ADD (filled by cpu8048_init), here so
     * that a load from the pointer it holds to the CPU reaches it: a table of the shared object's
     * costs one instruction more for its address (position-independent code). By PSW value: */
    struct {
        uint16_t entry_high[256];    /* a stack entry's high byte: PSW bits 7-4 over PC bits 11-8 */
        uint8_t slot[256];           /* the offset in the stack of the entry the pointer selects */
        uint8_t pushed[256];         /* the PSW with its stack pointer one up */
        uint8_t popped[256];         /* and one down */
        uint8_t add_flags[32];       /* CY and AC by an addition's carries >> 4 (not by PSW) */
    } table;
    /* 1 KiB windows for PC 0x000-0xFFF; never NULL after setup. The bytes behind them must not
     * change unless cpu8048_program_changed follows (before the next step or run). */
    const uint8_t *prog[4];
    cpu8048_bus bus;
    uint64_t run_until;       /* written by a run as it starts and by cpu8048_yield, nothing else */
    int skip_idle;            /* cpu8048_run jumps over whole iterations of idle loops (below) */
    uint8_t irq_poll;         /* a timer overflow asks cpu8048_run to look for an interrupt
                                 before the next instruction (EN I, RETR and a new run do too),
                                 a yield to look at the run's end: one flag for a bus callback's
                                 caller to test */
    unsigned code_current;    /* the image of code[] last used */
    unsigned code_previous;   /* the one used before it (a program switching between two banks) */
    unsigned code_next;       /* the one a new mapping replaces */
    cpu8048_code code[CPU8048_CODE_MAPS];
} cpu8048;

void cpu8048_init(cpu8048 *cpu, const cpu8048_bus *bus);   /* zeroes state, sets the bus */
void cpu8048_reset(cpu8048 *cpu);                          /* RESET pin: Intel's reset state */
int  cpu8048_step(cpu8048 *cpu);          /* one instruction or interrupt entry; returns cycles */
void cpu8048_run(cpu8048 *cpu, uint64_t until);           /* whole instructions until cycles >= until */
/* cpu8048_run that also stops whenever the PC is flagged in breakpoints[4096] (the debugger's
 * path: one table look-up per instruction instead of a step call). */
void cpu8048_run_to_break(cpu8048 *cpu, uint64_t until, const uint8_t *breakpoints);
/* The bytes behind prog[] were rewritten (a BIOS or cartridge loaded): the images go. */
void cpu8048_program_changed(cpu8048 *cpu);
void cpu8048_set_t1(cpu8048 *cpu, int level);             /* counts a 1->0 edge in counter mode */
void cpu8048_state(cpu8048 *cpu, o2_stream *st);           /* save-state visitor (state.h) */
static inline void cpu8048_yield(cpu8048 *cpu)
{
    cpu->run_until = 0;
    cpu->irq_poll = 1;
}

/* Cycle count of each opcode (1 or 2), for the disassembler views and tests. */
extern const uint8_t cpu8048_cycles[256];

#endif /* CPU8048_H */
