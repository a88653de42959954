/*
 * vdc8244.h — Intel 8244 (NTSC) / 8245 (PAL) video and sound chip, internal to native/.
 *
 * Time is counted in VDC half-clocks since power-on ("hc", uint64). The machine converts CPU
 * cycles to hc (NTSC 20 hc per machine cycle, PAL 18) and always calls vdc_catch_up(hc) before
 * any read, write or pin query, so that the beam has drawn everything up to that moment: a
 * register change lands on the right pixel and collisions are latched when the overlap is drawn.
 *
 * hc 0 is the power-on moment, which is also a frame boundary: the start of VBLANK's lines
 * (NTSC line 243 of 263, as MAME powers on). Frame k (k >= 1) covers hc [(k-1)F, kF) with
 * F = 455*263 (NTSC) or 456*313 (PAL).
 *
 * The full struct (registers, beam, collision state, framebuffer, sound) is defined by
 * vdc8244.c's owner below; the machine embeds it and uses only these functions.
 *
 * Measured on the MAME oracle (mid-line writes to A3 change the colour there, reads of A5):
 * MAME applies a MOVX's VDC read or write at the END of the instruction, one machine cycle
 * (20 hc) after the start of its final cycle. Catching up to (cycles at the callback + 1) × 20
 * reproduces MAME's images and beam reads exactly.
 */
#ifndef VDC8244_H
#define VDC8244_H

#include "o2.h"
#include "state.h"
#include "sound.h"

/* Register map, bits and raster sizes: o2.h is the one source; these are the chip's own names. */
#define VDC_REGION_NTSC O2_REGION_NTSC
#define VDC_REGION_PAL  O2_REGION_PAL

/* Reference model (o2.h O2_MODEL_*): the hardware documentation, or MAME 0.251's odyssey2
 * driver where it differs (tests/conformance/DIFFERENCES.md). Each place that asks is marked. */
#define VDC_MODEL_HARDWARE 0
#define VDC_MODEL_MAME     1

/* One line's picture: its background and grid (a kind of grid line, drawn from a template) and
 * its objects' rows as pieces in drawing order (characters, sprites 3 to 0); each object gives a
 * line one piece at most. The template is drawn from pieces too (grid_template). */
#define LINE_PIECES        32
#define PIECE_SOLID        0           /* `width` half-clocks of `pen` */
#define PIECE_MSB_FIRST    1           /* a character row: 8 pixels of `width`, bit 7 leftmost */
#define PIECE_LSB_FIRST    2           /* a sprite row: bit 0 leftmost */

typedef struct piece {
    int16_t start;                     /* half-clock of the first pixel */
    uint8_t kind;
    uint8_t bits;
    uint8_t width;
    uint8_t pen;
    uint8_t cls;                       /* collision class (VDC_COLL_*) */
    uint8_t zero;                      /* always 0: a piece compares as its 8 bytes */
} piece;
_Static_assert(sizeof(piece) == 8, "a piece is 8 bytes, compared as one word (vdc8244.c same_pieces)");

typedef struct line_desc {
    uint8_t grid;                      /* the kind of grid line (vdc8244.c, grid_kind) */
    uint32_t look;                     /* the look its background and grid are drawn under */
    uint8_t count;
    uint8_t first_char, chars;         /* the character pieces, for the major-overlap status */
    piece piece[LINE_PIECES];
} line_desc;

#define NO_LINE UINT32_MAX

/* What of a cached line is as the registers last seen draw it (line_valid): its background, grid
 * and characters, its sprites. A line whose sprites alone changed is patched where the old and new
 * sprite rows lie (vdc8244.c, patch_sprites). */
#define VDC_LINE_BASE    1
#define VDC_LINE_SPRITES 2
#define VDC_LINE_VALID   (VDC_LINE_BASE | VDC_LINE_SPRITES)

/* The background and grid of each kind of grid line as drawn under a look: a line drawn in
 * full starts from a copy of its kind's template instead of drawing the grid piece by piece
 * (every line of a kind looks the same there). Kinds: 0 no grid; 1 + 2 row + 1 a row's
 * horizontal segment lines, 1 + 2 row its other lines. */
