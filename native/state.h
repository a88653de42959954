/*
 * state.h — the save-state stream, internal to native/.
 *
 * One visitor per chip serialises its fields in a fixed order with fixed-size types (never a raw
 * struct dump); the same function saves, loads and measures, so the order is written once:
 *
 *     void cpu8048_state(cpu8048 *cpu, o2_stream *st) { st_u8(st, &cpu->s.a); st_u16(st, &cpu->s.pc); ... }
 *
 * Multi-byte values are little-endian in the buffer. Reading past the end sets st->error and
 * leaves the field unchanged; state.c checks st->error, the magic and the version.
 */
#ifndef STATE_H
#define STATE_H

#include "o2.h"

/* The layout versions a visitor looks at (state.c has the current one): from 3 on, the machine's
 * MAME timeslice. */
#define STATE_VERSION_SLICE 3

typedef enum { O2_STREAM_SIZE, O2_STREAM_SAVE, O2_STREAM_LOAD } o2_stream_mode;

typedef struct o2_stream {
    o2_stream_mode mode;
    uint8_t *buf;      /* NULL when measuring */
    size_t len;        /* capacity (save) or data length (load) */
    size_t pos;        /* bytes visited so far */
    int error;         /* set on overflow or truncation */
    uint32_t version;  /* the layout's version: STATE_VERSION when saving or measuring, the
                          state's own when loading (older ones leave out what they lacked) */
} o2_stream;

void st_u8(o2_stream *st, uint8_t *v);
void st_u16(o2_stream *st, uint16_t *v);
void st_u32(o2_stream *st, uint32_t *v);
void st_u64(o2_stream *st, uint64_t *v);
void st_i32(o2_stream *st, int32_t *v);
void st_bytes(o2_stream *st, uint8_t *v, size_t n);

/* o2_save_state and o2_load_state (o2.h), with the check word computed and verified (`checked`)
 * or left 0 and not looked at: for states that never leave the memory of the process that made
 * them (the debugger's history, a snapshot every few frames, where checking the whole
 * framebuffer byte by byte would cost more than the frames between). */
int state_save(o2_machine *m, uint8_t *buf, size_t len, int checked);
int state_load(o2_machine *m, const uint8_t *buf, size_t len, int checked);

#endif /* STATE_H */
