/*
 * board8048.c — a bare 8048 on a test board: the CPU with nothing of the console around it.
 *
 * Program memory   4 KiB of RAM-like ROM at 0x000-0xFFF, filled by o2_board_load.
 * Data memory      256 bytes on MOVX (the 8-bit address of R0/R1, no decoding).
 * Ports            BUS, P1, P2 latches live in the CPU state; pins[] is what outside devices
 *                  drive. P1/P2 are quasi-bidirectional, so a read sees latch AND pins; BUS is
 *                  a true bidirectional port, so INS A,BUS sees the pins alone.
 * Pins             T0 and /INT are the o2_cpu_state fields; T1 goes through o2_board_set_t1 so
 *                  that counter mode sees its falling edges.
 * Hook             an optional callback after every output-latch write (tests watch ports).
 */
#include <stdlib.h>
#include <string.h>

#include "cpu8048.h"

#define PORT_COUNT 3

struct o2_board {
    cpu8048 cpu;
    uint8_t program[O2_BOARD_PROGRAM_SIZE];
    uint8_t xram[O2_BOARD_XRAM_SIZE];
    uint8_t pins[PORT_COUNT];
    o2_port_hook port_hook;
    void *port_hook_ctx;
};

static uint8_t read_ext(void *ctx, uint8_t addr) { return ((o2_board *)ctx)->xram[addr]; }

static void write_ext(void *ctx, uint8_t addr, uint8_t v) { ((o2_board *)ctx)->xram[addr] = v; }

static uint8_t read_port(void *ctx, int port)
{
    o2_board *b = ctx;
    const o2_cpu_state *s = &b->cpu.s;
    switch (port) {
    case O2_PORT_P1: return s->p1 & b->pins[O2_PORT_P1];
    case O2_PORT_P2: return s->p2 & b->pins[O2_PORT_P2];
    default:         return b->pins[O2_PORT_BUS];
    }
}

static void write_port(void *ctx, int port, uint8_t v)
{
    o2_board *b = ctx;
    if (b->port_hook)
        b->port_hook(b->port_hook_ctx, port, v);
}

o2_board *o2_board_new(void)
{
    o2_board *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    const cpu8048_bus bus = { .ctx = b, .read_ext = read_ext, .write_ext = write_ext, .read_port = read_port,
                              .write_port = write_port };
    cpu8048_init(&b->cpu, &bus);
    for (int i = 0; i < 4; i++)
        b->cpu.prog[i] = b->program + i * (O2_BOARD_PROGRAM_SIZE / 4);
    memset(b->pins, 0xFF, sizeof b->pins);
    cpu8048_reset(&b->cpu);
    return b;
}

void o2_board_free(o2_board *b) { free(b); }

/* The image goes at 0x000; the rest of program memory is cleared to NOPs. */
int o2_board_load(o2_board *b, const uint8_t *image, size_t len)
{
    if (len > sizeof b->program)
        return O2_ERR_SIZE;
    memset(b->program, 0, sizeof b->program);
    if (len)
        memcpy(b->program, image, len);
    cpu8048_program_changed(&b->cpu);
    return O2_OK;
}

void o2_board_reset(o2_board *b) { cpu8048_reset(&b->cpu); }

int o2_board_step(o2_board *b) { return cpu8048_step(&b->cpu); }

uint64_t o2_board_run(o2_board *b, uint64_t cycles)
{
    uint64_t start = b->cpu.s.cycles;
    cpu8048_run(&b->cpu, start + cycles);
    return b->cpu.s.cycles - start;
}

void o2_board_set_t1(o2_board *b, int level) { cpu8048_set_t1(&b->cpu, level); }

void o2_board_set_port_hook(o2_board *b, o2_port_hook hook, void *ctx)
{
    b->port_hook = hook;
    b->port_hook_ctx = ctx;
}

void o2_board_yield(o2_board *b) { cpu8048_yield(&b->cpu); }

o2_cpu_state *o2_board_cpu(o2_board *b) { return &b->cpu.s; }

uint8_t *o2_board_xram(o2_board *b) { return b->xram; }

uint8_t *o2_board_pins(o2_board *b) { return b->pins; }
