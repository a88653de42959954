/*
 * vdc8244.c — Intel 8244 (NTSC) / 8245 (PAL) video display controller.
 *
 * Sources: native/HARDWARE.md §3, Kevin Horton's raster and register measurements
 * ("Odyssey^2 X/Y Count and video timing"), Intel's 8245 specification (collision classes,
 * colour latch bits), and the MAME oracle where those are silent (colours, luminance, the
 * framebuffer origin, collision rules between grid pieces, read locks). Geometry, palette and
 * the framebuffer are described in vdc8244.h.
 *
 * Register map (A0-AF mirrored at B0-BF):
 *   00-0F  4 sprites × (Y, X, attributes, -)   attr: 5-3 colour, 2 double size, 1-0 shift pattern
 *   10-3F  12 characters × (Y, X, pointer, attr)   attr: 3-1 colour, 0 pointer bit 8
 *   40-7F  4 quads × 4 characters; Y and X are shared by the four (writes go to all copies)
 *   80-9F  sprite shapes, 8 bytes each, bit 0 leftmost
 *   A0 control, A1 status, A2 collision, A3 colours, A4/A5 beam Y/X, A7-AA sound (sound.c)
 *   C0-C8 / D0-D8 horizontal grid, E0-E9 vertical grid
 * Object registers ignore writes (and read 0) while objects are displayed (A0 bit 5), grid
 * registers while the grid is (A0 bit 3); sprite shapes stay writable.
 *
 * Rendering: the beam draws a line's active part (half-clocks 0-359) with the registers as they
 * are when it passes. A line is described as pieces (grid runs, character rows, sprite rows,
 * sprite 0 last so on top), drawn straight into the RGB framebuffer, with one bitmap per
 * collision class for the collision register. Drawing waits for the end of the active part or
 * for the next change (vdc_flush), so a line usually goes in one piece; a line drawn whole that
 * no change has touched since is skipped, its collisions remembered (see vdc8244.h).
 */
#include <stdlib.h>
#include <string.h>

#include "vdc8244.h"

/* Built with -DVDC_NO_RENDER_CACHE, every line is described from the registers and drawn in full
 * (its grid too), and the beam steps every line: the reference the caches and the quiet lines are
 * tested against (tests/machine/test_fastpath_reference.py). */
#ifdef VDC_NO_RENDER_CACHE
#define RENDER_CACHE 0
#else
#define RENDER_CACHE 1
#endif

const uint8_t vdc_palette[VDC_PENS][3] = {
    {0x00, 0x00, 0x00}, {0x79, 0x00, 0x00}, {0x00, 0x6D, 0x07}, {0x77, 0x67, 0x0B},
    {0x1A, 0x37, 0xBE}, {0x94, 0x30, 0x9F}, {0x2A, 0xAA, 0xBE}, {0xCE, 0xCE, 0xCE},
    {0x67, 0x67, 0x67}, {0xC7, 0x51, 0x51}, {0x56, 0xC4, 0x69}, {0xC6, 0xB8, 0x6A},
    {0x5C, 0x80, 0xF6}, {0xDC, 0x84, 0xE8}, {0x77, 0xE6, 0xEB}, {0xFF, 0xFF, 0xFF},
};