#define VDC_GRID_KINDS  (1 + 2 * O2_VDC_HGRID_ROWS)
#define VDC_GRID_LOOKS  2
#define VDC_CLASS_WORDS ((O2_SCREEN_W + 63) / 64)   /* a collision class's bitmap of a line */
typedef struct grid_template {
    uint32_t look;                     /* 0: not drawn yet */
    uint8_t present;                   /* the grid's collision classes it draws */
    uint64_t cover[2][VDC_CLASS_WORDS]; /* VDC_COLL_VGRID's pixels, then VDC_COLL_HGRID's */
    uint8_t rgb[O2_SCREEN_W * 3];
} grid_template;

/* What an object draws, worked out from its registers when they change rather than on every
 * line: lines [top, top + lines) (lines 0: nothing), the first pixel's half-clock, and for a
 * character the ROM address of its first row, for a sprite the register of its first shape row. */
#define VDC_OBJECTS 32                 /* 12 characters, 4 quads x 4, 4 sprites */
typedef struct shown_object {
    uint16_t top;
    uint8_t lines;
    int16_t start;
    uint16_t first;
    uint8_t pen, cls;
    uint8_t double_size, shift;        /* sprites: attribute bit 2, bits 1-0 */
} shown_object;

typedef struct vdc8244 vdc8244;   /* defined below by the VDC implementation */

/* Characters (§3): the VDC adds Y/2 to the 9-bit pointer to find the character-ROM byte a
 * character starts at, and shows rows up to the last of that byte's 8-byte group (8 rows when it
 * starts on the last). The VDC draws by these; o2_char_address/o2_char_height hand them to Python. */
#define VDC_CHAR_ADDRESS_MASK (O2_CHARSET_CODES * O2_CHARSET_ROWS - 1)
static inline unsigned vdc_char_address(uint8_t y, unsigned pointer)
{
    return (pointer + (y >> 1)) & VDC_CHAR_ADDRESS_MASK;
}

static inline unsigned vdc_char_height(unsigned address)
{
    unsigned height = (O2_CHARSET_ROWS - 1) - (address & (O2_CHARSET_ROWS - 1));
    return height ? height : O2_CHARSET_ROWS;
}

/* Everything a line's picture depends on besides the object registers: the control bits that
 * draw (grid, dots, wide grid, objects), the collision selection, the colours, P17, the
 * character set and the grid registers (C0-EF). */
#define VDC_LOOKS     4
#define VDC_LOOK_GRID 0x30
typedef struct vdc_look {
    uint32_t id;                       /* 0: an empty slot */
    uint32_t charset_gen;
    uint8_t control, collision, color, p17;
    uint8_t grid[VDC_LOOK_GRID];
} vdc_look;

/* ---- Raster geometry (native/HARDWARE.md §3, Kevin Horton's timing notes) ----
 * A line is counted in half-clocks x = 0..VDC_LINE_HC-1 and lines 0..VDC_LINES-1; hc 0 is line
 * VDC_FRAME_START_LINE, x 0. HBLANK is x in [VDC_HBLANK_START, line length - 2). VBLANK rises at
 * line VDC_VBLANK_LINE, x VDC_VBLANK_X (with the VBLANK interrupt) and falls at line 0,
 * x VDC_VBLANK_X; T1 = HBLANK | VBLANK, the one-half-clock gap before HBLANK on line 0 is no edge.
 * PAL (8245): 456 half-clocks × 313 lines (the project's contract; note that Intel's 8245
 * specification divides the clock by 227.0 per line, i.e. 454 half-clocks, for 15625 Hz and
 * 49.92 Hz), with the same active lines 0-242 (our choice: the extra 50 lines lengthen VBLANK)
 * and HBLANK x in [366, 454). Objects draw and collide in x 0-359 only (as MAME).
 *
 * ---- Framebuffer: screen[VDC_SCREEN_H][VDC_SCREEN_W][3], RGB ----
 * Pixel (row y, column x) is raster line y, half-clock x: lines 0-242 and half-clocks 0-359 of
 * each line, the same area and resolution as MAME's odyssey2 screen bitmap (measured with the
 * oracle: a sprite at X = 0x10 starts at column 2 × (0x10 + 5) = 42). One object pixel (X unit)
 * is two columns wide. PAL shows the same area.
 *
 * ---- Palette (vdc_palette[16][3]) ----
 * Pen = R | G << 1 | B << 2 | luminance << 3. Objects are always luminous: a sprite's pen is
 * 8 | attr bits 5-3, a character's 8 | attr bits 3-1. Register A3 holds the grid colour as
 * B G R in bits 0-2 and the background as B G R in bits 3-5 (bit order reversed with respect to
 * the pen); the grid is luminous when A3 bit 6 is set or P17 is low, the background when P17 is
 * low. The RGB values are those of MAME's RF palette (oracle README), a measured fact of the
 * reference, so the conformance suite compares pixels directly:
 *   0 000000  1 790000  2 006D07  3 77670B  4 1A37BE  5 94309F  6 2AAABE  7 CECECE
 *   8 676767  9 C75151 10 56C469 11 C6B86A 12 5C80F6 13 DC84E8 14 77E6EB 15 FFFFFF
 */
