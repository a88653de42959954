/*
 * sound.c — the 8244/8245 sound generator and its PCM resampler. See sound.h for the model.
 */
#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "sound.h"
#include "vdc8244.h"

/* Half-clocks per second, as an exact fraction HC_NUM / HC_DEN (o2.h's O2_HC_RATE_*). */
#define HC_NUM_NTSC ((uint32_t)O2_HC_RATE_NTSC_NUM)
#define HC_DEN_NTSC ((uint32_t)O2_HC_RATE_NTSC_DEN)
#define HC_NUM_PAL  ((uint32_t)O2_HC_RATE_PAL_NUM)
#define HC_DEN_PAL  ((uint32_t)O2_HC_RATE_PAL_DEN)

#define PRESCALE_POWER_ON 13     /* matches the MAME oracle's NTSC shift phase (see sound.h) */
#define PRESCALE_MAME_LINE0 1    /* MAME's prescaler at its first line 0, both regions */
#define FIR_CUTOFF        0.225  /* of the sub-sample rate: 0.45 × the output rate */
#define Q15               32768
#define PI                3.14159265358979323846

static void integrate(o2_sound *s);

/* A 16-tap Hamming-windowed sinc low-pass with an exact DC gain of 1 (Q15 sum = 32768). */
static void design_fir(int16_t coef[SOUND_FIR_TAPS])
{
    double h[SOUND_FIR_TAPS], sum = 0.0;
    const double mid = (SOUND_FIR_TAPS - 1) / 2.0;
    for (int k = 0; k < SOUND_FIR_TAPS; k++) {
        double t = k - mid;
        double sinc = sin(2.0 * PI * FIR_CUTOFF * t) / (PI * t);
        double window = 0.54 - 0.46 * cos(2.0 * PI * k / (SOUND_FIR_TAPS - 1));
        h[k] = sinc * window;
        sum += h[k];
    }
    int total = 0;
    for (int k = 0; k < SOUND_FIR_TAPS; k++) {
        coef[k] = (int16_t)lround(h[k] / sum * Q15);
        total += coef[k];
    }
    /* Rounding residue goes to the two centre taps so a steady level passes unchanged. */
    coef[SOUND_FIR_TAPS / 2 - 1] += (int16_t)((Q15 - total) / 2);
    coef[SOUND_FIR_TAPS / 2] += (int16_t)(Q15 - total - (Q15 - total) / 2);
}

void sound_init(o2_sound *s, int region, uint32_t rate)
{
    memset(s, 0, sizeof *s);
    /* One sub-sample (1 / (2 × rate) s) = HC_NUM ticks; one half-clock = 2 × rate × HC_DEN ticks. */
    s->ticks_per_sub = region == VDC_REGION_PAL ? HC_NUM_PAL : HC_NUM_NTSC;
    s->hc_den = region == VDC_REGION_PAL ? HC_DEN_PAL : HC_DEN_NTSC;
    design_fir(s->fir_coef);
    for (int m = 0; m < SOUND_FIR_TAPS / 2; m++)
        for (int lane = 0; lane < 4; lane++) {
            s->fir_pair_lanes[m][2 * lane] = s->fir_coef[2 * m];
            s->fir_pair_lanes[m][2 * lane + 1] = s->fir_coef[2 * m + 1];
        }
    sound_set_rate(s, rate);
}

void sound_reset(o2_sound *s, unsigned mame_lines_to_line0)
{
    s->shift = 0;
    s->control = 0;
    s->prescaler = mame_lines_to_line0 ? (uint8_t)((PRESCALE_MAME_LINE0 - mame_lines_to_line0) & SOUND_PRESCALE_MODULO)
                                       : PRESCALE_POWER_ON;
    s->holdoff = 0;
    s->pin = 0;
    s->pulses = 0;
    s->level = 0;
    s->pending_hc = 0;
    s->same_run = 0;
    s->sub_pos = 0;
    s->sub_acc = 0;
    memset(s->fir_line, 0, sizeof s->fir_line);
    s->sub_pending = 0;
    s->edges = 0;
    s->fir_pos = 0;
    s->sub_parity = 0;
    s->count = 0;
    s->frame_count = 0;
}