/* ---- Objects ---- */
#define SPRITES            O2_VDC_SPRITE_COUNT
#define CHARS              O2_VDC_CHAR_COUNT
#define QUADS              O2_VDC_QUAD_COUNT
#define QUAD_CHARS         O2_VDC_QUAD_CHARS
#define REG_SPRITES        O2_VDC_SPRITES
#define REG_CHARS          O2_VDC_CHARS
#define REG_QUADS          O2_VDC_QUADS
#define REG_OBJECTS_END    O2_VDC_SPRITE_SHAPES
#define OBJ_REGS           O2_VDC_OBJECT_REGS
#define QUAD_REGS          (OBJ_REGS * QUAD_CHARS)
#define OBJ_Y              0
#define OBJ_X              1
#define OBJ_PTR            2
#define OBJ_ATTR           3
#define SPRITE_ATTR        2           /* sprites: Y, X, attributes, unused */
#define SPRITE_ROWS        O2_VDC_SPRITE_ROWS
#define SPRITE_ATTR_DOUBLE O2_VDC_SPRITE_DOUBLE
#define SPRITE_ATTR_SHIFT  O2_VDC_SPRITE_SHIFT
#define SPRITE_SHIFT_ALL   1           /* every row half a pixel right */
#define SPRITE_SHIFT_EVEN  2           /* rows 0, 2, 4, 6 */
#define SPRITE_SHIFT_ODD   3           /* rows 1, 3, 5, 7 */
#define SPRITE_COLOR_SHIFT O2_VDC_SPRITE_COLOUR_SHIFT
#define CHAR_COLOR_SHIFT   O2_VDC_CHAR_COLOUR_SHIFT
#define CHAR_ATTR_PTR8     O2_VDC_CHAR_POINTER8
#define CHAR_PTR_MASK      VDC_CHAR_ADDRESS_MASK
#define CHAR_Y_MASK        0xFE        /* characters start on even lines */
#define CHAR_Y_MIN_NTSC    0x0E        /* the 8244 shows no character above this line (Horton test
                                          46); the 8245 does (MAME's videopac, §3 "on NTSC") */
#define COLOR_MASK         O2_VDC_COLOUR_MASK
#define COLOR_GRID_BRIGHT  O2_VDC_COLOUR_GRID_LUMINANCE  /* A3 bit 6 */
#define COLOR_BG_SHIFT     O2_VDC_COLOUR_BG_SHIFT
#define PEN_LUMINANCE      0x08
#define OBJ_X_DELAY        5           /* the first pixel is at beam X + 5 */
#define OBJ_X_MINUS_ONE    0xE3        /* the X counter's last value: acts as -1 (Horton); 0xE2,
                                          "not stable" on the chip, is not drawn (nor by MAME) */
#define SPRITE_X_MAX       0xB5
#define CHAR_X_MAX         0xB3
#define QUAD_X_MAX         0x83
#define QUAD_X_MAX_MAME    0xAF        /* MAME draws quads up to here, cut at the right edge */
#define QUAD_CHAR_STEP_X   O2_VDC_QUAD_CHAR_STEP_X
#define CHAR_WIDTH_HC      16
#define OBJ_FIRST_LINE_NTSC 1          /* the 8244 emits nothing on line 0, sprite Y 0 acts as 1
                                          (Horton test 18); MAME's 8245 draws line 0 */
#define OBJ_LAST_LINE      0xF2
#define OBJ_PIXEL_HC       2           /* one object pixel (X unit) = 2 half-clocks */
#define OBJ_NOT_EMITTED    (-1000)
#define ACTIVE_END         VDC_SCREEN_W  /* objects draw and collide in half-clocks 0-359: MAME
                                          sees no collision in 360-365, before HBLANK */

/* ---- Grid (X in object units, one unit = 2 half-clocks) ---- */
#define GRID_TOP_LINE      0x18
#define GRID_ROW_LINES     24
#define HGRID_LINES        3
#define HGRID_ROWS         O2_VDC_HGRID_ROWS
#define HGRID_COLS         O2_VDC_HGRID_COLUMNS
#define VGRID_ROWS         O2_VDC_VGRID_ROWS
#define VGRID_COLS         O2_VDC_VGRID_COLUMNS
#define GRID_LEFT_X        0x0D
#define GRID_COL_X         16
#define HGRID_WIDTH_X      18          /* two units overlap the next segment: boxes close */
#define VGRID_WIDTH_X      2
#define VGRID_WIDE_X       16
#define HGRID_ROW8_BIT     0x01

/* ---- Registers and status ---- */
#define REG_SOUND_FIRST    O2_VDC_SOUND_SHIFT
#define REG_SOUND_LAST     O2_VDC_SOUND_CONTROL
#define REG_CONTROL_READ   0xFE        /* bit 0 (horizontal interrupt) does not exist */
#define REG_STATUS_READ    0xDF        /* bit 5 floats */
#define REG_SOUND_READ     0xBF
#define REG_GRID_FIRST     O2_VDC_HGRID
#define REG_HGRID_END      (O2_VDC_HGRID + O2_VDC_HGRID_COLUMNS)
#define REG_HGRID_ROW8_END (O2_VDC_HGRID_ROW8 + O2_VDC_HGRID_COLUMNS)
#define REG_VGRID_END      (O2_VDC_VGRID + O2_VDC_VGRID_COLUMNS)
#define READ_FLOATS_ALL    0xFF        /* unconnected bits read the address left on the bus */
#define READ_FLOATS_HIGH   0xF0
#define READ_FLOATS_ROW8   0xFE
#define SPRITE_READ_ATTR   0x00        /* sprite attributes are write-only */
#define CHAR_READ_Y        0xFE
#define CHAR_READ_ATTR     0x0F
#define HSTATUS_FIRST_X    225
#define HSTATUS_END_X      413
#define COLL_GRID          (VDC_COLL_VGRID | VDC_COLL_HGRID)
#define COLL_SPRITE(n)     (VDC_COLL_SPRITE0 << (n))

/* MAME's PAL machine ends VBLANK's T1 pulse with the last line's HBLANK, and line 0's HBLANK is
 * a pulse of its own: one T1 edge more a frame than NTSC's rule (JT1/JNT1 polled in the oracle's
 * trace: T1 falls at line 312's HBLANK end, rises at line 0's HBLANK; test_timing, 243 edges a
 * frame; tests/conformance/DIFFERENCES.md). */
static int t1_vblank_ends_last_line(const vdc8244 *v)
{
    return v->model == VDC_MODEL_MAME && v->region == VDC_REGION_PAL;
}

static int in_vblank_for_t1(const vdc8244 *v, unsigned line, unsigned x)
{
    if (line == VDC_VBLANK_LINE)
        return x >= VDC_VBLANK_X;
    if (t1_vblank_ends_last_line(v))
        return line > VDC_VBLANK_LINE && !(line == v->lines - 1u && x >= v->hblank_end);
    /* VBLANK falls at x 365 of line 0 and HBLANK rises at 366: T1 does not see the gap. */
    return line > VDC_VBLANK_LINE || (line == 0 && x < VDC_HBLANK_START);
}

static int t1_at(const vdc8244 *v, unsigned line, unsigned x)
{
    return in_vblank_for_t1(v, line, x) || (x >= VDC_HBLANK_START && x < v->hblank_end);
}

static unsigned live_x(const vdc8244 *v)
{
    /* MAME's X counter does not skip 0xCE. */
    if (v->region == VDC_REGION_NTSC && v->model == VDC_MODEL_HARDWARE)
        return (v->x + (v->x > VDC_X_SKIP_AFTER)) >> 1;
    return v->x >> 1;
}

/* MAME's PAL Y counter stops at 263 (07h) through the rest of VBLANK (A4 polled in the oracle's
 * trace: 06h to 07h on line 262, 07h until VBLANK's end on line 0), and its step to the next line
 * comes a half-clock later than NTSC's: reads at X 413.36 still saw the old value
 * (test_counter_poll, tests/conformance/DIFFERENCES.md). */
#define MAME_PAL_Y_MAX 263u

/* Half-clocks after VBLANK's end (365) at which MAME resets the Y counter on line 0: 1 in both
 * regions (reads landing at 365, NTSC 364.61-365.46 and PAL 365.31, still saw 263; NTSC
 * test_major_span frame 58, tests/conformance/DIFFERENCES.md), else 0. */
static unsigned y_reset_late(const vdc8244 *v)
{
    return v->model == VDC_MODEL_MAME;
}

/* Half-clocks by which MAME's PAL machine steps A4 and ends the horizontal status bit (A1 bit 0)
 * later than NTSC's: 1 there, else 0. The status bit: reads landing at 413 (PAL: 413.49) still
 * saw it, at 414 (413.52) no longer; its start, 225, is the same in both (a status read swept
 * along the line in the oracle's trace; corpus cartridge test_status_event, PAL frame 66). */
static unsigned mame_pal_late(const vdc8244 *v)
{
    return v->model == VDC_MODEL_MAME && v->region == VDC_REGION_PAL;
}

static unsigned live_y(const vdc8244 *v)
{
    unsigned mame_pal = mame_pal_late(v);
    unsigned y = v->line;
    if (v->x >= VDC_Y_STEP_X + mame_pal)
        y = v->line + 1u;
    else if (v->line == 0 && v->x < VDC_VBLANK_X + y_reset_late(v))   /* reset with VBLANK's end */
        y = v->lines;
    if (mame_pal && y > MAME_PAL_Y_MAX)
        y = MAME_PAL_Y_MAX;
    return y;
}

/* ---------------------------------------------------------------- line rendering */

/* Pieces and line descriptions: vdc8244.h (the render cache keeps one). */

static unsigned first_object_line(const vdc8244 *v)
{
    /* MAME's 8244 draws objects on line 0 too, a sprite at Y 0 starting there. */
    return v->region == VDC_REGION_NTSC && v->model == VDC_MODEL_HARDWARE ? OBJ_FIRST_LINE_NTSC : 0;
}

static int obj_start_hc(const vdc8244 *v, uint8_t x, uint8_t x_max)
{
    int units;
    if (x <= x_max)
        units = x;
    else if (x == OBJ_X_MINUS_ONE && v->model == VDC_MODEL_HARDWARE)   /* MAME: not drawn */
        units = -1;
    else
        return OBJ_NOT_EMITTED;
    return OBJ_PIXEL_HC * (units + OBJ_X_DELAY);
}

/* Built whole and stored as one word: a description of a line full of characters adds a piece
 * for each. */
static inline void add_piece(line_desc *d, int start, uint8_t kind, uint8_t bits, unsigned width,
                             uint8_t pen, uint8_t cls)
{
    const piece p = { .start = (int16_t)start, .kind = kind, .bits = bits, .width = (uint8_t)width,
                      .pen = pen, .cls = cls, .zero = 0 };
    d->piece[d->count++] = p;
}

/* The kind of grid line each screen line is with the grid shown (vdc8244.h, VDC_GRID_KINDS): its
 * row, and whether it is one of the row's horizontal segment lines. A table: every patched line
 * asks (filled once, fill_tables). */
static uint8_t grid_kind_shown[VDC_SCREEN_H];

static void fill_grid_kinds(void)
{
    for (unsigned line = 0; line < VDC_SCREEN_H; line++) {
        unsigned row = (line - GRID_TOP_LINE) / GRID_ROW_LINES;
        unsigned within = (line - GRID_TOP_LINE) % GRID_ROW_LINES;
        grid_kind_shown[line] = (uint8_t)(line < GRID_TOP_LINE || row >= HGRID_ROWS
                                          || (row >= VGRID_ROWS && within >= HGRID_LINES)
                                          ? 0 : 1 + 2 * row + (within < HGRID_LINES));
    }
}

static unsigned grid_kind(const vdc8244 *v, unsigned line)
{
    return (v->reg[VDC_REG_CONTROL] & VDC_CTRL_GRID) ? grid_kind_shown[line] : 0;
}

/* The grid's pieces on a line of that kind. */
static void describe_grid(const vdc8244 *v, line_desc *d, unsigned kind, uint8_t pen)
{
    uint8_t ctrl = v->reg[VDC_REG_CONTROL];
    if (kind == 0)
        return;
    unsigned row = (kind - 1) / 2;
    if (row < VGRID_ROWS) {
        unsigned width = OBJ_PIXEL_HC * ((ctrl & VDC_CTRL_WIDE_VGRID) ? VGRID_WIDE_X : VGRID_WIDTH_X);
        for (unsigned c = 0; c < VGRID_COLS; c++)
            if (v->reg[VDC_REG_VGRID + c] >> row & 1)
                add_piece(d, OBJ_PIXEL_HC * (GRID_LEFT_X + GRID_COL_X * c), PIECE_SOLID, 0, width,
                          pen, VDC_COLL_VGRID);
    }
    if ((kind - 1) & 1) {                          /* the row's horizontal segments */
        for (unsigned c = 0; c < HGRID_COLS; c++) {
            uint8_t on = row < VGRID_ROWS ? v->reg[VDC_REG_HGRID + c] >> row & 1
                                          : v->reg[VDC_REG_HGRID_ROW8 + c] & HGRID_ROW8_BIT;
            if (on)
                add_piece(d, OBJ_PIXEL_HC * (GRID_LEFT_X + GRID_COL_X * c), PIECE_SOLID, 0,
                          OBJ_PIXEL_HC * HGRID_WIDTH_X, pen, VDC_COLL_HGRID);
        }
        if (ctrl & VDC_CTRL_DOTS)
            for (unsigned c = 0; c < VGRID_COLS; c++)
                add_piece(d, OBJ_PIXEL_HC * (GRID_LEFT_X + GRID_COL_X * c), PIECE_SOLID, 0,
                          OBJ_PIXEL_HC * VGRID_WIDTH_X, pen, VDC_COLL_HGRID);
    }
}
_Static_assert(VGRID_COLS + HGRID_COLS + VGRID_COLS <= LINE_PIECES, "a grid line's pieces fit a line_desc");

/* The lines a character starting at line y with pointer ptr covers from *top (0: it does not
 * show), and the ROM address of its first row (vdc8244.h). */
static unsigned char_extent(const vdc8244 *v, uint8_t y, unsigned ptr, unsigned *top, unsigned *first)
{
    *top = y & CHAR_Y_MASK;
    *first = vdc_char_address(y, ptr);
    if (v->region == VDC_REGION_NTSC && *top < CHAR_Y_MIN_NTSC)
        return 0;
    return 2 * vdc_char_height(*first);
}

static unsigned char_pointer(const uint8_t *r)
{
    return r[OBJ_PTR] | (unsigned)(r[OBJ_ATTR] & CHAR_ATTR_PTR8) << 8;
}

static uint8_t char_pen(const uint8_t *r)
{
    return (uint8_t)(PEN_LUMINANCE | (r[OBJ_ATTR] >> CHAR_COLOR_SHIFT & COLOR_MASK));
}

#define CHAR_OBJECTS (CHARS + QUADS * QUAD_CHARS)
_Static_assert(CHAR_OBJECTS + SPRITES == VDC_OBJECTS, "vdc8244.h's VDC_OBJECTS: one per character and sprite");

/* What the objects draw (vdc8244.h, objects[]), worked out again for those whose bit is set in
 * the change masks. The order is the drawing order: characters 0-11 in register order (a later
 * one is drawn over an earlier one, as MAME does), the quads' characters, then sprites 3 to 0
 * (sprite 0 ends on top). */
static void list_objects(const vdc8244 *v, shown_object *objects, unsigned sprites, unsigned chars,
                         unsigned quads)
{
    unsigned top, first;
    for (unsigned left = chars & ((1u << CHARS) - 1); left; left &= left - 1) {
        unsigned c = (unsigned)__builtin_ctz(left);
        const uint8_t *r = v->reg + REG_CHARS + OBJ_REGS * c;
        shown_object *o = &objects[c];
        o->start = (int16_t)obj_start_hc(v, r[OBJ_X], CHAR_X_MAX);
        o->lines = (uint8_t)char_extent(v, r[OBJ_Y], char_pointer(r), &top, &first);
        if (o->start == OBJ_NOT_EMITTED)
            o->lines = 0;
        o->top = (uint16_t)top;
        o->first = (uint16_t)first;
        o->pen = char_pen(r);
        o->cls = VDC_COLL_CHARS;
    }
    for (unsigned left = quads & ((1u << QUADS) - 1); left; left &= left - 1) {
        unsigned q = (unsigned)__builtin_ctz(left);
        const uint8_t *r = v->reg + REG_QUADS + QUAD_REGS * q;
        /* The fourth character's height ends all four. Quads outside X 0-0x83 are unpredictable
         * (Horton tests 58-65): none drawn; MAME draws them to X 0xAF (DIFFERENCES.md). */
        unsigned lines = char_extent(v, r[OBJ_Y], char_pointer(r + OBJ_REGS * (QUAD_CHARS - 1)), &top, &first);
        uint8_t x_max = v->model == VDC_MODEL_MAME ? QUAD_X_MAX_MAME : QUAD_X_MAX;
        int start = r[OBJ_X] <= x_max ? obj_start_hc(v, r[OBJ_X], x_max) : OBJ_NOT_EMITTED;
        for (unsigned k = 0; k < QUAD_CHARS; k++) {
            const uint8_t *c = r + OBJ_REGS * k;
            shown_object *o = &objects[CHARS + QUAD_CHARS * q + k];
            o->start = (int16_t)(start + (int)(OBJ_PIXEL_HC * QUAD_CHAR_STEP_X * k));
            o->lines = (uint8_t)(start == OBJ_NOT_EMITTED ? 0 : lines);
            o->top = (uint16_t)top;
            o->first = (uint16_t)vdc_char_address(r[OBJ_Y], char_pointer(c));
            o->pen = char_pen(c);
            o->cls = VDC_COLL_CHARS;
        }
    }
    for (unsigned left = sprites & ((1u << SPRITES) - 1); left; left &= left - 1) {
        unsigned n = (unsigned)__builtin_ctz(left);
        const uint8_t *r = v->reg + REG_SPRITES + OBJ_REGS * n;
        shown_object *o = &objects[CHAR_OBJECTS + SPRITES - 1 - n];
        uint8_t attr = r[SPRITE_ATTR];
        o->double_size = (attr & SPRITE_ATTR_DOUBLE) ? 1 : 0;
        o->top = (uint16_t)(r[OBJ_Y] < first_object_line(v) ? first_object_line(v) : r[OBJ_Y]);
        o->start = (int16_t)obj_start_hc(v, r[OBJ_X], SPRITE_X_MAX);
        o->lines = (uint8_t)(o->start == OBJ_NOT_EMITTED ? 0 : (2u * SPRITE_ROWS) << o->double_size);
        o->first = (uint16_t)(VDC_REG_SPRITE_SHAPE + SPRITE_ROWS * n);
        o->shift = attr & SPRITE_ATTR_SHIFT;
        o->pen = (uint8_t)(PEN_LUMINANCE | (attr >> SPRITE_COLOR_SHIFT & COLOR_MASK));
        o->cls = (uint8_t)COLL_SPRITE(n);
    }
}

/* Bit i of lines [top, top + lines), set or cleared. */
static void mark_object_lines(vdc8244 *v, unsigned i, unsigned top, unsigned lines, int on)
{
    unsigned end = top + lines < VDC_SCREEN_H ? top + lines : VDC_SCREEN_H;
    for (unsigned line = top; line < end; line++)
        v->line_objects[line] = on ? v->line_objects[line] | 1u << i : v->line_objects[line] & ~(1u << i);
}

/* The objects' bits (objects[] order) of the change masks list_objects takes. */
static uint32_t object_bits(unsigned sprites, unsigned chars, unsigned quads)
{
    uint32_t bits = chars & ((1u << CHARS) - 1);
    for (unsigned q = 0; q < QUADS; q++)
        if (quads >> q & 1)
            bits |= ((1u << QUAD_CHARS) - 1) << (CHARS + QUAD_CHARS * q);
    for (unsigned n = 0; n < SPRITES; n++)
        if (sprites >> n & 1)
            bits |= 1u << (CHAR_OBJECTS + SPRITES - 1 - n);
    return bits;
}

static void row_extent(int start, unsigned width, int *a, int *b);

/* How far right a shifted row of the sprite is drawn: half a pixel. */
static inline int sprite_shift_hc(const shown_object *o)
{
    return 1 + o->double_size;
}

/* Row `row` of the sprite objects[i] (a sprite's row shows on 2 or 4 lines; bit 0 leftmost). */
static inline __attribute__((always_inline)) void sprite_row_piece(const vdc8244 *v, const shown_object *o,
                                                                   unsigned row, line_desc *d)
{
    int shifted = o->shift == SPRITE_SHIFT_ALL || (o->shift == SPRITE_SHIFT_EVEN && !(row & 1))
               || (o->shift == SPRITE_SHIFT_ODD && (row & 1));
    int start = o->start + (shifted ? sprite_shift_hc(o) : 0);
    add_piece(d, start, PIECE_LSB_FIRST, v->reg[o->first + row], OBJ_PIXEL_HC << o->double_size, o->pen, o->cls);
}

/* list_objects on v->objects for the objects of the change masks (`changed`: their bits,
 * object_bits), keeping line_objects in step; the changed sprites' rows (sprite_row) are worked
 * out again when a line first asks for them. */
static void relist_objects(vdc8244 *v, unsigned sprites, unsigned chars, unsigned quads, uint32_t changed)
{
    uint16_t top[VDC_OBJECTS];
    uint8_t lines[VDC_OBJECTS];
    for (uint32_t left = changed; left; left &= left - 1) {
        unsigned i = (unsigned)__builtin_ctz(left);
        top[i] = v->objects[i].top;
        lines[i] = v->objects[i].lines;
    }
    list_objects(v, v->objects, sprites, chars, quads);
    /* An object on the same lines as before (a new shape, pointer or X) keeps its bits. */
    for (uint32_t left = changed; left; left &= left - 1) {
        unsigned i = (unsigned)__builtin_ctz(left);
        const shown_object *o = &v->objects[i];
        if (o->top != top[i] || o->lines != lines[i]) {
            mark_object_lines(v, i, top[i], lines[i], 0);
            mark_object_lines(v, i, o->top, o->lines, 1);
        }
    }
    v->sprite_rows_listed &= (uint8_t)~(changed >> CHAR_OBJECTS);
}

/* sprite_row[k] and sprite_row_span[k] from objects[CHAR_OBJECTS + k]. */
static void list_sprite_rows(vdc8244 *v, unsigned k)
{
    const shown_object *o = &v->objects[CHAR_OBJECTS + k];
    line_desc d;
    d.count = 0;
    for (unsigned row = 0; row < SPRITE_ROWS; row++) {
        sprite_row_piece(v, o, row, &d);
        int a, b;
        row_extent(d.piece[row].start, d.piece[row].width, &a, &b);
        v->sprite_row_span[k][row][0] = (int16_t)a;
        v->sprite_row_span[k][row][1] = (int16_t)b;
    }
    memcpy(v->sprite_row[k], d.piece, sizeof v->sprite_row[k]);
    v->sprite_rows_listed |= (uint8_t)(1u << k);
}

#define ALL_OBJECTS (~0u)
#define CHAR_OBJECT_BITS ((1u << CHAR_OBJECTS) - 1)

/* The half-clocks [*a, *b) a row of 8 pixels `width` wide starting at `start` covers in the active
 * part of the line (*a >= *b: none). */
#define ROW_PIXELS 8
static void row_extent(int start, unsigned width, int *a, int *b)
{
    *a = start < 0 ? 0 : start;
    *b = start + ROW_PIXELS * (int)width > ACTIVE_END ? ACTIVE_END : start + ROW_PIXELS * (int)width;
}

static int row_meets(int start, unsigned width, int x0, int x1)
{
    int a, b;
    row_extent(start, width, &a, &b);
    return a < b && a < x1 && b > x0;
}

/* The objects' rows on `line`, in drawing order, looking at those of `candidates` (bit i:
 * objects[i]; with the render cache exactly the objects on the line, line_objects; in the
 * reference build any superset of them); with `clip`, only those that meet half-clocks [x0, x1)
 * of the active part. Inline: each caller's form is compiled on its own. */
static inline __attribute__((always_inline)) void describe_objects(
    const vdc8244 *v, const shown_object *objects, uint32_t candidates, line_desc *d, unsigned line,
    int clip, int x0, int x1)
{
    d->first_char = d->count;
    for (uint32_t left = candidates & CHAR_OBJECT_BITS; left; left &= left - 1) {
        const shown_object *o = &objects[__builtin_ctz(left)];
        if ((RENDER_CACHE || line - o->top < o->lines) && (!clip || row_meets(o->start, OBJ_PIXEL_HC, x0, x1)))
            add_piece(d, o->start, PIECE_MSB_FIRST, v->charset[(o->first + ((line - o->top) >> 1)) & CHAR_PTR_MASK],
                      OBJ_PIXEL_HC, o->pen, o->cls);
    }
    d->chars = (uint8_t)(d->count - d->first_char);
    for (uint32_t left = candidates & ~CHAR_OBJECT_BITS; left; left &= left - 1) {
        const shown_object *o = &objects[__builtin_ctz(left)];
        if (!RENDER_CACHE && line - o->top >= o->lines)
            continue;
        unsigned row = (line - o->top) >> (1 + o->double_size);
        sprite_row_piece(v, o, row, d);
        if (clip && !row_meets(d->piece[d->count - 1].start, d->piece[d->count - 1].width, x0, x1))
            d->count--;
    }
}

static uint8_t reverse3(uint8_t c)
{
    return (uint8_t)((c & 1) << 2 | (c & 2) | (c & 4) >> 2);
}

/* P17 low lights background and grid. */
static uint8_t background_pen(const vdc8244 *v)
{
    uint8_t color = v->reg[VDC_REG_COLOR];
    return (uint8_t)(reverse3(color >> COLOR_BG_SHIFT & COLOR_MASK) | (v->p17 ? 0 : PEN_LUMINANCE));
}

static uint8_t grid_pen(const vdc8244 *v)
{
    uint8_t color = v->reg[VDC_REG_COLOR];
    int bright = !v->p17 || (color & COLOR_GRID_BRIGHT);
    return (uint8_t)(reverse3(color & COLOR_MASK) | (bright ? PEN_LUMINANCE : 0));
}

/* Whether objects draw on `line` now. */
static int objects_drawn_on(const vdc8244 *v, unsigned line)
{
    return (v->reg[VDC_REG_CONTROL] & VDC_CTRL_OBJECTS) && line >= first_object_line(v) && line <= OBJ_LAST_LINE;
}

static void describe_line(const vdc8244 *v, unsigned line, line_desc *d)
{
    d->grid = (uint8_t)grid_kind(v, line);
    d->look = v->look;
    d->count = 0;
    d->first_char = 0;
    d->chars = 0;
    if (objects_drawn_on(v, line)) {
        shown_object fresh[VDC_OBJECTS];
        if (!RENDER_CACHE)                 /* the reference: from the registers, every line */
            list_objects(v, fresh, ALL_OBJECTS, ALL_OBJECTS, ALL_OBJECTS);
        describe_objects(v, RENDER_CACHE ? v->objects : fresh, RENDER_CACHE ? v->line_objects[line] : ALL_OBJECTS,
                         d, line, 0, 0, ACTIVE_END);
    }
}

/* Collision classes are tracked as bitmaps over the active part of the line. */
#define CLASS_WORDS        VDC_CLASS_WORDS
#define CLASSES            8
_Static_assert(CLASS_WORDS * 64 >= ACTIVE_END, "a class's bitmap covers the active part of a line");

typedef struct span {
    unsigned x0, x1;                   /* half-clocks being drawn, [x0, x1) */
    unsigned shown;                    /* x1 clipped to the framebuffer */
    uint8_t *out;                      /* the framebuffer line */
    int track;                         /* collisions are selected (A2 != 0) */
    uint8_t present;                   /* classes drawn */
    uint64_t cover[CLASSES][CLASS_WORDS];
} span;

/* A framebuffer line's worth of each pen, so a run of any length is one copy (fill_tables). */
static uint8_t pen_line[VDC_PENS][VDC_SCREEN_W * 3];

/* Pixels [a, b) of the framebuffer line in one pen. A short run (3 to 21 bytes) is two
 * fixed-size copies that overlap, which the compiler inlines; the pen line repeats the colour
 * from its start, so both copies write the same bytes where they meet. */
#define SHORT_RUN 8

static inline __attribute__((always_inline)) void fill_rgb(uint8_t *out, unsigned a, unsigned b, uint8_t pen)
{
    uint8_t *p = out + 3 * a;
    const uint8_t *rgb = pen_line[pen];
    unsigned len = 3 * (b - a);
    if (b - a >= SHORT_RUN) {
        memcpy(p, rgb, len);
    } else if (len >= 16) {
        memcpy(p, rgb, 16);
        memcpy(p + len - 16, rgb + len - 16, 16);
    } else if (len >= 8) {
        memcpy(p, rgb, 8);
        memcpy(p + len - 8, rgb + len - 8, 8);
    } else if (len >= 4) {
        memcpy(p, rgb, 4);
        memcpy(p + len - 4, rgb + len - 4, 4);
    } else {
        memcpy(p, rgb, 3);
    }
}

/* Bits [a, b) of a bitmap, a < b. */
static inline __attribute__((always_inline)) void set_bits(uint64_t *words, unsigned a, unsigned b)
{
    unsigned first = a / 64, last = (b - 1) / 64;
    uint64_t head = ~0ull << (a % 64), tail = ~0ull >> (63 - (b - 1) % 64);
    if (first == last) {
        words[first] |= head & tail;
        return;
    }
    words[first] |= head;
    for (unsigned w = first + 1; w < last; w++)
        words[w] = ~0ull;
    words[last] |= tail;
}

static unsigned class_index(uint8_t cls)
{
    return (unsigned)__builtin_ctz(cls);
}

static inline __attribute__((always_inline)) void run(span *s, int start, unsigned width, uint8_t pen, uint8_t cls)
{
    int a = start < (int)s->x0 ? (int)s->x0 : start;
    int b = start + (int)width > (int)s->x1 ? (int)s->x1 : start + (int)width;
    if (a >= b)
        return;
    if ((unsigned)a < s->shown)
        fill_rgb(s->out, (unsigned)a, (unsigned)b < s->shown ? (unsigned)b : s->shown, pen);
    if (s->track) {
        uint64_t *cover = s->cover[class_index(cls)];
        if (!(s->present & cls))
            memset(cover, 0, sizeof s->cover[0]);
        set_bits(cover, (unsigned)a, (unsigned)b);
        s->present |= cls;
    }
}

static unsigned reverse8(unsigned b)
{
    b = (b & 0xF0u) >> 4 | (b & 0x0Fu) << 4;
    b = (b & 0xCCu) >> 2 | (b & 0x33u) << 2;
    return (b & 0xAAu) >> 1 | (b & 0x55u) << 1;
}

/* Bit k of an 8-bit row made `width` bits each (2 or 4): the row's half-clocks. */
static inline uint64_t row_half_clocks(unsigned bits, unsigned width)
{
    uint64_t x = bits;
    if (width == 2 * OBJ_PIXEL_HC) {
        x = (x | x << 12) & 0x000F000Fu;
        x = (x | x << 6) & 0x03030303u;
        x = (x | x << 3) & 0x11111111u;
        return x * 0xF;
    }
    x = (x | x << 4) & 0x0F0Fu;
    x = (x | x << 2) & 0x3333u;
    x = (x | x << 1) & 0x5555u;
    return x * 0x3;
}

/* A row of 8 pixels (not PIECE_SOLID): its half-clocks in the span [x0, x1) as one mask, bit k
 * for half-clock *at + k (0: none there). */
static inline __attribute__((always_inline)) uint64_t row_mask(const span *s, const piece *p, unsigned *at)
{
    unsigned bits = p->kind == PIECE_MSB_FIRST ? reverse8(p->bits) : p->bits;   /* bit k = pixel k */
    int start = p->start, end = start + ROW_PIXELS * p->width;
    int a = start < (int)s->x0 ? (int)s->x0 : start, b = end > (int)s->x1 ? (int)s->x1 : end;
    if (a >= b || !bits)
        return 0;
    uint64_t mask = row_half_clocks(bits, p->width) >> (a - start);   /* bit k: half-clock a + k */
    *at = (unsigned)a;
    return mask & ((1ull << (b - a)) - 1);                            /* b - a <= 32 */
}

/* The half-clocks of `mask` (bit k: half-clock at + k; 32 bits at most) in `pen`, a fill for
 * each run of them. Adding the run's lowest bit clears the run and sets the bit above it. */
static inline __attribute__((always_inline)) void fill_mask(const span *s, unsigned at, uint64_t mask, uint8_t pen)
{
    for (uint64_t left = mask; left;) {
        unsigned first = (unsigned)__builtin_ctzll(left);
        uint64_t above = left + (1ull << first);       /* not 0: the mask has 32 bits at most */
        unsigned from = at + first, to = at + (unsigned)__builtin_ctzll(above);
        if (from < s->shown)
            fill_rgb(s->out, from, to < s->shown ? to : s->shown, pen);
        left &= above;
    }
}

/* A sprite row's bytes in the framebuffer as a byte mask: row_bytes[double][bits], 0xFF under each
 * pixel drawn (bit 0 leftmost; a pixel OBJ_PIXEL_HC half-clocks wide, twice that double). A row
 * drawn whole over a line patched over its base is one blend of these, 16 bytes at a time
 * (blend_row), instead of a fill for each run of its pixels (fill_tables). */
#define ROW_BYTES_MAX (ROW_PIXELS * 2 * OBJ_PIXEL_HC * 3)
static uint8_t row_bytes[2][256][ROW_BYTES_MAX];

static void fill_row_bytes(void)
{
    for (unsigned twice = 0; twice < 2; twice++)
        for (unsigned bits = 0; bits < 256; bits++)
            for (unsigned k = 0; k < ROW_PIXELS; k++) {
                unsigned pixel = 3 * (OBJ_PIXEL_HC << twice);
                memset(row_bytes[twice][bits] + k * pixel, bits >> k & 1 ? 0xFF : 0, pixel);
            }
}

/* `bytes` bytes at out (48 or 96) take `pen` where `mask` is 0xFF. */
static inline void blend_row(uint8_t *out, const uint8_t *mask, const uint8_t *pen, unsigned bytes)
{
    typedef uint8_t bytes16 __attribute__((vector_size(16)));
    for (unsigned at = 0; at < bytes; at += 16) {
        bytes16 o, m, p;
        memcpy(&o, out + at, sizeof o);
        memcpy(&m, mask + at, sizeof m);
        memcpy(&p, pen + at, sizeof p);
        o = (o & ~m) | (p & m);
        memcpy(out + at, &o, sizeof o);
    }
}

/* A row of 8 pixels: its half-clocks in [x0, x1) as one mask, set in its class's bitmap at once
 * and filled in runs of adjacent set half-clocks, one fill each. */
static void draw_piece(span *s, const piece *p)
{
    if (p->kind == PIECE_SOLID) {
        run(s, p->start, p->width, p->pen, p->cls);
        return;
    }
    unsigned a = 0;
    uint64_t mask = row_mask(s, p, &a);
    if (!mask)
        return;
    if (s->track) {
        uint64_t *cover = s->cover[class_index(p->cls)];
        if (!(s->present & p->cls))
            memset(cover, 0, sizeof s->cover[0]);
        unsigned word = a / 64, shift = a % 64;
        cover[word] |= mask << shift;
        if (shift && (mask >> (64 - shift)))
            cover[word + 1] |= mask >> (64 - shift);
        s->present |= p->cls;
    }
    fill_mask(s, a, mask, p->pen);
}

/* A selected class that shares a pixel with another class reports that class (8245 spec); the
 * grid's pieces do not collide with each other (MAME oracle), so a pair that meets has a class
 * drawn in the span [x0, x1) only: only its words are compared. Only the pairs with a class of
 * `need` are looked at (a patch knows the others' reports). *base: the reports of the pairs
 * without a sprite (a line whose sprites alone change keeps them). */
#define COLL_SPRITES (COLL_SPRITE(0) | COLL_SPRITE(1) | COLL_SPRITE(2) | COLL_SPRITE(3))
static uint8_t collisions(const span *s, uint8_t enable, uint8_t need, uint8_t *base)
{
    uint8_t met[CLASSES] = { 0 };      /* met[e]: the classes class e shares a pixel with */
    const unsigned w0 = s->x0 / 64, w1 = (s->x1 - 1) / 64;
    for (unsigned left = s->present & need; left; left &= left - 1) {   /* each pair, once */
        unsigned e = (unsigned)__builtin_ctz(left);
        uint8_t one = (uint8_t)(1u << e);
        for (unsigned rest = s->present & ~(need & ((2u << e) - 1)); rest; rest &= rest - 1) {
            unsigned o = (unsigned)__builtin_ctz(rest);      /* not a class of `need` up to e */
            uint8_t pair = (uint8_t)(one | 1u << o);
            if ((pair & COLL_GRID) == pair)
                continue;
            uint64_t shared = 0;
            for (unsigned w = w0; w <= w1; w++)
                shared |= s->cover[e][w] & s->cover[o][w];
            if (shared) {
                met[e] |= (uint8_t)(1u << o);
                met[o] |= one;
            }
        }
    }
    uint8_t found = 0, without_sprite = 0;
    for (unsigned left = s->present & enable; left; left &= left - 1) {
        unsigned e = (unsigned)__builtin_ctz(left);
        found |= met[e];
        if (!(1u << e & COLL_SPRITES))
            without_sprite |= met[e] & (uint8_t)~COLL_SPRITES;
    }
    *base = without_sprite;
    return found;
}

/* Characters share one shifter: one that starts while another is still shifting out sets the
 * major-system overlap status when the beam reaches it (8245 spec, A1 bit 7; MAME sets it for
 * overlapping characters only, and draws both). MAME sets it when any part of the overlap is
 * drawn, even where the later character began before the span (objects turned on in the middle
 * of the overlap: corpus cartridge test_major_span, tests/conformance/DIFFERENCES.md). */
static uint8_t major_overlap(const line_desc *d, unsigned x0, unsigned x1, int mame)
{
    int starts[CHARS + QUADS * QUAD_CHARS];
    for (unsigned i = 0; i < d->chars; i++) {     /* insertion sort of the start columns */
        int start = d->piece[d->first_char + i].start;
        unsigned j = i;
        for (; j > 0 && starts[j - 1] > start; j--)
            starts[j] = starts[j - 1];
        starts[j] = start;
    }
    for (unsigned i = 1; i < d->chars; i++) {
        int overlap_end = starts[i - 1] + CHAR_WIDTH_HC;     /* the overlap: starts[i] up to here */
        if (starts[i] >= overlap_end || starts[i] >= (int)x1)
            continue;
        if (mame ? overlap_end > (int)x0 : starts[i] >= (int)x0)
            return VDC_STATUS_MAJOR;
    }
    return 0;
}

static const uint8_t grid_classes[2] = { VDC_COLL_VGRID, VDC_COLL_HGRID };   /* grid_template.cover */

static __attribute__((noinline)) const grid_template *draw_grid_template(vdc8244 *v, unsigned kind);

/* The template of a kind of grid line under the look now (drawn first if it is not: the
 * background, then the grid's pieces; the reference build draws it every time). Inline: a
 * patched line asks for its template, mostly drawn already. */
static inline const grid_template *grid_template_of(vdc8244 *v, unsigned kind)
{
    const grid_template *t = v->grid[kind];
    _Static_assert(VDC_GRID_LOOKS == 2, "a kind's templates are looked up as two");
    if (RENDER_CACHE && t[0].look == v->look)
        return &t[0];
    if (RENDER_CACHE && t[1].look == v->look)
        return &t[1];
    return draw_grid_template(v, kind);
}

/* The template drawn under the look now, over the kind's older one: apart, as its locals are large
 * and seldom needed. */
static __attribute__((noinline)) const grid_template *draw_grid_template(vdc8244 *v, unsigned kind)
{
    v->grid_newer[kind] = (uint8_t)((v->grid_newer[kind] + 1) % VDC_GRID_LOOKS);
    grid_template *t = &v->grid[kind][v->grid_newer[kind]];
    line_desc d = { .count = 0 };
    describe_grid(v, &d, kind, grid_pen(v));
    span s = { .x0 = 0, .x1 = ACTIVE_END, .shown = VDC_SCREEN_W, .out = t->rgb, .track = 1, .present = 0 };
    fill_rgb(t->rgb, 0, VDC_SCREEN_W, background_pen(v));
    for (unsigned i = 0; i < d.count; i++)
        draw_piece(&s, &d.piece[i]);
    t->present = s.present;
    for (unsigned k = 0; k < 2; k++)
        if (s.present & grid_classes[k])
            memcpy(t->cover[k], s.cover[class_index(grid_classes[k])], sizeof t->cover[k]);
    t->look = v->look;
    return t;
}

/* Draws [x0, x1) of `line` from its description; returns the collision classes it set, *base
 * those set by pairs without a sprite. */
/* A span [x0, x1) of `out` about to be drawn over `from` (the line's grid template t, or its
 * kept base), with the grid's collision bitmaps from t. */
static void start_span(vdc8244 *v, span *s, uint8_t *out, const uint8_t *from, const grid_template *t,
                       unsigned x0, unsigned x1)
{
    s->x0 = x0;
    s->x1 = x1;
    s->shown = x1 < VDC_SCREEN_W ? x1 : VDC_SCREEN_W;
    s->out = out;
    s->track = v->reg[VDC_REG_COLLISION] != 0;
    s->present = 0;                    /* a class's cover is cleared when first drawn */
    if (x0 < s->shown)
        memcpy(out + 3 * x0, from + 3 * x0, 3 * (s->shown - x0));
    if (!s->track)
        return;
    /* The grid's pixels whole: the other classes' lie in [x0, x1), so the grid's outside it meet
     * none of them, and the grid's two classes do not collide with each other. */
    for (unsigned k = 0; k < 2; k++)
        if (t->present & grid_classes[k])
            memcpy(s->cover[class_index(grid_classes[k])], t->cover[k], sizeof t->cover[k]);
    s->present = t->present;
}

static uint8_t rasterize(vdc8244 *v, const line_desc *d, unsigned line, unsigned x0, unsigned x1, uint8_t *base)
{
    const grid_template *t = grid_template_of(v, d->grid);
    span s;
    start_span(v, &s, v->screen[line][0], t->rgb, t, x0, x1);
    if (x0 == 0 && x1 == ACTIVE_END) {
        for (unsigned i = 0; i < d->count; i++)
            draw_piece(&s, &d->piece[i]);
    } else {                           /* a part: the pieces that may meet it (8 pixels wide at most) */
        for (unsigned i = 0; i < d->count; i++)
            if (d->piece[i].start < (int)x1 && d->piece[i].start + ROW_PIXELS * d->piece[i].width > (int)x0)
                draw_piece(&s, &d->piece[i]);
    }
    *base = 0;
    return s.track ? collisions(&s, v->reg[VDC_REG_COLLISION], 0xFF, base) : 0;
}

/* Lines [top, top + lines) that show objects keep only the `keep` bits of what is valid in
 * them (VDC_LINE_*). A character's (keep 0): half-clocks [x0, x1) join their changed columns
 * (line_changed; a line valid until now, or valid but for its sprites, starts them afresh). A
 * sprite's (keep VDC_LINE_BASE) columns are not kept: a line drawn again finds them from its
 * sprite rows as drawn and as they are (redraw_span). A line drawn without objects shows none
 * under its look (which holds A0's object bit), whatever their registers: it stays valid. */
static inline void invalidate(vdc8244 *v, unsigned top, unsigned lines, uint8_t keep, int x0, int x1,
                              uint8_t moved)
{
    unsigned bottom = top + lines < VDC_SCREEN_H ? top + lines : VDC_SCREEN_H;
    if (keep == VDC_LINE_BASE) {
        for (unsigned line = top; line < bottom; line++)
            if (!v->line_objectless[line])
                v->line_valid[line] &= keep;
        return;
    }
    if (x0 < 0)
        x0 = 0;
    if (x1 > ACTIVE_END)
        x1 = ACTIVE_END;
    if (x0 >= x1) {                    /* no column: none joins */
        x0 = ACTIVE_END;
        x1 = 0;
    }
    for (unsigned line = top; line < bottom; line++) {
        if (v->line_objectless[line])
            continue;
        int16_t *changed = v->line_changed[line];
        if (v->line_valid[line]) {
            changed[0] = (int16_t)x0;
            changed[1] = (int16_t)x1;
            v->line_chars_moved[line] = moved;
        } else {
            v->line_chars_moved[line] |= moved;
            if (x0 < changed[0])
                changed[0] = (int16_t)x0;
            if (x1 > changed[1])
                changed[1] = (int16_t)x1;
        }
        v->line_valid[line] &= keep;
    }
}

/* An object that covered lines [was->top, + was->lines) and columns [was_x0, was_x1) and covers
 * now = objects[...] and [now_x0, now_x1): both places invalidated, in one pass when the lines
 * meet (a move by a line or a few columns; the union is wider, never narrower). */
static inline void invalidate_moved(vdc8244 *v, const shown_object *was, int was_x0, int was_x1,
                                    const shown_object *now, int now_x0, int now_x1, uint8_t keep)
{
    unsigned was_end = was->top + was->lines, now_end = now->top + now->lines;
    uint8_t moved = was->top != now->top || was->lines != now->lines || was->start != now->start;
    if (was->lines && now->lines && was->top <= now_end && now->top <= was_end) {
        unsigned top = was->top < now->top ? was->top : now->top;
        invalidate(v, top, (was_end > now_end ? was_end : now_end) - top, keep,
                   was_x0 < now_x0 ? was_x0 : now_x0, was_x1 > now_x1 ? was_x1 : now_x1, moved);
        return;
    }
    invalidate(v, was->top, was->lines, keep, was_x0, was_x1, moved);
    invalidate(v, now->top, now->lines, keep, now_x0, now_x1, moved);
}

/* The lines and columns the objects of `objects` (bit i: objects[i]) covered as listed in `was`
 * (objects[] before the change) and cover now: a sprite's lines keep their base, a character's
 * nothing. A quad's characters share their lines: one pass for those of `objects`, over the
 * columns from the first to the last. */
#define QUAD_OBJECT_BITS ((1u << QUAD_CHARS) - 1)
_Static_assert(CHARS % QUAD_CHARS == 0, "a quad's characters are bits 4q..4q+3 after the characters' own");
static void invalidate_objects(vdc8244 *v, const shown_object *was, uint32_t objects)
{
    const shown_object *now = v->objects;
    for (uint32_t left = objects & CHAR_OBJECT_BITS; left;) {
        unsigned i = (unsigned)__builtin_ctz(left), last = i;
        if (i < CHARS) {
            left &= left - 1;
        } else {
            uint32_t quad = left & QUAD_OBJECT_BITS << (i & ~(QUAD_CHARS - 1));
            last = 31u - (unsigned)__builtin_clz(quad);
            left &= ~quad;
        }
        invalidate_moved(v, &was[i], was[i].start, was[last].start + CHAR_WIDTH_HC,
                         &now[i], now[i].start, now[last].start + CHAR_WIDTH_HC, 0);
    }
    for (uint32_t left = objects >> CHAR_OBJECTS; left; left &= left - 1) {
        unsigned i = CHAR_OBJECTS + (unsigned)__builtin_ctz(left);
        invalidate_moved(v, &was[i], 0, 0, &now[i], 0, 0, VDC_LINE_BASE);
    }
}

/* Every line's columns may have changed (the lines were forgotten). */
static void lines_changed_anywhere(vdc8244 *v)
{
    for (unsigned line = 0; line < VDC_SCREEN_H; line++) {
        v->line_changed[line][0] = 0;
        v->line_changed[line][1] = ACTIVE_END;
        v->line_chars_moved[line] = 1;
    }
}

static void forget_grid_templates(vdc8244 *v)
{
    for (unsigned k = 0; k < VDC_GRID_KINDS; k++)
        for (unsigned slot = 0; slot < VDC_GRID_LOOKS; slot++)
            v->grid[k][slot].look = 0;
}

/* The look now (vdc8244.h), the same id as when it was last seen among the last VDC_LOOKS. */
static uint32_t find_look(vdc8244 *v)
{
    const uint8_t drawing = VDC_CTRL_GRID | VDC_CTRL_DOTS | VDC_CTRL_WIDE_VGRID | VDC_CTRL_OBJECTS;
    vdc_look now = { .charset_gen = v->charset_gen, .control = v->reg[VDC_REG_CONTROL] & drawing,
                     .collision = v->reg[VDC_REG_COLLISION], .color = v->reg[VDC_REG_COLOR],
                     .p17 = v->p17 };
    memcpy(now.grid, v->reg + REG_GRID_FIRST, sizeof now.grid);
    for (unsigned k = 0; k < VDC_LOOKS; k++) {
        const vdc_look *l = &v->looks[k];
        if (l->id && l->charset_gen == now.charset_gen && l->control == now.control
            && l->collision == now.collision && l->color == now.color && l->p17 == now.p17
            && !memcmp(l->grid, now.grid, sizeof now.grid))
            return l->id;
    }
    if (v->next_look == UINT32_MAX) {              /* ids never come back: forget every line */
        memset(v->line_valid, 0, sizeof v->line_valid);
        lines_changed_anywhere(v);
        forget_grid_templates(v);
        memset(v->looks, 0, sizeof v->looks);
        v->next_look = 1;
    }
    now.id = v->next_look++;
    v->looks[v->look_slot] = now;
    v->look_slot = (v->look_slot + 1) % VDC_LOOKS;
    return now.id;
}

/* Whether the 8 (4) register bytes at `at` differ between two register files. */
static inline int differ8(const uint8_t *a, const uint8_t *b, unsigned at)
{
    uint64_t x, y;
    memcpy(&x, a + at, sizeof x);
    memcpy(&y, b + at, sizeof y);
    return x != y;
}

static inline int differ4(const uint8_t *a, const uint8_t *b, unsigned at)
{
    uint32_t x, y;
    memcpy(&x, a + at, sizeof x);
    memcpy(&y, b + at, sizeof y);
    return x != y;
}

/* Two listings of a character draw the same. */
static inline int same_character(const shown_object *a, const shown_object *b)
{
    return a->top == b->top && a->lines == b->lines && a->start == b->start && a->first == b->first
        && a->pen == b->pen;
}

/* The objects' registers compared with those last seen (seen_reg), the objects that changed
 * listed again and their lines invalidated (inline: its one caller, sync_cache, stays as cheap). */
static inline __attribute__((always_inline)) void sync_objects(vdc8244 *v)
{
    const uint8_t *now = v->reg, *was = v->seen_reg;
    unsigned sprites = 0, chars = 0, quads = 0;
    _Static_assert(OBJ_REGS == 4 && SPRITE_ROWS == 8 && QUAD_REGS == 16, "objects compare by words");
    for (unsigned n = 0; n < SPRITES; n++) {
        unsigned at = REG_SPRITES + OBJ_REGS * n, shape = VDC_REG_SPRITE_SHAPE + SPRITE_ROWS * n;
        if (now[at + OBJ_Y] != was[at + OBJ_Y] || now[at + OBJ_X] != was[at + OBJ_X]
            || now[at + SPRITE_ATTR] != was[at + SPRITE_ATTR] || differ8(now, was, shape))
            sprites |= 1u << n;
    }
    for (unsigned c = 0; c < CHARS; c++)
        if (differ4(now, was, REG_CHARS + OBJ_REGS * c))
            chars |= 1u << c;
    for (unsigned q = 0; q < QUADS; q++) {
        unsigned at = REG_QUADS + QUAD_REGS * q;
        if (differ8(now, was, at) || differ8(now, was, at + 8))
            quads |= 1u << q;
    }
    /* Whatever the look, a line an object covered or covers no longer shows that object. */
    uint32_t changed = object_bits(sprites, chars, quads);
    if (changed) {
        shown_object was[VDC_OBJECTS];
        for (uint32_t left = changed; left; left &= left - 1)
            was[__builtin_ctz(left)] = v->objects[__builtin_ctz(left)];
        relist_objects(v, sprites, chars, quads, changed);
        /* A character listed as before draws what it drew (a quad's others when one's pointer
         * changes); a sprite may have another shape. */
        uint32_t redrawn = changed & ~CHAR_OBJECT_BITS;
        for (uint32_t left = changed & CHAR_OBJECT_BITS; left; left &= left - 1) {
            unsigned i = (unsigned)__builtin_ctz(left);
            if (!same_character(&was[i], &v->objects[i]))
                redrawn |= 1u << i;
        }
        invalidate_objects(v, was, redrawn);
    }
    memcpy(v->seen_reg, v->reg, sizeof v->seen_reg);
}

/* With objects off (A0), no line drawn shows them, and a line drawn with them on is valid only
 * under a look with A0's object bit: their registers are compared when objects are on again, once
 * for all the writes since (a game rewriting its sprites' shapes while objects are off). The
 * lines they covered or cover then are those they were drawn on and will be: the places between
 * were never shown. The reference build compares at every change. */
static void sync_cache(vdc8244 *v)
{
    if (!RENDER_CACHE || (v->reg[VDC_REG_CONTROL] & VDC_CTRL_OBJECTS))
        sync_objects(v);
    v->look = find_look(v);
    v->changed = 0;
}

/* The active part of a line, [0, ACTIVE_END), is drawn in spans as the beam goes. A line
 * drawn whole and not touched by a change since costs nothing: its pixels are on the screen
 * and its collisions are remembered. */
static int same_description(const line_desc *a, const line_desc *b)
{
    return a->grid == b->grid && a->look == b->look && a->count == b->count && a->first_char == b->first_char
        && a->chars == b->chars && !memcmp(a->piece, b->piece, a->count * sizeof a->piece[0]);
}


/* A line's sprite rows (up to SPRITES pieces), copied whole whatever their number: a copy of a
 * size known only when it runs becomes `rep movsq`, slow to start, for a few bytes. The pieces
 * past the rows are copied too, unread. A line has 28 character pieces at most, so the rows
 * that follow them and the slots after them lie inside piece[]. */
_Static_assert(CHARS + QUADS * QUAD_CHARS + SPRITES <= LINE_PIECES, "a line's sprite rows fit after its characters");
static inline void copy_sprite_rows(piece *to, const piece *from)
{
    memcpy(to, from, SPRITES * sizeof *to);
}

/* The first n pieces of a and b are the same (a piece is 8 bytes, its unused byte 0). */
static inline int same_pieces(const piece *a, const piece *b, unsigned n)
{
    uint64_t differ = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t x, y;
        memcpy(&x, &a[i], sizeof x);
        memcpy(&y, &b[i], sizeof y);
        differ |= x ^ y;
    }
    return !differ;
}

