/*
 * state.c — save states: the o2_stream primitives (state.h) and the file layout.
 *
 * Layout (little-endian):
 *   magic    4 bytes  "O2ST"
 *   version  u32      STATE_VERSION; a newer one is refused (O2_ERR_STATE_VERSION), an older one
 *                     from STATE_OLDEST_VERSION on loads (the visitors read what it has)
 *   region   u8       O2_REGION_*
 *   setup    u64      hash of BIOS, charset, cartridge and region: a state only loads into the
 *                     same setup (O2_ERR_STATE_MISMATCH)
 *   body              cpu8048_state, vdc_state (sound included), machine_state, in that order
 *   check    u64      FNV-1a of everything before it (a flipped bit gives O2_ERR_STATE_CORRUPT)
 * Loading is all or nothing: on any error the machine is left as it was. The output sample rate
 * is the loading machine's own (a host setting, not console state).
 */
#include <stdlib.h>
#include <string.h>

#include "machine.h"
#include "sound.h"

#define STATE_VERSION 3          /* 2: the VDC carries the reference model; 3: the machine its
                                    MAME timeslice (a version 2 state starts a new one) */
#define STATE_OLDEST_VERSION 2   /* older ones are refused as damaged (O2_ERR_STATE_CORRUPT) */
static const uint8_t state_magic[4] = { 'O', '2', 'S', 'T' };

/* ---- stream primitives ---- */

/* The n bytes at the stream's position, or NULL (with st->error set) past the end. */
static uint8_t *reserve(o2_stream *st, size_t n)
{
    uint8_t *at = NULL;
    if (st->mode != O2_STREAM_SIZE) {
        if (st->error || n > st->len - st->pos)
            st->error = 1;
        else
            at = st->buf + st->pos;
    }
    st->pos += n;
    return at;
}

static void st_le(o2_stream *st, uint64_t *v, size_t n)
{
    uint8_t *at = reserve(st, n);
    if (!at)
        return;
    if (st->mode == O2_STREAM_SAVE) {
        for (size_t i = 0; i < n; i++)
            at[i] = (uint8_t)(*v >> (8 * i));
    } else {
        uint64_t x = 0;
        for (size_t i = 0; i < n; i++)
            x |= (uint64_t)at[i] << (8 * i);
        *v = x;
    }
}

void st_u8(o2_stream *st, uint8_t *v)   { uint64_t x = *v; st_le(st, &x, 1); *v = (uint8_t)x; }
void st_u16(o2_stream *st, uint16_t *v) { uint64_t x = *v; st_le(st, &x, 2); *v = (uint16_t)x; }
void st_u32(o2_stream *st, uint32_t *v) { uint64_t x = *v; st_le(st, &x, 4); *v = (uint32_t)x; }
void st_u64(o2_stream *st, uint64_t *v) { st_le(st, v, 8); }

void st_i32(o2_stream *st, int32_t *v)
{
    uint32_t x = (uint32_t)*v;
    st_u32(st, &x);
    *v = (int32_t)x;
}

void st_bytes(o2_stream *st, uint8_t *v, size_t n)
{
    uint8_t *at = reserve(st, n);
    if (!at)
        return;
    if (st->mode == O2_STREAM_SAVE)
        memcpy(at, v, n);
    else
        memcpy(v, at, n);
}

/* ---- the layout ---- */

#define FNV1A_PRIME 0x100000001b3u

uint64_t fnv1a_word(uint64_t hash, uint64_t value)
{
    return (hash ^ value) * FNV1A_PRIME;
}

uint64_t fnv1a_bytes(uint64_t hash, const uint8_t *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        hash = fnv1a_word(hash, bytes[i]);
    return hash;
}

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
    return fnv1a_bytes(FNV1A_OFFSET, p, n);
}

static void visit_body(o2_machine *m, o2_stream *st)
{
    cpu8048_state(&m->cpu, st);
    vdc_state(&m->vdc, st);
    machine_state(m, st);
}

#define HEADER_SIZE (sizeof state_magic + 4 + 1 + 8)
#define CHECK_SIZE 8

size_t o2_state_size(o2_machine *m)
{
    o2_stream st = { O2_STREAM_SIZE, NULL, 0, 0, 0, STATE_VERSION };
    visit_body(m, &st);
    return HEADER_SIZE + st.pos + CHECK_SIZE;
}

