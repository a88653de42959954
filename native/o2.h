/*
 * o2.h — the one public header of the Odyssey² core: everything Python (cffi) may call.
 *
 * The text between the cdef markers is fed verbatim to cffi's cdef, so it must stay plain C
 * declarations: fixed-size types, integer #defines, no macros with bodies, no includes.
 * Conventions: prefix o2_, the handle as first argument, buffer twins for every loader,
 * direct pointers to memory that numpy views without copying. Internals live in the per-chip
 * headers (cpu8048.h, vdc8244.h, sound.h, machine.h).
 *
 * Sections are owned by the file that implements them; add to your own section only.
 */
#ifndef O2_H
#define O2_H

#include <stddef.h>
#include <stdint.h>

/* cdef:begin */

/* ---- Errors returned by loaders and state functions (negative) ---- */
#define O2_OK              0
#define O2_ERR_SIZE       -1   /* image has a size the slot cannot take */
#define O2_ERR_STATE_MAGIC -2  /* not a save state of this emulator */
#define O2_ERR_STATE_VERSION -3 /* save state from a newer version */
#define O2_ERR_STATE_CORRUPT -4 /* truncated or inconsistent save state */
#define O2_ERR_STATE_MISMATCH -5 /* state was saved from a different cart/region */

/* ---- 8048 register file (cpu8048.c). Shared by the bare board and the machine. ----
 * Everything a debugger or test may read or write. psw holds CY AC F0 BS in bits 7-4 and SP in
 * bits 2-0; bit 3 is stored as 1 (it always reads 1). */
typedef struct o2_cpu_state {
    uint64_t cycles;         /* machine cycles executed since power-on */
    uint16_t pc;             /* 12 bits */
    uint8_t  a;
    uint8_t  psw;
    uint8_t  f1;
    uint8_t  mb;             /* SEL MB0/MB1 latch: 0 or 1; becomes PC bit 11 at JMP/CALL */
    uint8_t  in_irq;         /* 1 from interrupt entry until RETR */
    uint8_t  xirq_enabled;   /* EN I */
    uint8_t  tirq_enabled;   /* EN TCNTI */
    uint8_t  timer_flag;     /* set on overflow, read and cleared by JTF */
    uint8_t  tirq_pending;   /* overflow seen with EN TCNTI, not yet taken */
    uint8_t  timer;          /* T register */
    uint8_t  prescaler;      /* 0..31, cycles since the last timer increment */
    uint8_t  timer_mode;     /* O2_TIMER_STOPPED / O2_TIMER_TIMER / O2_TIMER_COUNTER */
    uint8_t  p1, p2;         /* output latches */
    uint8_t  bus;            /* BUS output latch */
    uint8_t  t0, t1;         /* test pin levels (0/1) */
    uint8_t  int_pin;        /* 1 while /INT is asserted (pin low) */
    uint8_t  ram[64];        /* internal data memory */
} o2_cpu_state;

#define O2_TIMER_STOPPED 0
#define O2_TIMER_TIMER   1
#define O2_TIMER_COUNTER 2

/* cdef:end */

#endif /* O2_H */