/* [*x0, *x1) grown to hold [a, b), a < b. */
static inline void add_span(int *x0, int *x1, int a, int b)
{
    if (a < *x0)
        *x0 = a;
    if (b > *x1)
        *x1 = b;
}

/* The sprites' rows on `line` (objects drawn there), from sprite_row: the pieces
 * describe_objects gives, and the half-clocks they cover added to [*x0, *x1). */
static inline void describe_sprite_rows(vdc8244 *v, unsigned line, line_desc *d, int *x0, int *x1)
{
    for (uint32_t left = v->line_objects[line] >> CHAR_OBJECTS; left; left &= left - 1) {
        unsigned k = (unsigned)__builtin_ctz(left);
        if (!(v->sprite_rows_listed >> k & 1))
            list_sprite_rows(v, k);
        const shown_object *o = &v->objects[CHAR_OBJECTS + k];
        unsigned row = (line - o->top) >> (1 + o->double_size);   /* line_objects: it covers the line */
        d->piece[d->count++] = v->sprite_row[k][row];
        const int16_t *span = v->sprite_row_span[k][row];
        if (span[0] < span[1])
            add_span(x0, x1, span[0], span[1]);
    }
}

/* The same background, grid and characters (the pieces before the sprites'). */
static int same_base(const line_desc *a, const line_desc *b)
{
    return a->grid == b->grid && a->look == b->look && a->first_char == 0 && b->first_char == 0
        && a->chars == b->chars && !memcmp(a->piece, b->piece, a->chars * sizeof a->piece[0]);
}