#define VDC_LINE_HC_NTSC     O2_LINE_HC_NTSC
#define VDC_LINE_HC_PAL      O2_LINE_HC_PAL
#define VDC_LINES_NTSC       O2_LINES_NTSC
#define VDC_LINES_PAL        O2_LINES_PAL
#define VDC_FRAME_START_LINE 243
#define VDC_VBLANK_LINE      242
#define VDC_VBLANK_X         365
#define VDC_HBLANK_START     366
#define VDC_Y_STEP_X         413      /* the Y counter counts the next line from here */
#define VDC_X_SKIP_AFTER     412      /* NTSC X counter: the value 0xCE lasts one half-clock */
#define VDC_SCREEN_W         O2_SCREEN_W
#define VDC_SCREEN_H         O2_SCREEN_H
#define VDC_PENS             O2_PENS

/* ---- Registers ---- */
#define VDC_REG_CONTROL      O2_VDC_CONTROL
#define VDC_REG_STATUS       O2_VDC_STATUS
#define VDC_REG_COLLISION    O2_VDC_COLLISION
#define VDC_REG_COLOR        O2_VDC_COLOUR
#define VDC_REG_BEAM_Y       O2_VDC_BEAM_Y
#define VDC_REG_BEAM_X       O2_VDC_BEAM_X
#define VDC_REG_SPRITE_SHAPE O2_VDC_SPRITE_SHAPES
#define VDC_REG_HGRID        O2_VDC_HGRID       /* C0-C8 rows 0-7, D0-D8 bit 0 row 8 */
#define VDC_REG_HGRID_ROW8   O2_VDC_HGRID_ROW8
#define VDC_REG_VGRID        O2_VDC_VGRID       /* E0-E9 */

#define VDC_CTRL_STROBE      O2_VDC_CTRL_STROBE      /* beam position registers follow the beam */
#define VDC_CTRL_SOUND_IRQ   O2_VDC_CTRL_SOUND_IRQ   /* interrupt when sound needs service */
#define VDC_CTRL_GRID        O2_VDC_CTRL_GRID
#define VDC_CTRL_EXT_IRQ     O2_VDC_CTRL_EXT_IRQ     /* no external chip on the Odyssey²: no effect */
#define VDC_CTRL_OBJECTS     O2_VDC_CTRL_OBJECTS
#define VDC_CTRL_DOTS        O2_VDC_CTRL_DOTS
#define VDC_CTRL_WIDE_VGRID  O2_VDC_CTRL_WIDE_VGRID

#define VDC_STATUS_HBLANK    O2_VDC_STATUS_HBLANK    /* "horizontal status", x in [225, 413) on lines 0-0xF2 */
#define VDC_STATUS_STROBE    O2_VDC_STATUS_STROBE
#define VDC_STATUS_SOUND     O2_VDC_STATUS_SOUND     /* with VDC_CTRL_SOUND_IRQ only */
#define VDC_STATUS_VBLANK    O2_VDC_STATUS_VBLANK    /* the VBLANK interrupt is pending */
#define VDC_STATUS_MAJOR     O2_VDC_STATUS_MAJOR     /* two characters met in the character shifter */

/* Collision classes: bits of A2 (write: which classes to test; read: which classes met them). */
#define VDC_COLL_SPRITE0     O2_VDC_COLL_SPRITE0     /* .. 0x08 for sprite 3 */
#define VDC_COLL_VGRID       O2_VDC_COLL_VGRID
#define VDC_COLL_HGRID       O2_VDC_COLL_HGRID       /* horizontal segments and dots */
#define VDC_COLL_EXTERNAL    O2_VDC_COLL_EXTERNAL
#define VDC_COLL_CHARS       O2_VDC_COLL_CHARS       /* characters and quads */