void sound_set_rate(o2_sound *s, uint32_t rate)
{
    integrate(s);
    s->rate = rate;
    s->ticks_per_hc = 2u * rate * s->hc_den;
    s->sub_pos = 0;
    s->sub_acc = 0;
}

void sound_write(o2_sound *s, uint8_t reg, uint8_t value)
{
    unsigned shift_bits = 8u * (unsigned)(SOUND_REG_SHIFT_LOW - reg);
    if (reg == SOUND_REG_CONTROL) {
        s->control = value;
        sound_level_may_change(s);
    } else if (reg >= SOUND_REG_SHIFT_HIGH && reg <= SOUND_REG_SHIFT_LOW) {
        s->shift = (s->shift & ~(0xFFu << shift_bits)) | (uint32_t)value << shift_bits;
        s->holdoff |= SOUND_HOLD_WRITE | SOUND_HOLD_DIRTY;
    }
}

uint8_t sound_shift_byte(const o2_sound *s, uint8_t reg)
{
    return (uint8_t)(s->shift >> (8 * (SOUND_REG_SHIFT_LOW - reg)));
}

/* The reference build (the render cache compiled out, tests/machine/test_fastpath_reference.py)
 * puts every sub-sample through the filter line and every output through the filter. */
#ifdef VDC_NO_RENDER_CACHE
#define FILTER_EVERY_OUTPUT 1
#else
#define FILTER_EVERY_OUTPUT 0
#endif
/* A stretch of one level at least this many sub-samples long ends the block once the history is
 * all that level, and its outputs are written as that level at once (silence, a held tone). */
#define STEADY_SUBS 128

static int32_t newest_sub(const o2_sound *s)
{
    return s->fir_line[SOUND_FIR_TAPS - 1 + s->sub_pending];
}

/* fir_line[at] differs from the sub-sample before it. */
static inline void record_edge(o2_sound *s, uint32_t at)
{
    if (s->edges < SOUND_MAX_EDGES)
        s->edge[s->edges] = (uint16_t)at;
    if (s->edges <= SOUND_MAX_EDGES)
        s->edges++;
}

/* Outputs [j, end) of the block through the filter, and perhaps a few more below `limit` (the
 * block's outputs): out[j] from the 16 sub-samples at window + 2j. Returns the first output not
 * computed. 16 and 32 bits are exact: sub-samples lie in 0..15 × SOUND_LEVEL_UNIT and the
 * taps' absolute values sum to 44948, so |acc| < 44948 × 30720 + Q15 < 2^31. */
static inline __attribute__((always_inline)) uint32_t filter_outputs(
    const o2_sound *s, const int16_t *window, int16_t *out, uint32_t j, uint32_t end, uint32_t limit)
{
#ifdef __SSE2__
    /* Four outputs at a time: output j's window starts 2j sub-samples in, so the pairs of
     * sub-samples (2t, 2t + 1) line up with the pairs of taps (2m, 2m + 1) for t = j + m, and one
     * multiply-add of 16-bit pairs (pmaddwd) serves four outputs. The sum is the same integer in
     * any order; the pack saturates to int16 as the scalar clamp does. A last group short of four
     * is computed whole (its windows read into fir_line's padding) and stored in part. */
    for (; j < end; j += 4) {
        __m128i acc = _mm_set1_epi32(Q15 / 2);
        _Pragma("GCC unroll 8")
        for (int m = 0; m < SOUND_FIR_TAPS / 2; m++) {
            __m128i pairs = _mm_loadu_si128((const __m128i *)(const void *)(window + 2 * (j + m)));
            __m128i taps = _mm_loadu_si128((const __m128i *)(const void *)s->fir_pair_lanes[m]);
            acc = _mm_add_epi32(acc, _mm_madd_epi16(pairs, taps));
        }
        acc = _mm_srai_epi32(acc, 15);
        acc = _mm_packs_epi32(acc, acc);
        if (j + 4 <= limit) {
            _mm_storel_epi64((__m128i *)(void *)(out + j), acc);
        } else {
            int16_t four[4];
            _mm_storel_epi64((__m128i *)(void *)four, acc);
            memcpy(out + j, four, (limit - j) * sizeof four[0]);
            return limit;
        }
    }
    return j;
#else
    for (; j < end; j++) {
        const int16_t *w = window + 2 * j;
        int32_t acc = Q15 / 2;
        for (int k = 0; k < SOUND_FIR_TAPS; k++)
            acc += s->fir_coef[k] * w[k];
        acc >>= 15;
        out[j] = (int16_t)(acc > INT16_MAX ? INT16_MAX : acc < INT16_MIN ? INT16_MIN : acc);
    }
    (void)limit;
    return j;
#endif
}