/* The framebuffer line above, copied in 32-byte pieces: as one fixed-size memcpy the compiler
 * makes it `rep movsq`, which is slow to start for a line's 1080 bytes. */
static inline void copy_line_above(vdc8244 *v, unsigned line)
{
    uint8_t *to = &v->screen[line][0][0];
    const uint8_t *from = &v->screen[line - 1][0][0];
    enum { PIECE = 32, BYTES = sizeof v->screen[0] };
    _Pragma("GCC unroll 8")
    for (size_t at = 0; at + PIECE <= BYTES; at += PIECE)
        memcpy(to + at, from + at, PIECE);
    memcpy(to + BYTES - PIECE, from + BYTES - PIECE, PIECE);   /* the rest, overlapping */
}

/* Whether the 16 pixels (48 bytes) at a and b differ. */
static inline int sixteen_pixels_differ(const uint8_t *a, const uint8_t *b)
{
    typedef uint8_t bytes16 __attribute__((vector_size(16)));
    bytes16 x[3], y[3];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    bytes16 d = (x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]);
    uint64_t w[2];
    memcpy(w, &d, sizeof w);
    return (w[0] | w[1]) != 0;
}

/* Where the `pixels` pixels at `now` differ from those at `was` (3 bytes each): [*x0, *x1) from
 * the first that differs to the last, *x1 = 0 when none does. Each pixel is read once at most:
 * forward to the first difference, then backward from the end to the last. */