/* Lines whose bases are kept at once, at most (70 KB; a base for each of the 243 lines was 270 KB):
 * the benchmark's setups run as fast as with one a line but for the demo's 1.4 % (32 slots: 7 %;
 * docs/performance.md). Another count may be given at build time (-DVDC_BASE_SLOTS=n). */
#ifndef VDC_BASE_SLOTS
#define VDC_BASE_SLOTS   64
#endif
_Static_assert(VDC_BASE_SLOTS <= 256, "a line's slot is a byte");

struct vdc8244 {
    int region;
    uint8_t model;                 /* VDC_MODEL_*: kept by vdc_reset, set by the machine */
    uint16_t line_hc;              /* 455 / 456 */
    uint16_t lines;                /* 263 / 313 */
    uint16_t hblank_end;
    uint64_t hc;                   /* caught up to here */
    uint16_t line, x;              /* beam position at hc */
    uint16_t drawn_x;              /* the current line's pixels are drawn up to here */
    uint32_t frame;                /* frames completed (frame boundaries passed) since power-on */
    uint8_t reg[256];              /* what was written (A0-AF hold B0-BF too) */
    uint8_t status;                /* A1 latched bits: VDC_STATUS_SOUND, _VBLANK, _MAJOR */
    uint8_t collision;             /* A2 read value */
    uint8_t irq;                   /* /INT asserted */
    uint8_t beam_y, beam_x;        /* A4 / A5 while frozen */
    uint8_t p17;
    uint8_t charset[512];          /* the character ROM (not save state: the machine sets it) */
    o2_sound sound;
    uint8_t screen[VDC_SCREEN_H][VDC_SCREEN_W][3];
    uint8_t screen_redrawn[VDC_SCREEN_H];  /* O2_REDRAWN(_AS_ABOVE): line y may have changed
                                              since a front end took it (o2_screen_redrawn); not
                                              machine state */
    uint16_t screen_span[VDC_SCREEN_H][2];  /* with a flag set: the half-clocks [x0, x1) of the
                                              line that may have changed (o2_screen_spans) */
    /* Render cache (derived, rebuilt after a load). A "look" is what the whole picture depends
     * on besides the objects (vdc_look); the last VDC_LOOKS looks seen keep their ids, so a game
     * that switches the grid or colours at the same place every frame finds its lines valid.
     * line_valid[y] with line_look[y] == look: screen line y shows what the registers as last
     * seen (seen_reg) draw on it under that look, and gave the collisions line_hits[y] and the
     * major-overlap status line_major[y]. When something changed, the next line drawn first
     * compares the object registers with seen_reg and invalidates the lines each changed object
     * covered or covers, and finds the look's id. */
    uint8_t changed;
    uint8_t line_valid[VDC_SCREEN_H];  /* VDC_LINE_* bits: what of the line is as last seen */
    int16_t line_changed[VDC_SCREEN_H][2]; /* a line not valid: the half-clocks [x0, x1) where the
                                              characters that changed since it was valid (or valid
                                              but for its sprites) drew or draw; outside them and
                                              its sprite rows it shows what the objects as last
                                              seen draw under its look ([0, 360): anything may
                                              differ; x0 >= x1: nothing) */
    uint8_t line_chars_moved[VDC_SCREEN_H]; /* with line_changed: a changed character's place or
                                               lines changed too (else the major-overlap status,
                                               which depends on the places only, is as it was) */
    uint8_t line_objectless[VDC_SCREEN_H]; /* drawn whole with no objects (A0 hides them, or
                                              above the first object line): a change of an
                                              object leaves it valid */
    uint8_t line_hits[VDC_SCREEN_H];
    uint8_t line_base_hits[VDC_SCREEN_H]; /* the collisions among its classes other than sprites */
    uint8_t line_sprite_count[VDC_SCREEN_H];
    uint8_t line_base_as_above[VDC_SCREEN_H]; /* its background, grid and characters are line
                                                 y-1's (both as last drawn whole) */
    piece line_sprites[VDC_SCREEN_H][O2_VDC_SPRITE_COUNT]; /* the sprite rows it was drawn with */
    int16_t line_sprite_span[VDC_SCREEN_H][2];  /* the half-clocks [x0, x1) they cover (x0 >= x1:
                                                   none) */
    uint8_t line_major[VDC_SCREEN_H];
    uint32_t line_look[VDC_SCREEN_H];
    uint8_t seen_reg[256];
    uint32_t charset_gen;
    uint32_t look;                 /* id of the look now */
    uint32_t next_look;            /* ids are never reused: all lines are forgotten before a wrap */
    unsigned look_slot;            /* where the next new look goes in looks[] (round robin) */
    vdc_look looks[VDC_LOOKS];
    shown_object objects[VDC_OBJECTS];  /* from the registers as last seen, in drawing order */
    /* Each sprite's rows as pieces (objects[] order, sprite 3 first) and the half-clocks each
     * covers in the active part, [x0, x1), worked out from objects[] when a patched line first
     * asks after a change: a patched line takes its rows from here (vdc8244.c,
     * describe_sprite_rows). */
    piece sprite_row[O2_VDC_SPRITE_COUNT][O2_VDC_SPRITE_ROWS];
    int16_t sprite_row_span[O2_VDC_SPRITE_COUNT][O2_VDC_SPRITE_ROWS][2];
    uint8_t sprite_rows_listed;        /* bit k: sprite_row[k] is as objects[] draws it now */
    uint32_t line_objects[VDC_SCREEN_H]; /* bit i: objects[i] covers that line (a line's
                                            description visits only these) */
    /* The last line drawn whole (NO_LINE: none on screen as drawn), described in
     * desc[above_slot]: the next line, if it has the same description and collision selection,
     * is a copy of it. The other slot takes the line being drawn. */
    uint32_t above_line;
    line_desc desc[2];
    /* Each kind's templates under the last VDC_GRID_LOOKS looks it was drawn under (grid_newer:
     * the slot drawn last): a game that changes the look in the middle of a frame (Conquest of
     * the World's battles, at line 23) draws lines of a kind under two looks every frame. */
    grid_template grid[VDC_GRID_KINDS][VDC_GRID_LOOKS];
    uint8_t grid_newer[VDC_GRID_KINDS];
    uint8_t above_slot;
    uint8_t above_enable, above_hits, above_major, above_base_hits;
    /* The last line patched (patch_sprites; NO_LINE: none since the last whole draw), its span
     * [patch_x0, patch_x1), the description drawn there (patch_desc[patch_slot]) and the
     * collisions found there: the next line, patched over the same span with the same
     * description, is a copy of it there. */
    uint32_t patch_line;
    uint16_t patch_x0, patch_x1;
    uint8_t patch_slot, patch_hits;
    line_desc patch_desc[2];
    /* A line's base, what it shows without its sprites (background, grid, characters), kept once
     * its sprites alone were patched twice since it was drawn whole (VDC_BASE_*): a patch then
     * copies the base over the span and draws only the sprites there. Bases are kept in
     * VDC_BASE_SLOTS slots, not one a line: base_slot[y] is line y's while VDC_BASE_KEPT;
     * base_owner[k] the line slot k holds a base of (while it is not among the base_free_count
     * free ones), base_used[k] the frame it was last used in, base_hand where a search for a
     * slot to take back goes on. A line without a slot is patched as before (vdc8244.c,
     * claim_base_slot).
     * base_chars: the characters' collision bitmap of the line. Forgotten when the line is drawn
     * again. */
    uint8_t base_kept[VDC_SCREEN_H];
    uint8_t base_slot[VDC_SCREEN_H];
    uint16_t base_owner[VDC_BASE_SLOTS];
    uint8_t base_free[VDC_BASE_SLOTS];
    uint16_t base_free_count;
    uint8_t base_hand;
    uint32_t base_used[VDC_BASE_SLOTS];
    uint64_t base_chars[VDC_BASE_SLOTS][VDC_CLASS_WORDS];
    uint8_t base_rgb[VDC_BASE_SLOTS][VDC_SCREEN_W * 3];
};