static void fill16(int16_t *to, int16_t value, size_t n);

/* A block's every output through the filter: eight at a time with AVX2 where the processor has it
 * (asked once), the same integer sums as filter_outputs (the pack saturates as its clamp does);
 * the last few, and every output without AVX2, by filter_outputs. */
#if defined(__SSE2__) && defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define FILTER_AVX2 1
__attribute__((target("avx2"))) static uint32_t filter_eights_avx2(const o2_sound *s, const int16_t *window,
                                                                   int16_t *out, uint32_t outputs)
{
    __m256i taps[SOUND_FIR_TAPS / 2];
    for (int m = 0; m < SOUND_FIR_TAPS / 2; m++)
        taps[m] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)s->fir_pair_lanes[m]));
    uint32_t j = 0;
    for (; j + 8 <= outputs; j += 8) {
        __m256i acc = _mm256_set1_epi32(Q15 / 2);
        _Pragma("GCC unroll 8")
        for (int m = 0; m < SOUND_FIR_TAPS / 2; m++) {
            __m256i pairs = _mm256_loadu_si256((const __m256i *)(const void *)(window + 2 * (j + m)));
            acc = _mm256_add_epi32(acc, _mm256_madd_epi16(pairs, taps[m]));
        }
        acc = _mm256_srai_epi32(acc, 15);
        __m128i eight = _mm_packs_epi32(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
        _mm_storeu_si128((__m128i *)(void *)(out + j), eight);
    }
    return j;
}

/* Asked once, as the core is loaded: machines in several threads then only read it. */
static int has_avx2;

__attribute__((constructor)) static void ask_avx2(void)
{
    __builtin_cpu_init();            /* a constructor may run before the compiler's own */
    has_avx2 = __builtin_cpu_supports("avx2") != 0;
}
#else
#define FILTER_AVX2 0
#endif

static void filter_all(const o2_sound *s, const int16_t *window, int16_t *out, uint32_t outputs)
{
    uint32_t j = 0;
#if FILTER_AVX2
    if (has_avx2)
        j = filter_eights_avx2(s, window, out, outputs);
#endif
    filter_outputs(s, window, out, j, outputs, outputs);
}

/* A block with this many edges or more per output is filtered whole (filter_all): each edge
 * reaches eight or nine outputs, and finding their ranges costs more than filtering all. */
#define DENSE_EDGES_PER_OUTPUTS 40

/* Filters the pending sub-samples: every second one (by sub_parity) ends the 16-sub-sample window
 * of an output sample. A window without a change of value gives that value exactly (the taps sum
 * to exactly 1): only the outputs whose window holds an edge (or reaches into a history that is
 * not all one value) go through the filter, the runs between them are filled. */