static inline void changed_pixels(const uint8_t *was, const uint8_t *now, unsigned pixels, unsigned *x0, unsigned *x1)
{
    unsigned at = 0, end = pixels;
    while (at + 16 <= pixels && !sixteen_pixels_differ(was + 3 * at, now + 3 * at))
        at += 16;
    while (at < pixels && !memcmp(was + 3 * at, now + 3 * at, 3))
        at++;
    if (at == pixels) {
        *x0 = *x1 = 0;
        return;
    }
    while (end >= at + 16 && !sixteen_pixels_differ(was + 3 * (end - 16), now + 3 * (end - 16)))
        end -= 16;                     /* stops at `at` at the latest: it differs */
    while (!memcmp(was + 3 * (end - 1), now + 3 * (end - 1), 3))
        end--;
    *x0 = at;
    *x1 = end;
}

/* Line y's pixels changed (O2_REDRAWN: in half-clocks [x0, x1)) or became a copy of the line
 * above's (O2_REDRAWN_AS_ABOVE, the whole line): a front end takes it again (o2_screen_spans). */
static inline void line_redrawn(vdc8244 *v, unsigned line, uint8_t how, unsigned x0, unsigned x1)
{
    uint16_t *span = v->screen_span[line];
    if (!v->screen_redrawn[line]) {    /* taken since: the span starts again */
        span[0] = (uint16_t)x0;
        span[1] = (uint16_t)x1;
    } else {
        span[0] = (uint16_t)(x0 < span[0] ? x0 : span[0]);
        span[1] = (uint16_t)(x1 > span[1] ? x1 : span[1]);
    }
    v->screen_redrawn[line] = how;
    if (line + 1 < VDC_SCREEN_H && v->screen_redrawn[line + 1] == O2_REDRAWN_AS_ABOVE)
        v->screen_redrawn[line + 1] = O2_REDRAWN;   /* no longer a copy of this line */
}

/* Line `line` gives up its kept base, if it has one. */
static void release_base(vdc8244 *v, unsigned line)
{
    if (v->base_kept[line] & VDC_BASE_KEPT)
        v->base_free[v->base_free_count++] = v->base_slot[line];
    v->base_kept[line] = 0;
}

/* A line that must be drawn (or a part of one): from its description, or as a copy of the line
 * above. */