#define VDC_BASE_PATCHED 1             /* patched once since drawn whole: the next patch keeps it */
#define VDC_BASE_KEPT    2             /* base_rgb[base_slot] (and base_chars) hold the line's base */
#define VDC_BASE_CHARS   4             /* with characters' pixels (base_chars) */

extern const uint8_t vdc_palette[VDC_PENS][3];

/* The beam at half-clock hc: frames start at line VDC_FRAME_START_LINE, x 0 (top of file). */
static inline void vdc_beam_at(const vdc8244 *v, uint64_t hc, unsigned *line, unsigned *x)
{
    uint64_t pos = hc % ((uint64_t)v->line_hc * v->lines);
    *line = (unsigned)((VDC_FRAME_START_LINE + pos / v->line_hc) % v->lines);
    *x = (unsigned)(pos % v->line_hc);
}

void     vdc_init(vdc8244 *vdc, int region);
void     vdc_reset(vdc8244 *vdc);                         /* power-on state, beam at hc 0 */
void     vdc_set_model(vdc8244 *vdc, int model);          /* VDC_MODEL_*, before vdc_reset */
void     vdc_set_charset(vdc8244 *vdc, const uint8_t charset[512]);
void     vdc_catch_up(vdc8244 *vdc, uint64_t hc);          /* draw and clock sound up to hc */
uint8_t  vdc_read(vdc8244 *vdc, uint8_t reg);             /* with side effects (A1 clears /INT, A2 clears) */
/* A status read that does not see the latched status bits `unseen` (VDC_STATUS_VBLANK,
 * VDC_STATUS_SOUND): they stay set, and /INT with them (the MAME model, machine.c read_status). */