static void sound_filter_block(o2_sound *s)
{
    uint32_t n = s->sub_pending;
    if (!n)
        return;
    unsigned first = (s->sub_parity ^ n) & 1u ? 0 : 1;   /* sub_parity when the block began: 1 */
    uint32_t outputs = first < n ? (n - first + 1) / 2 : 0;
    if (outputs > SOUND_MAX_SAMPLES - s->count)
        outputs = SOUND_MAX_SAMPLES - s->count;
    const int16_t *window = s->fir_line + first + 1;   /* output j: window[2j .. 2j + 15] */
    int16_t *out = s->samples + s->count;
    if (FILTER_EVERY_OUTPUT || s->edges > SOUND_MAX_EDGES
        || (uint32_t)s->edges * DENSE_EDGES_PER_OUTPUTS >= outputs) {
        filter_all(s, window, out, outputs);
    } else {
        /* Edge e (fir_line[e - 1] != fir_line[e]) lies in the windows j with
         * first + 1 + 2j <= e - 1 and e <= first + 16 + 2j; the history's pairs in those up to
         * (SOUND_FIR_TAPS - 2 - first) / 2. Ranges a group of four apart or less are merged. */
        uint32_t j = 0, lo = 0, hi = 0;   /* outputs [lo, hi) wait for the filter */
        if (memcmp(s->fir_line, s->fir_line + 1, (SOUND_FIR_TAPS - 1) * sizeof s->fir_line[0]))
            hi = (SOUND_FIR_TAPS - 2 - first) / 2 + 1;
        for (unsigned k = 0; k <= s->edges; k++) {
            uint32_t e_lo = outputs, e_hi = outputs;
            if (k < s->edges) {
                uint32_t e = s->edge[k];
                e_lo = e >= SOUND_FIR_TAPS + first + 1 ? (e - SOUND_FIR_TAPS - first + 1) / 2 : 0;
                e_hi = (e - 2 - first) / 2 + 1;
            }
            if (lo < hi && e_lo > hi + 4) {
                if (lo > j) {
                    fill16(out + j, window[2 * j], lo - j);
                    j = lo;
                }
                j = filter_outputs(s, window, out, j, hi < outputs ? hi : outputs, outputs);
                lo = hi = 0;
            }
            if (e_lo >= outputs)
                break;
            if (lo >= hi)
                lo = e_lo > j ? e_lo : j;
            if (e_hi > hi)
                hi = e_hi;
        }
        if (lo < hi && lo < outputs) {
            if (lo > j) {
                fill16(out + j, window[2 * j], lo - j);
                j = lo;
            }
            j = filter_outputs(s, window, out, j, hi < outputs ? hi : outputs, outputs);
        }
        if (j < outputs)
            fill16(out + j, window[2 * j], outputs - j);
    }
    s->count += outputs;
    memmove(s->fir_line, s->fir_line + n, SOUND_FIR_TAPS * sizeof s->fir_line[0]);
    s->fir_pos = (uint8_t)((s->fir_pos + n) % SOUND_FIR_TAPS);
    s->sub_pending = 0;
    s->edges = 0;
}

static void emit_sub(o2_sound *s, int32_t sub)
{
    if (s->sub_pending == SOUND_SUB_BLOCK)
        sound_filter_block(s);
    if (sub == newest_sub(s)) {
        s->same_run = (uint8_t)(s->same_run < SOUND_FIR_TAPS ? s->same_run + 1 : SOUND_FIR_TAPS);
    } else {
        s->same_run = 1;
        record_edge(s, SOUND_FIR_TAPS + s->sub_pending);
    }
    s->fir_line[SOUND_FIR_TAPS + s->sub_pending++] = (int16_t)sub;
    s->sub_parity ^= 1;
}

/* n copies of one value, in 16-byte stores of the value broadcast (the last one overlapping the
 * one before), a short run in two overlapping stores: busy sound's stretches are a few dozen
 * sub-samples, a frame of silence 800, and a loop of 16-bit stores costs an instruction or more a
 * sample. */
static void fill16(int16_t *to, int16_t value, size_t n)
{
#ifdef __SSE2__
    __m128i eight = _mm_set1_epi16(value);
    if (n >= 16) {                     /* two stores a turn: a frame of silence is 800 */
        for (size_t at = 0; at + 16 <= n; at += 16) {
            _mm_storeu_si128((__m128i *)(void *)(to + at), eight);
            _mm_storeu_si128((__m128i *)(void *)(to + at + 8), eight);
        }
        _mm_storeu_si128((__m128i *)(void *)(to + n - 16), eight);
        _mm_storeu_si128((__m128i *)(void *)(to + n - 8), eight);
        return;
    }
    if (n >= 8) {
        for (size_t at = 0; at + 8 <= n; at += 8)
            _mm_storeu_si128((__m128i *)(void *)(to + at), eight);
        _mm_storeu_si128((__m128i *)(void *)(to + n - 8), eight);
        return;
    }
    if (n >= 4) {
        _mm_storel_epi64((__m128i *)(void *)to, eight);
        _mm_storel_epi64((__m128i *)(void *)(to + n - 4), eight);
        return;
    }
#endif
    for (size_t k = 0; k < n; k++)
        to[k] = value;
}