static void redraw_span(vdc8244 *v, unsigned line, unsigned x0, unsigned x1)
{
    int whole = x0 == 0 && x1 == ACTIVE_END;
    /* Described into the slot the line above does not hold: a line drawn whole becomes the new
     * line above by a flip, without a copy. */
    line_desc *d = &v->desc[v->above_slot ^ 1];
    describe_line(v, line, d);
    uint8_t enable = v->reg[VDC_REG_COLLISION];
    uint8_t hits, base, major, redrawn = O2_REDRAWN;
    /* A part of a line (a write mid-line), or a line drawn whole under another look (A0 written
     * at another place in the frame before): often the same pixels again, which a front end need
     * not take. Lines drawn because an object changed are not compared (they mostly change),
     * nor lines flagged already (the flag stays; only their span may grow). */
    uint8_t was[VDC_SCREEN_W][3];
    size_t bytes = 3 * (size_t)(x1 - x0);
    int compare = RENDER_CACHE && !v->screen_redrawn[line]
        && (!whole || (v->line_valid[line] == VDC_LINE_VALID && v->line_look[line] != v->look));
    if (compare)
        memcpy(was, v->screen[line][x0], bytes);
    /* A line drawn whole under the look it was valid in, which objects changed on since: only
     * the columns where they drew or draw can change (line_changed), so only those are drawn
     * and flagged. Collisions outside them are as they were: none if the line had none; else
     * the line is drawn whole for them (its pixels outside the columns come out the same). */
    unsigned sprites = d->count - (d->first_char + d->chars);   /* the description's last pieces */
    int rows_x0 = ACTIVE_END, rows_x1 = 0, a, b;   /* the half-clocks its sprite rows cover */
    for (unsigned i = d->count - sprites; i < d->count; i++) {
        row_extent(d->piece[i].start, d->piece[i].width, &a, &b);
        if (a < b)
            add_span(&rows_x0, &rows_x1, a, b);
    }
    unsigned from = x0, to = x1;       /* the columns drawn and flagged */
    int narrow = 0;                    /* drawn in its changed columns, its characters in place */
    if (RENDER_CACHE && whole && v->line_look[line] == v->look && v->line_valid[line] != VDC_LINE_VALID) {
        int changed_x0 = v->line_changed[line][0], changed_x1 = v->line_changed[line][1];
        if (sprites != v->line_sprite_count[line]
            || !same_pieces(v->line_sprites[line], d->piece + d->count - sprites, sprites)) {
            if (rows_x0 < rows_x1)     /* the sprites' rows as they are, and as drawn */
                add_span(&changed_x0, &changed_x1, rows_x0, rows_x1);
            if (v->line_sprite_span[line][0] < v->line_sprite_span[line][1])
                add_span(&changed_x0, &changed_x1, v->line_sprite_span[line][0], v->line_sprite_span[line][1]);
        }
        from = changed_x0 < changed_x1 ? (unsigned)changed_x0 : 0;
        to = changed_x0 < changed_x1 ? (unsigned)changed_x1 : 0;
        narrow = !v->line_chars_moved[line];
    }
    if (RENDER_CACHE && whole && line > 0 && v->above_line == line - 1 && v->above_enable == enable
        && same_description(d, &v->desc[v->above_slot])) {
        /* Drawn like the line above (objects and the grid are mostly two lines tall or more). */
        if (from == x0 && to == x1)
            copy_line_above(v, line);
        else
            memcpy(v->screen[line][from], v->screen[line - 1][from], 3 * (size_t)(to - from));
        hits = v->above_hits;
        base = v->above_base_hits;
        major = v->above_major;
        redrawn = O2_REDRAWN_AS_ABOVE;
    } else {
        unsigned draw_x0 = enable && v->line_hits[line] ? x0 : from;
        unsigned draw_x1 = enable && v->line_hits[line] ? x1 : to;
        if (draw_x0 < draw_x1) {
            hits = rasterize(v, d, line, draw_x0, draw_x1, &base);
        } else {                       /* no column changed, on a line without collisions */
            hits = 0;
            base = 0;
        }
        /* The status depends on the characters' places only: where none moved, as it was. */
        major = narrow ? v->line_major[line] : major_overlap(d, x0, x1, v->model == VDC_MODEL_MAME);
    }
    if (!compare) {
        if (from < to)
            line_redrawn(v, line, redrawn, from, to);
    } else {                           /* flagged where its pixels changed, if any did */
        unsigned first, end;
        changed_pixels(&was[0][0], v->screen[line][x0], x1 - x0, &first, &end);
        if (first < end)
            line_redrawn(v, line, redrawn, x0 + first, x0 + end);
    }
    release_base(v, line);
    v->patch_line = NO_LINE;
    if (line + 1 < VDC_SCREEN_H)
        v->line_base_as_above[line + 1] = 0;   /* compared with this line as it was */
    v->line_base_as_above[line] = redrawn == O2_REDRAWN_AS_ABOVE   /* the same description */
        || (whole && line > 0 && v->above_line == line - 1 && same_base(d, &v->desc[v->above_slot]));
    v->line_look[line] = v->look;
    v->collision |= hits;
    v->status |= major;
    if (!whole) {
        v->line_valid[line] = 0;
        v->line_changed[line][0] = 0;  /* a part drawn under this look, the rest under another */
        v->line_changed[line][1] = ACTIVE_END;
        v->line_chars_moved[line] = 1;
        if (v->above_line == line)
            v->above_line = NO_LINE;
        return;
    }
    v->line_valid[line] = VDC_LINE_VALID;
    v->line_objectless[line] = !objects_drawn_on(v, line);
    v->above_slot ^= 1;
    v->above_line = line;
    v->above_enable = enable;
    v->above_hits = hits;
    v->above_base_hits = base;
    v->above_major = major;
    v->line_hits[line] = hits;
    v->line_base_hits[line] = base;
    v->line_major[line] = major;
    v->line_sprite_count[line] = (uint8_t)sprites;
    copy_sprite_rows(v->line_sprites[line], d->piece + d->count - sprites);
    v->line_sprite_span[line][0] = (int16_t)rows_x0;
    v->line_sprite_span[line][1] = (int16_t)rows_x1;
}

/* A slot for line `line`'s base: a free one, else the next one round (base_hand) not used in this
 * frame, whose line is then patched as one without a kept base until it keeps one again; none when
 * every slot served this frame, so that lines do not take each other's slots in turn. */
static int claim_base_slot(vdc8244 *v, unsigned line)
{
    unsigned pick;
    if (v->base_free_count) {
        pick = v->base_free[--v->base_free_count];
    } else {
        unsigned k = 0;
        for (; k < VDC_BASE_SLOTS && v->base_used[v->base_hand] == v->frame; k++)
            v->base_hand = (uint8_t)((v->base_hand + 1) % VDC_BASE_SLOTS);
        if (k == VDC_BASE_SLOTS)
            return 0;
        pick = v->base_hand;
        v->base_hand = (uint8_t)((v->base_hand + 1) % VDC_BASE_SLOTS);
        v->base_kept[v->base_owner[pick]] = VDC_BASE_PATCHED;
    }
    v->base_owner[pick] = (uint16_t)line;
    v->base_used[pick] = v->frame;
    v->base_slot[line] = (uint8_t)pick;
    return 1;
}

/* The line's base (vdc8244.h, base_rgb) as it is drawn now: its template, then its characters.
 * Called for a line valid but for its sprites, whose base is as the registers now draw it.
 * Returns 0 when no slot is free for it (nothing kept). */
static int keep_base(vdc8244 *v, unsigned line)
{
    if (!claim_base_slot(v, line))
        return 0;
    unsigned slot = v->base_slot[line];
    line_desc d;
    d.count = 0;
    if (objects_drawn_on(v, line))
        describe_objects(v, v->objects, v->line_objects[line] & CHAR_OBJECT_BITS, &d, line, 0, 0, ACTIVE_END);
    const grid_template *t = grid_template_of(v, grid_kind(v, line));
    span s;
    start_span(v, &s, v->base_rgb[slot], t->rgb, t, 0, ACTIVE_END);
    s.track = 1;                       /* the characters' bitmap, whatever A2 selects now */
    for (unsigned i = 0; i < d.count; i++)
        draw_piece(&s, &d.piece[i]);
    v->base_kept[line] = VDC_BASE_KEPT;
    if (s.present & VDC_COLL_CHARS) {
        memcpy(v->base_chars[slot], s.cover[class_index(VDC_COLL_CHARS)], sizeof v->base_chars[slot]);
        v->base_kept[line] |= VDC_BASE_CHARS;
    }
    return 1;
}

/* The 64 half-clocks of a line's class bitmap from half-clock `at` (< ACTIVE_END) on. */
static inline uint64_t cover_at(const uint64_t *cover, unsigned at)
{
    unsigned word = at / 64, shift = at % 64;
    uint64_t bits = cover[word] >> shift;
    if (shift && word + 1 < CLASS_WORDS)
        bits |= cover[word + 1] << (64 - shift);
    return bits;
}

/* Span [x0, x1) of a line whose base is kept: the base there, the sprite rows over it; returns
 * the collisions found there (those of the base's own pairs are in line_base_hits). Each sprite
 * gives the line one row, 32 half-clocks at most: the pairs with a sprite are found from the rows'
 * masks and the base's bitmaps at their places, without a bitmap of the sprites (what collisions()
 * finds with `need` COLL_SPRITES). */
static uint8_t patch_over_base(vdc8244 *v, unsigned line, const piece *rows, unsigned sprites,
                               unsigned x0, unsigned x1)
{
    unsigned slot = v->base_slot[line];
    v->base_used[slot] = v->frame;
    span s;
    s.x0 = x0;
    s.x1 = x1;
    s.shown = x1 < VDC_SCREEN_W ? x1 : VDC_SCREEN_W;
    s.out = v->screen[line][0];
    if (x0 < s.shown)
        memcpy(s.out + 3 * x0, v->base_rgb[slot] + 3 * x0, 3 * (s.shown - x0));
    uint64_t mask[SPRITES];
    unsigned at[SPRITES];
    uint8_t cls[SPRITES];
    unsigned drawn = 0;
    for (unsigned i = 0; i < sprites; i++) {
        at[drawn] = 0;
        mask[drawn] = row_mask(&s, &rows[i], &at[drawn]);
        if (!mask[drawn])
            continue;
        const piece *p = &rows[i];
        unsigned bytes = 3 * ROW_PIXELS * p->width;
        /* The span holds the new rows whole (an object starts at half-clock 8 or later), so the
         * mask starts at the row's start: a row that ends on the screen is shown whole. */
        if (at[drawn] + ROW_PIXELS * p->width <= s.shown)
            blend_row(s.out + 3 * at[drawn], row_bytes[p->width != OBJ_PIXEL_HC][p->bits],
                      pen_line[p->pen] + 3 * at[drawn], bytes);
        else
            fill_mask(&s, at[drawn], mask[drawn], p->pen);
        cls[drawn++] = rows[i].cls;
    }
    uint8_t enable = v->reg[VDC_REG_COLLISION];
    if (!enable || !drawn)
        return 0;
    /* The base's classes: the grid's (its template), the characters' (kept with the base). */
    const grid_template *t = grid_template_of(v, grid_kind(v, line));
    const uint64_t *base_cover[3];
    uint8_t base_cls[3];
    unsigned bases = 0;
    for (unsigned k = 0; k < 2; k++)
        if (t->present & grid_classes[k]) {
            base_cover[bases] = t->cover[k];
            base_cls[bases++] = grid_classes[k];
        }
    if (v->base_kept[line] & VDC_BASE_CHARS) {
        base_cover[bases] = v->base_chars[slot];
        base_cls[bases++] = VDC_COLL_CHARS;
    }
    /* A selected class reports the class it meets: each pair looked at once, both ways. The rows
     * are of distinct sprites, so of distinct classes. */
    uint8_t found = 0;
    for (unsigned i = 0; i < drawn; i++) {
        uint8_t mine = enable & cls[i] ? 0xFF : 0;   /* the classes row i meets are reported */
        for (unsigned j = i + 1; j < drawn; j++) {
            int d = (int)at[j] - (int)at[i];   /* both masks are 32 half-clocks wide at most */
            if (d >= 0 ? d < 64 && (mask[i] >> d & mask[j]) : -d < 64 && (mask[j] >> -d & mask[i]))
                found |= (uint8_t)((cls[j] & mine) | (enable & cls[j] ? cls[i] : 0));
        }
        for (unsigned k = 0; k < bases; k++)
            if (cover_at(base_cover[k], at[i]) & mask[i])
                found |= (uint8_t)((base_cls[k] & mine) | (enable & base_cls[k] ? cls[i] : 0));
    }
    return found;
}

/* A whole line valid but for its sprites (VDC_LINE_BASE): its background, grid and characters,
 * and the collisions among them, are as drawn. If its sprite rows are the ones it was drawn with,
 * nothing changed on it; else only the half-clocks where the old or the new rows lie are drawn
 * again, and the sprites' collisions are found there (all their pixels are in it). */
static void patch_sprites(vdc8244 *v, unsigned line)
{
    line_desc *d = &v->patch_desc[v->patch_slot ^ 1];
    d->grid = (uint8_t)grid_kind(v, line);
    d->look = v->look;
    d->count = 0;
    int span_x0 = ACTIVE_END, span_x1 = 0;   /* the half-clocks the new rows cover */
    if (objects_drawn_on(v, line))     /* else none, as the line was drawn (the look has A0) */
        describe_sprite_rows(v, line, d, &span_x0, &span_x1);
    unsigned sprites = d->count;
    piece *was = v->line_sprites[line];
    uint8_t hits = v->line_hits[line];
    if (sprites != v->line_sprite_count[line] || !same_pieces(was, d->piece, sprites)) {
        /* The half-clocks where the old or the new rows draw (none: no pixel changes). */
        int x0 = v->line_sprite_span[line][0] < span_x0 ? v->line_sprite_span[line][0] : span_x0;
        int x1 = v->line_sprite_span[line][1] > span_x1 ? v->line_sprite_span[line][1] : span_x1;
        piece now[SPRITES];
        copy_sprite_rows(now, d->piece);
        if (x0 < x1 && line > 0 && v->line_base_as_above[line] && v->line_valid[line - 1] == VDC_LINE_VALID
            && v->line_look[line - 1] == v->look && sprites == v->line_sprite_count[line - 1]
            && same_pieces(v->line_sprites[line - 1], now, sprites)) {
            /* The line above, as it is now, has the same background, grid, characters and sprites:
             * its sprites lie in the span, and outside it both lines show their common base. */
            memcpy(v->screen[line][x0], v->screen[line - 1][x0], 3 * (size_t)(x1 - x0));
            hits = v->line_hits[line - 1];
            v->line_hits[line] = hits;
            line_redrawn(v, line, O2_REDRAWN_AS_ABOVE, (unsigned)x0, (unsigned)x1);   /* its base is
                                                                                  as it was */
            if (v->above_line == line)
                v->above_line = NO_LINE;
            v->patch_line = NO_LINE;
        } else if (x0 < x1 && RENDER_CACHE && ((v->base_kept[line] & VDC_BASE_KEPT)
                                               || (v->base_kept[line] == VDC_BASE_PATCHED && keep_base(v, line)))) {
            /* Patched before since drawn whole: its sprites move on a base that stays. */
            uint8_t found = patch_over_base(v, line, now, sprites, (unsigned)x0, (unsigned)x1);
            hits = (uint8_t)(v->line_base_hits[line] | found);
            v->line_hits[line] = hits;
            line_redrawn(v, line, O2_REDRAWN, (unsigned)x0, (unsigned)x1);
            if (v->above_line == line)
                v->above_line = NO_LINE;
            v->patch_line = NO_LINE;
        } else if (x0 < x1) {
            v->base_kept[line] = VDC_BASE_PATCHED;
            d->count = 0;              /* the characters there, then the sprites over them */
            describe_objects(v, v->objects, v->line_objects[line] & CHAR_OBJECT_BITS, d, line, 1, x0, x1);
            copy_sprite_rows(d->piece + d->count, now);
            d->count = (uint8_t)(d->count + sprites);
            uint8_t base, found;
            if (line > 0 && v->patch_line == line - 1 && v->patch_x0 == x0 && v->patch_x1 == x1
                && same_description(d, &v->patch_desc[v->patch_slot])) {
                /* The line above's span again (a sprite row is two lines tall or more). */
                memcpy(v->screen[line][x0], v->screen[line - 1][x0], 3 * (size_t)(x1 - x0));
                found = v->patch_hits;
            } else {
                found = rasterize(v, d, line, (unsigned)x0, (unsigned)x1, &base);
            }
            v->patch_slot ^= 1;
            v->patch_line = line;
            v->patch_x0 = (uint16_t)x0;
            v->patch_x1 = (uint16_t)x1;
            v->patch_hits = found;
            hits = (uint8_t)(v->line_base_hits[line] | found);
            v->line_hits[line] = hits;
            line_redrawn(v, line, O2_REDRAWN, (unsigned)x0, (unsigned)x1);
            if (v->above_line == line)
                v->above_line = NO_LINE;   /* its description is not the one kept */
        }
        v->line_sprite_count[line] = (uint8_t)sprites;
        copy_sprite_rows(was, now);
        v->line_sprite_span[line][0] = (int16_t)span_x0;
        v->line_sprite_span[line][1] = (int16_t)span_x1;
    }
    v->line_valid[line] = VDC_LINE_VALID;
    v->collision |= hits;
    v->status |= v->line_major[line];
}