uint8_t  vdc_read_status_unseen(vdc8244 *vdc, uint8_t reg, uint8_t unseen);
uint8_t  vdc_peek(const vdc8244 *vdc, uint8_t reg);       /* the same value, no side effects */
void     vdc_write(vdc8244 *vdc, uint8_t reg, uint8_t value);
void     vdc_latch_beam(vdc8244 *vdc);                    /* A4/A5 hold the beam as it is now */
void     vdc_set_p17(vdc8244 *vdc, int level);            /* P17: background/grid luminance input */
int      vdc_irq(const vdc8244 *vdc);                     /* 1 while /INT is asserted */
int      vdc_t1(const vdc8244 *vdc);                      /* HBLANK | VBLANK now */
uint64_t vdc_next_event(const vdc8244 *vdc);              /* hc of the next change of irq or t1 */
uint64_t vdc_next_irq_event(const vdc8244 *vdc);          /* hc of the next place irq may rise */
void     vdc_state(vdc8244 *vdc, o2_stream *st);          /* every field, the framebuffer too */
/* Drawing of the current line waits until its active part ends or something it depends on
 * changes (register write, P17, charset, a status or collision read). vdc_flush draws it up to
 * the beam now, for a look at `screen` in the middle of a line; it changes nothing else. */
void     vdc_flush(vdc8244 *vdc);

/* ---- Writes ----
 * What a write does is decided here, inline, and acted on by vdc_write: the machine asks
 * vdc_write_matters before bringing the VDC up to a store, and a BIOS clearing the VDC stores
 * hundreds of values a frame that the registers already hold. One decision, so the two cannot
 * disagree. */
#define VDC_REG_MIRROR_LOW    0xB0     /* B0-BF are A0-AF */
#define VDC_REG_MIRROR_HIGH   0xBF
#define VDC_REG_MIRROR_OFFSET 0x10
#define VDC_REG_GRID_END      0xF0     /* F0-FF: nothing */
#define VDC_QUAD_COPY_MASK    0x0C     /* address bits selecting one of a quad's four copies */

static inline uint8_t vdc_canonical(uint8_t reg)
{
    return reg >= VDC_REG_MIRROR_LOW && reg <= VDC_REG_MIRROR_HIGH ? (uint8_t)(reg - VDC_REG_MIRROR_OFFSET) : reg;
}

enum vdc_write_effect {
    VDC_WRITE_NOTHING,                 /* the register holds the value, is locked or read-only */
    VDC_WRITE_STORE,                   /* the register takes a new value */
    VDC_WRITE_QUAD_POSITION,           /* a quad's Y or X: all four copies take it */
    VDC_WRITE_SOUND                    /* A7-AA: a shift register's write holds the shift off,
                                          value or not */
};

static inline int vdc_differs(const vdc8244 *v, uint8_t a, uint8_t value)
{
    return v->reg[a] != value;
}