/* n sub-samples of `level` into the filter line (n > 0), filtering full blocks on the way. */
static void append_level(o2_sound *s, int32_t level, uint64_t n)
{
    if (newest_sub(s) != level) {
        if (s->sub_pending == SOUND_SUB_BLOCK)
            sound_filter_block(s);
        record_edge(s, SOUND_FIR_TAPS + s->sub_pending);
    }
    s->sub_parity ^= (uint8_t)(n & 1);
    while (n) {
        if (s->sub_pending == SOUND_SUB_BLOCK)
            sound_filter_block(s);
        uint32_t stretch = SOUND_SUB_BLOCK - s->sub_pending;
        if (stretch > n)
            stretch = (uint32_t)n;
        fill16(&s->fir_line[SOUND_FIR_TAPS + s->sub_pending], (int16_t)level, stretch);
        s->sub_pending += stretch;
        n -= stretch;
    }
}

/* n whole sub-samples at one level. */
static void emit_level(o2_sound *s, int32_t level, uint64_t n)
{
    if (!n)
        return;
    unsigned run = newest_sub(s) == level ? s->same_run : 0;
    uint64_t to_filter = n;
    if (!FILTER_EVERY_OUTPUT && n >= STEADY_SUBS)
        to_filter = run < SOUND_FIR_TAPS ? SOUND_FIR_TAPS - run : 0;
    s->same_run = (uint8_t)(run + n < SOUND_FIR_TAPS ? run + n : SOUND_FIR_TAPS);
    if (to_filter)
        append_level(s, level, to_filter);
    n -= to_filter;
    if (!n)
        return;
    /* The history is all `level` now and stays so; only the output count and parity move. */
    sound_filter_block(s);
    uint64_t outputs = (n + s->sub_parity) / 2;
    s->sub_parity = (uint8_t)((s->sub_parity + n) & 1);
    if (outputs > SOUND_MAX_SAMPLES - s->count)
        outputs = SOUND_MAX_SAMPLES - s->count;
    fill16(&s->samples[s->count], (int16_t)level, (size_t)outputs);
    s->count += (uint32_t)outputs;
}

/* x / ticks_per_sub, as a division by one of the two regions' constants, which the compiler
 * turns into a multiplication (a division by a variable costs dozens of cycles, and this runs at
 * every change of level). */
static inline uint64_t per_sub(const o2_sound *s, uint64_t x)
{
    return s->ticks_per_sub == HC_NUM_NTSC ? x / HC_NUM_NTSC : x / HC_NUM_PAL;
}

/* integrate's usual step in one go: the sub-sample under way finished (`finished`, if
 * has_finished) and `whole` sub-samples of `level` after it, which fit in the block and are no
 * steady stretch (whole < STEADY_SUBS): what emit_sub and then emit_level do, with the block's
 * count, newest sub-sample and run kept in registers, not reloaded after each store to the filter
 * line. The reference build takes emit_sub and emit_level. */
static inline void append_change(o2_sound *s, int has_finished, int32_t finished, int32_t level, uint32_t whole)
{
    int16_t *line = s->fir_line + SOUND_FIR_TAPS;
    uint32_t pending = s->sub_pending;
    int32_t newest = line[(int32_t)pending - 1];
    unsigned run = s->same_run;
    if (has_finished) {
        if (finished == newest) {
            run = run < SOUND_FIR_TAPS ? run + 1 : SOUND_FIR_TAPS;
        } else {
            run = 1;
            record_edge(s, SOUND_FIR_TAPS + pending);
        }
        line[pending++] = (int16_t)finished;
        newest = finished;
    }
    if (whole) {
        if (level != newest) {
            run = 0;
            record_edge(s, SOUND_FIR_TAPS + pending);
        }
        fill16(line + pending, (int16_t)level, whole);
        pending += whole;
        run = run + whole < SOUND_FIR_TAPS ? run + whole : SOUND_FIR_TAPS;
    }
    s->sub_pending = pending;
    s->same_run = (uint8_t)run;
    s->sub_parity ^= (uint8_t)((has_finished + whole) & 1u);
}