/* Inline: the beam passes every line, and most are valid. */
static inline void draw_span(vdc8244 *v, unsigned line, unsigned x0, unsigned x1)
{
    if (v->changed)
        sync_cache(v);
    if (RENDER_CACHE && x0 == 0 && x1 == ACTIVE_END && v->line_look[line] == v->look) {
        if (v->line_valid[line] == VDC_LINE_VALID) {
            v->collision |= v->line_hits[line];
            v->status |= v->line_major[line];
            return;
        }
        if (v->line_valid[line] == VDC_LINE_BASE) {
            patch_sprites(v, line);
            return;
        }
    }
    if (RENDER_CACHE && v->line_valid[line] == VDC_LINE_VALID && v->line_look[line] == v->look
        && !v->line_hits[line] && !v->line_major[line])
        return;   /* a part of a valid line (a write mid-line): its pixels are there, and a line
                     without collisions or major overlap has none in any part */
    redraw_span(v, line, x0, x1);
}

void vdc_flush(vdc8244 *v)
{
    unsigned end = v->x < ACTIVE_END ? v->x : ACTIVE_END;
    if (v->line <= VDC_VBLANK_LINE && v->drawn_x < end) {
        draw_span(v, v->line, v->drawn_x, end);
        v->drawn_x = (uint16_t)end;
    }
}

/* What was drawn so far keeps the old picture; what follows is drawn with the new one. */
static void picture_changed(vdc8244 *v)
{
    vdc_flush(v);
    v->changed = 1;
}

static void forget_lines(vdc8244 *v)
{
    memset(v->screen_redrawn, O2_REDRAWN, sizeof v->screen_redrawn);   /* the screen may be new */
    for (unsigned line = 0; line < VDC_SCREEN_H; line++) {
        v->screen_span[line][0] = 0;
        v->screen_span[line][1] = VDC_SCREEN_W;
    }
    memset(v->line_valid, 0, sizeof v->line_valid);
    lines_changed_anywhere(v);
    memset(v->line_base_as_above, 0, sizeof v->line_base_as_above);
    memset(v->base_kept, 0, sizeof v->base_kept);
    for (unsigned k = 0; k < VDC_BASE_SLOTS; k++)
        v->base_free[k] = (uint8_t)(VDC_BASE_SLOTS - 1 - k);
    v->base_free_count = VDC_BASE_SLOTS;
    v->base_hand = 0;
    v->above_line = NO_LINE;
    v->patch_line = NO_LINE;
    memcpy(v->seen_reg, v->reg, sizeof v->seen_reg);
    memset(v->looks, 0, sizeof v->looks);
    forget_grid_templates(v);
    v->look_slot = 0;
    v->next_look = 1;
    v->look = find_look(v);
    memset(v->line_objects, 0, sizeof v->line_objects);
    memset(v->objects, 0, sizeof v->objects);
    relist_objects(v, ALL_OBJECTS, ALL_OBJECTS, ALL_OBJECTS, ALL_OBJECTS);
    v->changed = 0;
}

/* ---------------------------------------------------------------- time */

/* The sound is clocked at HBLANK's start, with its service request, in both models (MAME's WAV:
 * every shift at half-clock 366, NTSC and PAL). Where a write meets it in MAME is machine.c's
 * write_hc (tests/conformance/DIFFERENCES.md). */

/* MAME's register does not shift in the VBLANK lines before the first line 0 (its line count
 * runs on): 5 fewer fast-rate shifts in frame 1, measured; nor do those lines count toward the
 * service request (corpus test_service_power_on). 0 on such a line, else 1. */
static inline int line_clocks_sound(const vdc8244 *v, unsigned line)
{
    return !(v->model == VDC_MODEL_MAME && v->frame == 0 && line >= VDC_FRAME_START_LINE);
}

/* The line after `line`, the first after the last. A compare, not a division: the beam asks at
 * every line. */
static inline unsigned line_after(const vdc8244 *v, unsigned line)
{
    return line + 1u == v->lines ? 0u : line + 1u;
}

static void position_from_hc(vdc8244 *v)
{
    unsigned line, x;
    vdc_beam_at(v, v->hc, &line, &x);
    v->line = (uint16_t)line;
    v->x = (uint16_t)x;
}

static inline uint64_t load8(const uint8_t *at)
{
    uint64_t w;
    memcpy(&w, at, sizeof w);
    return w;
}

/* The OR of a word's eight bytes. */
static inline uint8_t fold8(uint64_t w)
{
    w |= w >> 32;
    w |= w >> 16;
    w |= w >> 8;
    return (uint8_t)w;
}

/* Lines l to l + 7 are all valid under `look`: the render cache has them whole. */
static inline int lines_valid8(const vdc8244 *v, unsigned l, uint32_t look)
{
    /* Two lines' looks a word: four loads, not eight. */
    const uint8_t *looks = (const uint8_t *)&v->line_look[l];
    const uint64_t pair = look * 0x100000001ull;
    uint64_t differ = 0;
    for (unsigned k = 0; k < 4; k++)
        differ |= load8(looks + 8 * k) ^ pair;
    return load8(&v->line_valid[l]) == VDC_LINE_VALID * 0x0101010101010101ull && !differ;
}

/* The active lines among the n lines from `line` on (the VBLANK line not among them): each drawn
 * whole, as the beam's step would, or its collisions and status as the render cache remembers them
 * added (VBLANK's lines: nothing). Nothing here reaches the sound, so the lines are passed in one
 * loop, whatever shift clocks fall among them (pass_sound_lines). */
static inline void pass_drawn_lines(vdc8244 *v, unsigned line, unsigned n)
{
    unsigned a = line, b = line + n;
    if (line > VDC_VBLANK_LINE) {      /* in VBLANK: the lines after the frame's last, from 0 */
        a = 0;
        b = line + n > v->lines ? line + n - v->lines : 0;
    }
    if (a >= b)
        return;
    if (v->changed)                    /* where the first line's draw_span would (no write comes while
                                          the lines pass, so once) */
        sync_cache(v);
    const uint32_t look = v->look;
    uint8_t hits = 0, major = 0;
    uint64_t hits8 = 0, major8 = 0;    /* eight lines' bytes at a time, folded at the end */
    for (unsigned l = a; l < b;) {
        if (l + 8 <= b && lines_valid8(v, l, look)) {
            hits8 |= load8(&v->line_hits[l]);
            major8 |= load8(&v->line_major[l]);
            l += 8;
            continue;
        }
        if (v->line_valid[l] == VDC_LINE_VALID && v->line_look[l] == look) {
            hits |= v->line_hits[l];
            major |= v->line_major[l];
        } else {
            draw_span(v, l, 0, ACTIVE_END);
        }
        l++;
    }
    v->collision |= (uint8_t)(hits | fold8(hits8));
    v->status |= (uint8_t)(major | fold8(major8));
}

/* The sound over the n lines from `line` on: the prescaler counts each; on a line whose shift clock
 * is due (or a write waits for HBLANK) the sound is clocked at HBLANK's start. The quiet lines
 * between clocks (sound_quiet_lines) are counted at once; the half-clocks passed reach the sound
 * only before a clock and at the end. */
static inline void pass_sound_lines(vdc8244 *v, unsigned line, unsigned n)
{
    o2_sound *s = &v->sound;
    const unsigned line_hc = v->line_hc;
    const int mame = v->model == VDC_MODEL_MAME;
    uint64_t unrun = 0;                /* half-clocks passed, not yet given to the sound */
    for (;;) {
        unsigned quiet = sound_quiet_lines(s), k = quiet < n ? quiet : n;
        sound_pass_quiet_lines(s, k);
        unrun += (uint64_t)k * line_hc;
        n -= k;
        if (!n)
            break;
        line += k;
        if (line >= v->lines)
            line -= v->lines;
        /* A line whose sound is clocked (quiet was 0 or all its lines passed). */
        int clocks = line_clocks_sound(v, line);
        sound_run(s, unrun + VDC_HBLANK_START);
        unrun = line_hc - VDC_HBLANK_START;
        if (!s->holdoff && clocks) {
            sound_clock_due(s, mame);
        } else {
            sound_hblank(s, clocks);   /* the request does not show: the interrupt is off */
            sound_clock(s, clocks, mame);
        }
        line++;
        n--;
    }
    sound_run(s, unrun);
}

/* Whole lines before hc, from the start of one (x 0), as the beam's step in vdc_catch_up would
 * pass them, up to the VBLANK line (VBLANK rises on it, and the frame ends after it) and, with the
 * sound's interrupt on, up to the next shift clock (the machine stops at each of them then, and
 * the request shows). The drawing and the sound of those lines do not meet: each is passed in a
 * loop of its own. The reference build steps every line. */
static void pass_lines(vdc8244 *v, uint64_t hc)
{
    if (!RENDER_CACHE)
        return;
    const unsigned line = v->line;
    uint64_t whole = (hc - v->hc) / v->line_hc;
    unsigned to_vblank = line <= VDC_VBLANK_LINE ? VDC_VBLANK_LINE - line : v->lines - line + VDC_VBLANK_LINE;
    unsigned n = whole < to_vblank ? (unsigned)whole : to_vblank;
    if (v->reg[VDC_REG_CONTROL] & VDC_CTRL_SOUND_IRQ) {
        unsigned quiet = sound_quiet_lines(&v->sound);
        if (quiet < n)
            n = quiet;
    }
    if (!n)
        return;
    pass_drawn_lines(v, line, n);
    pass_sound_lines(v, line, n);
    v->hc += (uint64_t)n * v->line_hc;
    v->line = (uint16_t)(line + n >= v->lines ? line + n - v->lines : line + n);
}
_Static_assert(ACTIVE_END == VDC_SCREEN_W, "a redrawn span lies in the framebuffer's line");
_Static_assert(VDC_FRAME_START_LINE == VDC_VBLANK_LINE + 1, "no quiet line ends a frame");

void vdc_catch_up(vdc8244 *v, uint64_t hc)
{
    while (v->hc < hc) {
        if (v->x == 0) {
            pass_lines(v, hc);
            if (v->hc >= hc)
                break;
        }
        unsigned x = v->x, line = v->line;
        uint64_t left = hc - v->hc;
        unsigned x1 = left >= (uint64_t)(v->line_hc - x) ? v->line_hc : x + (unsigned)left;
        if (line <= VDC_VBLANK_LINE && x1 >= ACTIVE_END && v->drawn_x < ACTIVE_END) {
            draw_span(v, line, v->drawn_x, ACTIVE_END);
            v->drawn_x = ACTIVE_END;
        }
        /* Events at position p happen when the beam reaches p: x < p <= x1. */
        if (line == VDC_VBLANK_LINE && x < VDC_VBLANK_X && x1 >= VDC_VBLANK_X) {
            v->irq = 1;
            v->status |= VDC_STATUS_VBLANK;
        }
        int clocks = line_clocks_sound(v, line);
        /* The service request shows (status bit 2) only with its interrupt enabled (MAME). */
        if (x < VDC_HBLANK_START && x1 >= VDC_HBLANK_START && sound_hblank(&v->sound, clocks)
            && (v->reg[VDC_REG_CONTROL] & VDC_CTRL_SOUND_IRQ)) {
            v->status |= VDC_STATUS_SOUND;
            v->irq = 1;
        }
        if (x < VDC_HBLANK_START && x1 >= VDC_HBLANK_START) {
            sound_run(&v->sound, VDC_HBLANK_START - x);
            sound_clock(&v->sound, clocks, v->model == VDC_MODEL_MAME);
            sound_run(&v->sound, x1 - VDC_HBLANK_START);
        } else {
            sound_run(&v->sound, x1 - x);
        }
        v->hc += x1 - x;
        if (x1 == v->line_hc) {
            v->x = 0;
            v->drawn_x = 0;
            v->line = (uint16_t)line_after(v, line);
            if (v->line == VDC_FRAME_START_LINE) {
                v->frame++;
                sound_end_frame(&v->sound);
            }
        } else {
            v->x = (uint16_t)x1;
        }
    }
}