int state_save(o2_machine *m, uint8_t *buf, size_t len, int checked)
{
    size_t size = o2_state_size(m);
    if (len < size)
        return O2_ERR_SIZE;
    o2_stream st = { O2_STREAM_SAVE, buf, size - CHECK_SIZE, 0, 0, STATE_VERSION };
    uint32_t version = STATE_VERSION;
    uint8_t region = (uint8_t)m->region;
    uint64_t setup = machine_setup_hash(m);
    st_bytes(&st, (uint8_t *)state_magic, sizeof state_magic);
    st_u32(&st, &version);
    st_u8(&st, &region);
    st_u64(&st, &setup);
    visit_body(m, &st);
    uint64_t check = checked ? fnv1a(buf, st.pos) : 0;
    st.len = size;
    st_u64(&st, &check);
    return st.error ? O2_ERR_SIZE : (int)size;
}

#define MAX_STATE_CYCLES (1ull << 48)    /* about 25 years at 358,000 cycles a second */

int state_load(o2_machine *m, const uint8_t *buf, size_t len, int checked)
{
    if (len < sizeof state_magic)     /* a cut-off magic is a truncated state, nothing is not */
        return len > 0 && memcmp(buf, state_magic, len) == 0 ? O2_ERR_STATE_CORRUPT : O2_ERR_STATE_MAGIC;
    if (memcmp(buf, state_magic, sizeof state_magic) != 0)
        return O2_ERR_STATE_MAGIC;
    if (len < HEADER_SIZE + CHECK_SIZE)
        return O2_ERR_STATE_CORRUPT;
    o2_stream st = { O2_STREAM_LOAD, (uint8_t *)buf, len - CHECK_SIZE, sizeof state_magic, 0, 0 };
    uint32_t version = 0;
    uint8_t region = 0;
    uint64_t setup = 0, check = 0;
    st_u32(&st, &version);
    if (version > STATE_VERSION)
        return O2_ERR_STATE_VERSION;
    if (version < STATE_OLDEST_VERSION)
        return O2_ERR_STATE_CORRUPT;
    st.version = version;
    st_u8(&st, &region);
    st_u64(&st, &setup);
    if (region != m->region || setup != machine_setup_hash(m))
        return O2_ERR_STATE_MISMATCH;
    /* No size check against the machine here: the size varies with the sound samples buffered
     * so far (sound_state); the visit below must end exactly at the check instead. */
    o2_stream tail = { O2_STREAM_LOAD, (uint8_t *)buf, len, len - CHECK_SIZE, 0, 0 };
    st_u64(&tail, &check);
    if (checked && check != fnv1a(buf, len - CHECK_SIZE))
        return O2_ERR_STATE_CORRUPT;

    o2_machine *before = malloc(sizeof *m);
    if (!before)
        return O2_ERR_STATE_CORRUPT;
    memcpy(before, m, sizeof *m);
    visit_body(m, &st);
    /* The VDC is brought up to the CPU lazily, never more than a frame behind or ahead of it: a
     * state whose beam and CPU clock disagree further is damaged (catching up would never end). */
    uint64_t frame = m->hc_per_frame;
    int apart = m->cpu.s.cycles > MAX_STATE_CYCLES;      /* decades of play: the clock is damaged */
    if (!apart) {
        uint64_t beam = machine_cycle_hc(m, m->cpu.s.cycles);
        apart = m->vdc.hc > beam + 2 * frame || beam > m->vdc.hc + 2 * frame;
    }
    if (!st.error && !apart && st.pos == len - CHECK_SIZE) {
        /* The output sample rate belongs to the host, not to the console: keep this machine's. */
        if (m->vdc.sound.rate != before->vdc.sound.rate)
            sound_set_rate(&m->vdc.sound, before->vdc.sound.rate);
        if (machine_after_load(m, version) == O2_OK) {
            free(before);
            return O2_OK;
        }
    }
    memcpy(m, before, sizeof *m);       /* the machine's pointers all point into itself */
    free(before);
    return O2_ERR_STATE_CORRUPT;
}

int o2_save_state(o2_machine *m, uint8_t *buf, size_t len)
{
    return state_save(m, buf, len, 1);
}

int o2_load_state(o2_machine *m, const uint8_t *buf, size_t len)
{
    return state_load(m, buf, len, 1);
}