/* What vdc_write(reg, value) would do now; `a` is the register written (vdc_canonical). */
static inline enum vdc_write_effect vdc_write_effect(const vdc8244 *v, uint8_t a, uint8_t value)
{
    uint8_t ctrl = v->reg[VDC_REG_CONTROL];
    if (a < VDC_REG_SPRITE_SHAPE) {
        if (ctrl & VDC_CTRL_OBJECTS)
            return VDC_WRITE_NOTHING;  /* objects shown: their registers are locked */
        if (a >= O2_VDC_QUADS && a % O2_VDC_OBJECT_REGS <= 1) {   /* Y (0) or X (1) */
            uint8_t first = (uint8_t)(a & ~VDC_QUAD_COPY_MASK);
            for (unsigned k = 0; k < O2_VDC_QUAD_CHARS; k++)
                if (vdc_differs(v, (uint8_t)(first + O2_VDC_OBJECT_REGS * k), value))
                    return VDC_WRITE_QUAD_POSITION;
            return VDC_WRITE_NOTHING;
        }
        return vdc_differs(v, a, value) ? VDC_WRITE_STORE : VDC_WRITE_NOTHING;
    }
    if (a >= VDC_REG_HGRID)            /* the grid's registers are locked while it is shown */
        return !(ctrl & VDC_CTRL_GRID) && a < VDC_REG_GRID_END && vdc_differs(v, a, value)
            ? VDC_WRITE_STORE : VDC_WRITE_NOTHING;
    if (a < VDC_REG_CONTROL || a == VDC_REG_CONTROL || a == VDC_REG_COLLISION || a == VDC_REG_COLOR)
        return vdc_differs(v, a, value) ? VDC_WRITE_STORE : VDC_WRITE_NOTHING;
    if (a >= SOUND_REG_SHIFT_HIGH && a <= SOUND_REG_CONTROL)
        return VDC_WRITE_SOUND;
    return VDC_WRITE_NOTHING;          /* A1, A4-A6, AB-AF are read-only or unused */
}

/* Whether writing `value` to register `a` (canonical) clears A0's strobe: A4/A5 then hold the
 * beam where the write lands (vdc_latch_beam). */
static inline int vdc_latches_beam(const vdc8244 *v, uint8_t a, uint8_t value)
{
    return a == VDC_REG_CONTROL && (v->reg[a] & VDC_CTRL_STROBE) && !(value & VDC_CTRL_STROBE);
}

/* Whether vdc_write(reg, value) would change anything now: the machine need not bring the VDC up
 * to such a write. The reference build (no render cache) is brought up to every write. */
static inline int vdc_write_matters(const vdc8244 *v, uint8_t reg, uint8_t value)
{
#ifdef VDC_NO_RENDER_CACHE
    (void)v, (void)reg, (void)value;
    return 1;
#else
    return vdc_write_effect(v, vdc_canonical(reg), value) != VDC_WRITE_NOTHING;
#endif
}

/* An object's register (a sprite's shape too) stored while objects are off (A0): no pixel shows
 * it until a write turns them on, and that write brings the VDC up to itself first. So the
 * register takes the value at once and the VDC need not be brought up to the store; the objects
 * are compared when drawn again (sync_cache). Returns whether it was stored so. The reference
 * build (no render cache) is brought up to every write. */
static inline int vdc_store_unseen(vdc8244 *v, uint8_t reg, uint8_t value)
{
#ifdef VDC_NO_RENDER_CACHE
    (void)v, (void)reg, (void)value;
    return 0;
#else
    uint8_t a = vdc_canonical(reg);
    if (a >= VDC_REG_CONTROL || (v->reg[VDC_REG_CONTROL] & VDC_CTRL_OBJECTS)
        || vdc_write_effect(v, a, value) != VDC_WRITE_STORE)
        return 0;
    v->reg[a] = value;
    v->changed = 1;
    return 1;
#endif
}

/* quiet[a] = 1 where a write of the value reg[a] already holds (a as written, not canonical)
 * changes nothing, whatever the state: vdc_write_effect answers NOTHING for it in every probe
 * (objects and grid locked and not, a quad's copies apart, B0-BF apart from A0-AF), so that a
 * machine may leave such writes out. The reference build (no render cache) leaves none out. */
void vdc_quiet_rewrites(uint8_t quiet[256]);

#endif /* VDC8244_H */