/* Half-clocks from the beam to (to_line, to_x), which lies ahead within a frame. */
static uint64_t distance_to(const vdc8244 *v, unsigned to_line, unsigned to_x)
{
    unsigned ahead = to_line >= v->line ? to_line - v->line : to_line + v->lines - v->line;
    return (uint64_t)ahead * v->line_hc + to_x - v->x;
}

/* Half-clocks to the next HBLANK start where a sound interrupt could rise (none: UINT64_MAX). */
static uint64_t to_sound_irq(const vdc8244 *v)
{
    /* The request counts while the sound is disabled too (sound_hblank): only A0 gates it. */
    if (!(v->reg[VDC_REG_CONTROL] & VDC_CTRL_SOUND_IRQ))
        return UINT64_MAX;
    if (v->x < VDC_HBLANK_START)
        return VDC_HBLANK_START - v->x;
    return distance_to(v, line_after(v, v->line), VDC_HBLANK_START);
}

uint64_t vdc_next_event(const vdc8244 *v)
{
    unsigned line = v->line, x = v->x, next = line_after(v, line);
    uint64_t to_t1;
    /* Between the VBLANKs T1 rises at HBLANK's start and falls at its end; VBLANK (with /INT)
     * rises at 365 of line 242, before that line's HBLANK, and T1 then stays high until the end
     * of line 0's HBLANK. */
    unsigned first = t1_vblank_ends_last_line(v) ? 0 : 1;   /* first line with its own pulse */
    if (line >= first && line < VDC_VBLANK_LINE && x < v->hblank_end)
        return v->hc + (x < VDC_HBLANK_START ? VDC_HBLANK_START : v->hblank_end) - x;
    if (line >= first && line < VDC_VBLANK_LINE)
        to_t1 = distance_to(v, next, next == VDC_VBLANK_LINE ? VDC_VBLANK_X : VDC_HBLANK_START);
    else if (line == VDC_VBLANK_LINE && x < VDC_VBLANK_X)
        to_t1 = VDC_VBLANK_X - x;
    else if (first == 0)
        to_t1 = line == v->lines - 1u && x >= v->hblank_end ? distance_to(v, 0, VDC_HBLANK_START)
                                                            : distance_to(v, v->lines - 1u, v->hblank_end);
    else if (line == 0 && x >= v->hblank_end)
        to_t1 = distance_to(v, 1, VDC_HBLANK_START);
    else
        to_t1 = distance_to(v, 0, v->hblank_end);
    uint64_t to_sound = to_sound_irq(v);
    return v->hc + (to_sound < to_t1 ? to_sound : to_t1);
}

uint64_t vdc_next_irq_event(const vdc8244 *v)
{
    uint64_t to_vblank = v->line == VDC_VBLANK_LINE && v->x >= VDC_VBLANK_X
        ? (uint64_t)v->lines * v->line_hc - (v->x - VDC_VBLANK_X)
        : distance_to(v, VDC_VBLANK_LINE, VDC_VBLANK_X);
    uint64_t to_sound = to_sound_irq(v);
    return v->hc + (to_sound < to_vblank ? to_sound : to_vblank);
}

/* ---------------------------------------------------------------- registers */

/* The tables every VDC shares, the same bytes for all, filled once as the core is loaded (before
 * main, or by the dynamic loader): machines made in several threads at once then never write them
 * (refilling them at each vdc_init would be a data race). */
__attribute__((constructor)) static void fill_tables(void)
{
    for (unsigned pen = 0; pen < VDC_PENS; pen++)
        for (unsigned x = 0; x < VDC_SCREEN_W; x++)
            memcpy(pen_line[pen] + 3 * x, vdc_palette[pen], 3);
    fill_grid_kinds();
    fill_row_bytes();
}

void vdc_init(vdc8244 *v, int region)
{
    memset(v, 0, sizeof *v);
    v->region = region;
    v->line_hc = region == VDC_REGION_PAL ? VDC_LINE_HC_PAL : VDC_LINE_HC_NTSC;
    v->lines = region == VDC_REGION_PAL ? VDC_LINES_PAL : VDC_LINES_NTSC;
    v->hblank_end = (uint16_t)(v->line_hc - 2);
    sound_init(&v->sound, region, 44100);
    vdc_reset(v);
}

void vdc_reset(vdc8244 *v)
{
    memset(v->reg, 0, sizeof v->reg);
    v->status = 0;
    v->collision = 0;
    v->irq = 0;
    v->beam_x = 0;
    v->beam_y = 0;
    v->p17 = 1;                       /* P1 is all ones at power-on */
    v->hc = 0;
    v->frame = 0;
    v->drawn_x = 0;
    position_from_hc(v);
    sound_reset(&v->sound, v->model == VDC_MODEL_MAME ? (unsigned)(v->lines - VDC_FRAME_START_LINE) : 0u);
    memset(v->screen, 0, sizeof v->screen);
    forget_lines(v);
}

void vdc_set_model(vdc8244 *v, int model)
{
    v->model = model == VDC_MODEL_MAME ? VDC_MODEL_MAME : VDC_MODEL_HARDWARE;
    forget_lines(v);                  /* objects are placed by the model (objects[]) */
}

void vdc_set_charset(vdc8244 *v, const uint8_t charset[512])
{
    picture_changed(v);
    memcpy(v->charset, charset, sizeof v->charset);
    v->charset_gen++;
}

void vdc_set_p17(vdc8244 *v, int level)
{
    if (v->p17 != (level ? 1 : 0))
        picture_changed(v);
    v->p17 = level ? 1 : 0;
}

int vdc_irq(const vdc8244 *v) { return v->irq; }

int vdc_t1(const vdc8244 *v) { return t1_at(v, v->line, v->x); }

static uint8_t canonical(uint8_t reg)
{
    return vdc_canonical(reg);
}

static uint8_t status_now(const vdc8244 *v)
{
    uint8_t s = v->status;
    if (v->reg[VDC_REG_CONTROL] & VDC_CTRL_STROBE)
        s |= VDC_STATUS_STROBE;
    if (v->line <= OBJ_LAST_LINE && v->x >= HSTATUS_FIRST_X && v->x < HSTATUS_END_X + mame_pal_late(v)
        && !(v->line == 0 && v->x < VDC_VBLANK_X))
        s |= VDC_STATUS_HBLANK;
    return s;
}

/* Register value and the bits that float (they read the address the CPU left on the bus:
 * Horton's read-back maps). */
static uint8_t peek_value(const vdc8244 *v, uint8_t addr, uint8_t *floats)
{
    uint8_t a = canonical(addr);
    uint8_t ctrl = v->reg[VDC_REG_CONTROL];
    *floats = 0;
    if (a < REG_OBJECTS_END) {
        unsigned field = a % OBJ_REGS;
        if (field == OBJ_ATTR)
            *floats = READ_FLOATS_HIGH;
        if (ctrl & VDC_CTRL_OBJECTS)
            return 0;
        if (a < REG_CHARS)
            return field == OBJ_Y || field == OBJ_X ? v->reg[a] : SPRITE_READ_ATTR;
        if (field == OBJ_Y)
            return v->reg[a] & CHAR_READ_Y;
        return field == OBJ_ATTR ? v->reg[a] & CHAR_READ_ATTR : v->reg[a];
    }
    if (a < VDC_REG_CONTROL)
        return v->reg[a];
    if (a >= REG_GRID_FIRST) {
        if (a >= VDC_REG_GRID_END) {
            *floats = READ_FLOATS_ALL;
            return 0;
        }
        int row8 = a >= VDC_REG_HGRID_ROW8 && a < VDC_REG_VGRID;
        if (row8)
            *floats = READ_FLOATS_ROW8;
        int used = a < REG_HGRID_END || (row8 && a < REG_HGRID_ROW8_END) || (a >= VDC_REG_VGRID && a < REG_VGRID_END);
        if (!used || (ctrl & VDC_CTRL_GRID))
            return 0;
        return row8 ? v->reg[a] & HGRID_ROW8_BIT : v->reg[a];
    }
    switch (a) {
    case VDC_REG_CONTROL:     /* MAME reads back all 8 bits as written (corpus test_a0_read) */
        return v->model == VDC_MODEL_MAME ? ctrl : ctrl & REG_CONTROL_READ;
    case VDC_REG_STATUS:    *floats = (uint8_t)~REG_STATUS_READ; return status_now(v) & REG_STATUS_READ;
    case VDC_REG_COLLISION: return v->collision;
    case VDC_REG_BEAM_Y:    return (ctrl & VDC_CTRL_STROBE) ? (uint8_t)live_y(v) : v->beam_y;
    case VDC_REG_BEAM_X:    return (ctrl & VDC_CTRL_STROBE) ? (uint8_t)live_x(v) : v->beam_x;
    case SOUND_REG_CONTROL: return v->reg[a] & REG_SOUND_READ;
    default:                *floats = READ_FLOATS_ALL; return 0;   /* A3, A6-A9, AB-AF */
    }
}

uint8_t vdc_peek(const vdc8244 *v, uint8_t reg)
{
    uint8_t floats;
    uint8_t value = peek_value(v, reg, &floats);
    if (v->model == VDC_MODEL_MAME)
        return value;                 /* MAME reads unconnected bits as 0 */
    return (uint8_t)(value | (reg & floats));
}

uint8_t vdc_read(vdc8244 *v, uint8_t reg)
{
    vdc_flush(v);                     /* collisions and status up to the beam */
    uint8_t value = vdc_peek(v, reg);
    uint8_t a = canonical(reg);
    if (a == VDC_REG_STATUS) {
        v->irq = 0;
        v->status &= (uint8_t)~(VDC_STATUS_SOUND | VDC_STATUS_VBLANK | VDC_STATUS_MAJOR);
    } else if (a == VDC_REG_COLLISION) {
        v->collision = 0;
    }
    return value;
}

uint8_t vdc_read_status_unseen(vdc8244 *v, uint8_t reg, uint8_t unseen)
{
    uint8_t value = vdc_read(v, reg);
    if (unseen) {
        v->status |= unseen;
        v->irq = 1;
    }
    return (uint8_t)(value & ~unseen);
}

void vdc_latch_beam(vdc8244 *v)
{
    v->beam_x = (uint8_t)live_x(v);
    v->beam_y = (uint8_t)live_y(v);
}

/* A register takes a new value (vdc_write_effect, vdc8244.h, decides): what was drawn so far
 * keeps the old picture. Writing the value a register already holds changes nothing, so it costs
 * nothing (games clear and rewrite whole blocks every frame). */
void vdc_write(vdc8244 *v, uint8_t reg, uint8_t value)
{
    uint8_t a = canonical(reg);
    switch (vdc_write_effect(v, a, value)) {
    case VDC_WRITE_NOTHING:
        return;
    case VDC_WRITE_SOUND:
        v->reg[a] = value;
        sound_write(&v->sound, a, value);
        return;
    case VDC_WRITE_QUAD_POSITION:
        picture_changed(v);
        for (unsigned k = 0; k < QUAD_CHARS; k++)
            v->reg[(a & ~VDC_QUAD_COPY_MASK) + OBJ_REGS * k] = value;
        return;
    case VDC_WRITE_STORE:
        if (vdc_latches_beam(v, a, value))
            vdc_latch_beam(v);
        picture_changed(v);
        v->reg[a] = value;
        return;
    }
}

void vdc_state(vdc8244 *v, o2_stream *st)
{
    st_u64(st, &v->hc);
    st_u16(st, &v->drawn_x);
    st_u32(st, &v->frame);
    st_bytes(st, v->reg, sizeof v->reg);
    st_u8(st, &v->status);
    st_u8(st, &v->collision);
    st_u8(st, &v->irq);
    st_u8(st, &v->beam_y);
    st_u8(st, &v->beam_x);
    st_u8(st, &v->p17);
    st_u8(st, &v->model);
    st_bytes(st, &v->screen[0][0][0], sizeof v->screen);
    sound_state(&v->sound, st);
    if (st->mode == O2_STREAM_LOAD) {
        position_from_hc(v);
        forget_lines(v);
    }
}

/* The 16 pens' RGB as the framebuffer has them (o2.h): a front end recolouring the picture maps
 * these values to its own. */
const uint8_t *o2_palette(void)
{
    return &vdc_palette[0][0];
}

#define REWRITE_PROBES 8

void vdc_quiet_rewrites(uint8_t quiet[256])
{
    memset(quiet, 0, 256);
#ifndef VDC_NO_RENDER_CACHE
    vdc8244 *probe = calloc(1, sizeof *probe);       /* none: no write is left out */
    if (!probe)
        return;
    uint32_t seed = 0x2545F491u;
    memset(quiet, 1, 256);
    for (unsigned k = 0; k < REWRITE_PROBES; k++) {
        for (unsigned a = 0; a < sizeof probe->reg; a++) {
            seed = seed * 1664525u + 1013904223u;    /* any registers: each apart from the others */
            probe->reg[a] = (uint8_t)(seed >> 24);
        }
        if (k % 2)                                   /* half the probes with nothing locked */
            probe->reg[VDC_REG_CONTROL] &= (uint8_t)~(VDC_CTRL_OBJECTS | VDC_CTRL_GRID);
        for (unsigned a = 0; a < sizeof probe->reg; a++)
            if (vdc_write_effect(probe, vdc_canonical((uint8_t)a), probe->reg[a]) != VDC_WRITE_NOTHING)
                quiet[a] = 0;
    }
    free(probe);
#endif
}