static void integrate(o2_sound *s)
{
    uint64_t level = s->level;
    uint64_t ticks = s->pending_hc * s->ticks_per_hc;
    s->pending_hc = 0;
    if (s->sub_pos + ticks < s->ticks_per_sub) {
        s->sub_acc += level * ticks;
        s->sub_pos += (uint32_t)ticks;
        return;
    }
    int has_finished = s->sub_pos != 0;
    int32_t finished = 0;
    if (has_finished) {                            /* the sub-sample under way */
        uint32_t take = s->ticks_per_sub - s->sub_pos;
        s->sub_acc += level * take;
        ticks -= take;
        finished = (int32_t)per_sub(s, s->sub_acc + s->ticks_per_sub / 2);
    }
    uint64_t whole = per_sub(s, ticks);
    if (!FILTER_EVERY_OUTPUT && whole < STEADY_SUBS
        && s->sub_pending + (uint32_t)has_finished + whole <= SOUND_SUB_BLOCK) {
        append_change(s, has_finished, finished, (int32_t)level, (uint32_t)whole);
    } else {
        if (has_finished)
            emit_sub(s, finished);
        emit_level(s, (int32_t)level, whole);
    }
    ticks -= whole * s->ticks_per_sub;
    s->sub_acc = level * ticks;
    s->sub_pos = (uint32_t)ticks;
}

void sound_level_becomes(o2_sound *s, uint32_t level)
{
    integrate(s);
    s->level = level;
}

void sound_end_frame(o2_sound *s)
{
    integrate(s);
    sound_filter_block(s);
    memcpy(s->frame_samples, s->samples, s->count * sizeof s->samples[0]);
    s->frame_count = s->count;
    s->count = 0;
}

const int16_t *sound_last_frame(const o2_sound *s, const uint32_t **count)
{
    *count = &s->frame_count;
    return s->frame_samples;
}

void sound_state(o2_sound *s, o2_stream *st)
{
    st_u32(st, &s->shift);
    st_u8(st, &s->control);
    st_u8(st, &s->prescaler);
    st_u8(st, &s->holdoff);
    st_u8(st, &s->pin);
    st_u8(st, &s->pulses);
    /* The output rate is the host's setting, not the console's: a state saved at another
     * rate keeps this machine's rate and restarts the resampler. */
    uint32_t rate = s->rate;
    if (st->mode == O2_STREAM_LOAD)
        s->sub_pending = s->edges = 0;   /* the loaded history replaces them */
    else
        sound_filter_block(s);        /* the state holds filtered samples only */
    st_u32(st, &rate);
    st_u32(st, &s->level);
    st_u64(st, &s->pending_hc);
    st_u32(st, &s->sub_pos);
    st_u64(st, &s->sub_acc);
    /* The history is stored as a ring, oldest at fir_pos. */
    int32_t ring[SOUND_FIR_TAPS];
    for (int k = 0; k < SOUND_FIR_TAPS; k++)
        ring[(s->fir_pos + k) % SOUND_FIR_TAPS] = s->fir_line[k];
    for (int k = 0; k < SOUND_FIR_TAPS; k++)
        st_i32(st, &ring[k]);
    st_u8(st, &s->fir_pos);
    st_u8(st, &s->sub_parity);
    st_u8(st, &s->same_run);
    st_u32(st, &s->count);
    st_u32(st, &s->frame_count);
    if (s->count > SOUND_MAX_SAMPLES || s->frame_count > SOUND_MAX_SAMPLES || s->fir_pos >= SOUND_FIR_TAPS
        || (rate == s->rate && s->sub_pos >= s->ticks_per_sub)) {
        st->error = 1;
        return;
    }
    for (int k = 0; k < SOUND_FIR_TAPS; k++) {
        if (ring[k] < 0 || ring[k] > SOUND_CTRL_VOLUME * SOUND_LEVEL_UNIT) {
            st->error = 1;            /* no level of the chip averages to it */
            return;
        }
    }
    for (int k = 0; k < SOUND_FIR_TAPS; k++)
        s->fir_line[k] = (int16_t)ring[(s->fir_pos + k) % SOUND_FIR_TAPS];
    for (uint32_t k = 0; k < s->count; k++)
        st_u16(st, (uint16_t *)&s->samples[k]);
    for (uint32_t k = 0; k < s->frame_count; k++)
        st_u16(st, (uint16_t *)&s->frame_samples[k]);
    if (st->mode == O2_STREAM_LOAD && rate != s->rate) {
        s->sub_pos = 0;
        s->sub_acc = 0;
        memset(s->fir_line, 0, sizeof s->fir_line);
        s->fir_pos = 0;
        s->sub_parity = 0;
        s->same_run = 0;
        s->count = 0;
        s->frame_count = 0;
    }
}
