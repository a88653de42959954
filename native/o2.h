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

/* ---- Bare 8048 board (board8048.c, with cpu8048.c): the CPU alone, for tests and benchmarks ----
 * Program memory 4 KiB (PC 0x000-0xFFF), 256 bytes of external data memory on MOVX, and pins[]
 * for what outside devices drive on BUS, P1 and P2. IN A,P1/P2 read latch AND pins
 * (quasi-bidirectional: a 0 in the latch pulls the pin low); INS A,BUS reads pins[O2_PORT_BUS].
 * The port hook, when set, is called after every write to an output latch. */
#define O2_PORT_BUS 0
#define O2_PORT_P1  1
#define O2_PORT_P2  2
#define O2_PSW_CY 0x80         /* PSW bits (o2_cpu_state.psw); bit 3 always reads 1 */
#define O2_PSW_AC 0x40
#define O2_PSW_F0 0x20
#define O2_PSW_BS 0x10
#define O2_PSW_SP 0x07
#define O2_RAM_BANK1 0x18      /* R0-R7 of register bank 1 in internal RAM (bank 0 at 0x00) */
#define O2_BOARD_PROGRAM_SIZE 4096
#define O2_BOARD_XRAM_SIZE    256

typedef struct o2_board o2_board;
typedef void (*o2_port_hook)(void *ctx, int port, uint8_t value);

o2_board     *o2_board_new(void);          /* program all zeros (NOP), after RESET; NULL if out of memory */
void          o2_board_free(o2_board *b);
int           o2_board_load(o2_board *b, const uint8_t *image, size_t len);  /* O2_ERR_SIZE if > 4 KiB */
void          o2_board_reset(o2_board *b);
int           o2_board_step(o2_board *b);  /* one instruction or interrupt entry; returns its cycles */
uint64_t      o2_board_run(o2_board *b, uint64_t cycles);  /* whole instructions; returns cycles run */
void          o2_board_set_t1(o2_board *b, int level);     /* counts falling edges in counter mode */
void          o2_board_set_port_hook(o2_board *b, o2_port_hook hook, void *ctx);  /* NULL: none */
void          o2_board_yield(o2_board *b);  /* from a hook: o2_board_run returns after this instruction */
o2_cpu_state *o2_board_cpu(o2_board *b);
uint8_t      *o2_board_xram(o2_board *b);  /* O2_BOARD_XRAM_SIZE bytes */
uint8_t      *o2_board_pins(o2_board *b);  /* 3 bytes indexed by O2_PORT_*, 0xFF after o2_board_new */
int           o2_cpu_opcode_cycles(uint8_t opcode);  /* machine cycles of an 8048 opcode (1 or 2) */

/* ---- The 8244/8245's register map (vdc8244.c; native/HARDWARE.md §3) ----
 * Addresses as the CPU writes them with MOVX while the VDC is selected. Objects: 4 registers
 * each (Y, X, then pointer and attributes for characters, attributes for sprites). */
#define O2_VDC_SPRITES        0x00   /* 4 sprites x (Y, X, attributes, unused) */
#define O2_VDC_CHARS          0x10   /* 12 characters x (Y, X, pointer bits 7-0, attributes) */
#define O2_VDC_QUADS          0x40   /* 4 quads x 4 characters; Y and X shared by the four */
#define O2_VDC_SPRITE_SHAPES  0x80   /* 4 sprites x 8 rows, bit 0 drawn first */
#define O2_VDC_CONTROL        0xA0
#define O2_VDC_STATUS         0xA1
#define O2_VDC_COLLISION      0xA2
#define O2_VDC_COLOUR         0xA3   /* bits 2-0 grid colour, 5-3 background, 6 grid luminance */
#define O2_VDC_BEAM_Y         0xA4
#define O2_VDC_BEAM_X         0xA5
#define O2_VDC_SOUND_SHIFT    0xA7   /* A7-A9: the 24-bit shift register, A7 high */
#define O2_VDC_SOUND_CONTROL  0xAA
#define O2_VDC_HGRID          0xC0   /* C0-C8: horizontal segments, bit r = row r (rows 0-7) */
#define O2_VDC_HGRID_ROW8     0xD0   /* D0-D8 bit 0: row 8 */
#define O2_VDC_VGRID          0xE0   /* E0-E9: vertical segments, bit r = row r (rows 0-7) */
#define O2_VDC_SPRITE_COUNT   4
#define O2_VDC_CHAR_COUNT     12
#define O2_VDC_QUAD_COUNT     4
#define O2_VDC_QUAD_CHARS     4
#define O2_VDC_OBJECT_REGS    4
#define O2_VDC_QUAD_CHAR_STEP_X 16   /* X units from one character of a quad to the next */
#define O2_VDC_SPRITE_ROWS    8
#define O2_VDC_HGRID_COLUMNS  9
#define O2_VDC_HGRID_ROWS     9
#define O2_VDC_VGRID_COLUMNS  10
#define O2_VDC_VGRID_ROWS     8
/* Attribute fields: sprites' colour in bits 5-3, double size bit 2, shift bits 1-0;
 * characters' colour in bits 3-1 and pointer bit 8 in bit 0. */
#define O2_VDC_SPRITE_COLOUR_SHIFT 3
#define O2_VDC_SPRITE_DOUBLE  0x04
#define O2_VDC_SPRITE_SHIFT   0x03
#define O2_VDC_CHAR_COLOUR_SHIFT 1
#define O2_VDC_CHAR_POINTER8  0x01
#define O2_VDC_COLOUR_MASK    0x07
#define O2_VDC_COLOUR_BG_SHIFT 3
#define O2_VDC_COLOUR_GRID_LUMINANCE 0x40
/* Control (A0), status (A1) and collision (A2) bits. */
#define O2_VDC_CTRL_STROBE    0x02
#define O2_VDC_CTRL_SOUND_IRQ 0x04
#define O2_VDC_CTRL_GRID      0x08
#define O2_VDC_CTRL_EXT_IRQ   0x10
#define O2_VDC_CTRL_OBJECTS   0x20
#define O2_VDC_CTRL_DOTS      0x40
#define O2_VDC_CTRL_WIDE_VGRID 0x80
#define O2_VDC_STATUS_HBLANK  0x01
#define O2_VDC_STATUS_STROBE  0x02
#define O2_VDC_STATUS_SOUND   0x04
#define O2_VDC_STATUS_VBLANK  0x08
#define O2_VDC_STATUS_EXT_OVERLAP 0x40
#define O2_VDC_STATUS_MAJOR   0x80
#define O2_VDC_COLL_SPRITE0   0x01   /* .. 0x08 for sprite 3 */
#define O2_VDC_COLL_VGRID     0x10
#define O2_VDC_COLL_HGRID     0x20
#define O2_VDC_COLL_EXTERNAL  0x40
#define O2_VDC_COLL_CHARS     0x80
#define O2_CHARSET_CODES      64     /* the character ROM: 64 codes x 8 bytes */
#define O2_CHARSET_ROWS       8

/* ---- The console's wiring and timing (HARDWARE.md §2-3), for Python and the ROM include ----
 * emu/ reads these as lib.O2_*, roms_free/src/hardware.inc is generated from them
 * (cart/asm/hardware_inc.py). */
#define O2_P1_BANK0           0x01   /* cartridge bank select: A10 of a banked cartridge */
#define O2_P1_BANK1           0x02   /* A11 */
#define O2_P1_KEYBOARD_N      0x04   /* 0 = keyboard/joystick decoder enabled */
#define O2_P1_VDC_N           0x08   /* 0 = VDC selected for MOVX */
#define O2_P1_XRAM_N          0x10   /* 0 = the 128-byte external RAM selected for MOVX */
#define O2_P1_COPY            0x40   /* 1 = copy mode: VDC reads and RAM writes blocked */
#define O2_P1_LUMINANCE_N     0x80   /* 0 = background and grid bright */
#define O2_VDC_SOUND_ENABLE   0x80   /* O2_VDC_SOUND_CONTROL bits */
#define O2_VDC_SOUND_FAST     0x20   /* shift every 4th line, else every 16th */
#define O2_VDC_SOUND_NOISE    0x10
#define O2_VDC_SOUND_VOLUME   0x0F
#define O2_HC_RATE_NTSC_NUM   78750000   /* half-clocks per second: 315/44 MHz = 78750000/11 Hz */
#define O2_HC_RATE_NTSC_DEN   11
#define O2_HC_RATE_PAL_NUM    35468952   /* 17.734476 MHz x 2/5 = 35468952/5 Hz */
#define O2_HC_RATE_PAL_DEN    5
#define O2_LINE_HC_NTSC       455    /* half-clocks per line */
#define O2_LINE_HC_PAL        456
#define O2_LINES_NTSC         263    /* lines per frame */
#define O2_LINES_PAL          313
#define O2_CART_WINDOW        1024   /* program space 0x400 up shows the cartridge in 1 KiB windows */
#define O2_BIOS_SIZE          1024
#define O2_IRAM_SIZE          64     /* the 8048's internal RAM (registers, stack) */
#define O2_XRAM_SIZE          128    /* the external RAM on MOVX */
#define O2_VDC_REGISTER_COUNT 256    /* MOVX addresses while the VDC is selected */

/* ---- Hardware rules, asked by Python rather than written again there ---- */
/* Characters (vdc8244.h, §3): the character-ROM byte a character at line y with 9-bit pointer
 * `pointer` starts at, and the rows it shows (a quad's fourth character sets all four's). */
unsigned o2_char_address(uint8_t y, unsigned pointer);
unsigned o2_char_height(uint8_t y, unsigned pointer);
/* How the cartridge board taking an image of `size` bytes lays it out (native/cart_*.c):
 * O2_OK, or O2_ERR_SIZE when no board takes that size. */
typedef struct o2_cart_layout {
    uint32_t banks;            /* P10/P11 select among them (modulo the count) */
    uint32_t bank_stride;      /* image bytes from one bank to the next */
    uint32_t shown_offset;     /* the byte of a bank shown at 0x400 */
    uint32_t shown_size;       /* the bank's bytes shown from 0x400 up, mirrors left out */
} o2_cart_layout;
int  o2_cart_layout_of(size_t size, o2_cart_layout *layout);

/* ---- The console (machine.c, state.c) ---- */
typedef struct o2_machine o2_machine;

#define O2_REGION_NTSC 0       /* Odyssey² / 8244: 455 hc x 263 lines, 20 hc per CPU cycle */
#define O2_REGION_PAL  1       /* Videopac G7000 / 8245: 456 hc x 313 lines, 18 hc per cycle */

/* Why a run function returned. */
#define O2_STOP_DONE       0   /* the requested frames/cycles/steps have run */
#define O2_STOP_BREAKPOINT 1   /* the next instruction's PC is a breakpoint */
#define O2_STOP_HOOK       2   /* a debugger hook asked to stop */

o2_machine *o2_new(int region);          /* powered on, free BIOS/charset not loaded: load them */
void o2_free(o2_machine *m);
/* Loaders copy the image; they return O2_OK or O2_ERR_SIZE and take effect at o2_power_on. */
int  o2_load_bios(o2_machine *m, const uint8_t *data, size_t len);     /* 1024 bytes */
int  o2_load_charset(o2_machine *m, const uint8_t *data, size_t len);  /* 512 bytes */
/* 0 (no cartridge), 2/4/8 KiB (2 KiB banks on P10/P11), 12 KiB (four packed 3 KiB banks) or
 * 16 KiB (four 4 KiB pages, each holding a 3 KiB bank at offset 0x400). */
int  o2_load_cart(o2_machine *m, const uint8_t *data, size_t len);
void o2_power_on(o2_machine *m);         /* every chip to its power-on state, time 0 */
void o2_reset(o2_machine *m);            /* the RESET key pressed and released now */
void o2_set_reset(o2_machine *m, int held); /* RESET key held (CPU stopped) or released */
/* Reference model. O2_MODEL_HARDWARE (the default) follows the hardware documentation;
 * O2_MODEL_MAME reproduces MAME 0.251's odyssey2 driver at each documented point where the two
 * differ (tests/conformance/DIFFERENCES.md), for comparisons with the MAME oracle. Setting it
 * powers the machine on (the model sets the length of a CPU cycle); it survives o2_power_on and
 * is part of a save state. */
#define O2_MODEL_HARDWARE 0
#define O2_MODEL_MAME     1
void o2_set_model(o2_machine *m, int model);
int  o2_model(const o2_machine *m);
/* Idle loops run as whole iterations at once (on by default; cpu8048.h says which loops). Every
 * result is the same either way: off exists to prove it. */
void o2_set_skip_idle(o2_machine *m, int on);
int  o2_step(o2_machine *m);             /* one instruction or interrupt entry; its cycles */
int  o2_run_cycles(o2_machine *m, uint64_t cycles);   /* until at least that many more cycles */
int  o2_run_frames(o2_machine *m, uint32_t frames);   /* until that many more frame boundaries */
uint64_t o2_cycles(const o2_machine *m);  /* machine cycles since power-on */
uint64_t o2_frame(const o2_machine *m);   /* frames ended since power-on (o2_frame_start_cycle) */
/* The cycle that starts frame k+1 (ends frame k): floor(k x cycles per frame), the last
 * instruction of a frame starting a whole cycle before its boundary, as MAME's frames end. */
uint64_t o2_frame_start_cycle(const o2_machine *m, uint64_t frame);
uint64_t o2_hc(const o2_machine *m);      /* VDC half-clocks since power-on */
o2_cpu_state *o2_cpu(o2_machine *m);
uint8_t *o2_xram(o2_machine *m);          /* 128 bytes */
uint8_t  o2_vdc_peek(const o2_machine *m, uint8_t reg);   /* no side effects */
/* The VDC's 256 registers as the program wrote them (A0-AF also stand for B0-BF): object
 * registers keep their written values while objects are shown, when the CPU reads 0 there. */
const uint8_t *o2_vdc_registers(const o2_machine *m);
/* The VDC registers (MOVX addresses 00-FF, 1 each) where writing the value a register holds
 * changes nothing in any state: the CPU leaves such a write out while P1 selects the VDC alone
 * (none in the reference build, -DVDC_NO_RENDER_CACHE). NULL while it leaves none out: the
 * debugger watches the bus, or the event counter runs. */
const uint8_t *o2_quiet_writes(const o2_machine *m);
/* The picture: O2_SCREEN_H rows x O2_SCREEN_W columns x RGB, raster lines 0-242 by half-clocks
 * 0-359 (vdc8244.h), complete up to the machine's current time. */
#define O2_SCREEN_W 360
#define O2_SCREEN_H 243
uint8_t *o2_screen(o2_machine *m);
/* O2_SCREEN_H flags: line y's pixels may have changed since the flag was last cleared. A front
 * end converting the picture converts those lines only and clears their flags. A flag of
 * O2_REDRAWN_AS_ABOVE also says that line y's pixels are line y-1's, now. */
#define O2_REDRAWN          1
#define O2_REDRAWN_AS_ABOVE 2
uint8_t *o2_screen_redrawn(o2_machine *m);
/* O2_SCREEN_H pairs [x0, x1): where a flagged line's pixels may have changed since its flag was
 * last cleared (the columns outside kept what they were then); meaningless for a clear flag. */
const uint16_t *o2_screen_spans(const o2_machine *m);
/* The picture copied into out (O2_SCREEN_H x O2_SCREEN_W x 3 bytes, laid out as o2_screen):
 * every line, or with redrawn_only the lines flagged by o2_screen_redrawn only, clearing their
 * flags, and of those their spans (o2_screen_spans) only: out keeps the other lines and columns from
 * the last copy. Returns the lines copied. */
int o2_read_screen(o2_machine *m, void *out, int redrawn_only);
/* Every framebuffer pixel is one of these O2_PENS RGB triples (pen = R | G << 1 | B << 2 |
 * luminance << 3, vdc8244.h): 3 x O2_PENS bytes. */
#define O2_PENS 16
const uint8_t *o2_palette(void);
/* Sound: PCM samples (mono int16) of the last complete frame; the rate is 44100 at power-on.
 * The samples (a buffer of O2_AUDIO_MAX_SAMPLES) and their count stay where they are while the
 * machine lives: o2_audio returns the first and points *count at the second, so that a caller
 * can keep views of both instead of asking every frame. */
#define O2_AUDIO_MAX_SAMPLES 2048   /* per frame: enough for 48 kHz at 49.7 Hz with margin */
const int16_t *o2_audio(o2_machine *m, const uint32_t **count);
/* The last complete frame's samples copied into out (room for O2_AUDIO_MAX_SAMPLES native int16,
 * any alignment); their number. */
uint32_t o2_read_audio(o2_machine *m, void *out);
/* A front end's frame step in one call: o2_run_frames(m, 1), then that frame's samples into
 * audio_out (as o2_read_audio) and the picture's redrawn lines into screen_out (as
 * o2_read_screen(m, screen_out, 1)); either may be NULL. Returns the samples copied. */
uint32_t o2_step_frame(o2_machine *m, void *audio_out, void *screen_out);
void o2_set_sample_rate(o2_machine *m, uint32_t rate);
int  o2_cart_bank(const o2_machine *m);   /* bank mapped now, -1 without a cartridge */
/* Keyboard: row 0-5 and column 0-7 as in the matrix (emu/keys.py); joystick n = 0 left, 1 right,
 * bits: 1 up, 2 right, 4 down, 8 left, 16 fire (1 = pressed). */
void o2_set_key(o2_machine *m, int row, int column, int down);
void o2_set_joystick(o2_machine *m, int n, uint8_t bits);
#define O2_JOY_UP    0x01
#define O2_JOY_RIGHT 0x02
#define O2_JOY_DOWN  0x04
#define O2_JOY_LEFT  0x08
#define O2_JOY_FIRE  0x10
/* Debugger: flags for PC 0x000-0xFFF (1 = break before executing), or NULL for none. The
 * machine keeps the pointer; the caller keeps the 4096 bytes alive. */
void o2_set_breakpoints(o2_machine *m, const uint8_t *flags);

/* One executed instruction, as `o2 trace` prints it: the state before it ran. */
typedef struct o2_trace_entry {
    uint64_t cycle;
    uint16_t pc;
    uint8_t  op, a, psw, t;
    uint8_t  r[8];            /* R0-R7 of the selected bank */
} o2_trace_entry;
/* Runs up to n instructions (interrupt entries have no entry of their own), filling out[];
 * returns how many were run (fewer only when stopped by a breakpoint or hook). */
size_t o2_trace_run(o2_machine *m, o2_trace_entry *out, size_t n);

/* Save states: o2_save_state returns the bytes written (o2_state_size) or an O2_ERR_*;
 * o2_load_state returns O2_OK or an O2_ERR_STATE_* and leaves the machine unchanged on error. */
size_t o2_state_size(o2_machine *m);
int  o2_save_state(o2_machine *m, uint8_t *buf, size_t len);
int  o2_load_state(o2_machine *m, const uint8_t *buf, size_t len);

/* ---- Debugger (debug.c): run control with breakpoints and watchpoints, and history ----
 * One debugger per machine: it owns the machine's breakpoint flags and bus hook while it lives.
 * Tables are edited in place through the pointers below; call o2_debug_changed afterwards. */
typedef struct o2_debugger o2_debugger;

#define O2_SPACE_IRAM 0        /* internal RAM, 64 addresses (registers, stack) */
#define O2_SPACE_XRAM 1        /* the 128-byte external RAM, MOVX addresses 00-7F */
#define O2_SPACE_VDC  2        /* VDC registers, 256 MOVX addresses */
#define O2_WATCH_READ  1
#define O2_WATCH_WRITE 2

#define O2_DEBUG_DONE   0      /* a limit was reached */
#define O2_DEBUG_BREAK  1      /* the next instruction's PC has a breakpoint */
#define O2_DEBUG_WATCH  2      /* the last instruction touched a watched address */
#define O2_DEBUG_IRQ    3      /* the last step was an interrupt entry (addr = its vector) */
#define O2_DEBUG_RETURN 4      /* SP reached the requested depth */
#define O2_DEBUG_TRACE_FULL 5  /* the trace buffer is full: take the entries and run on */
#define O2_DEBUG_ERR_HISTORY -10  /* back/rewind: the target is older than the history held */

typedef struct o2_debug_limits {
    uint64_t steps;            /* instructions and interrupt entries; UINT64_MAX: no limit */
    uint64_t cycle;            /* stop at the first instruction boundary at or after this cycle */
    uint64_t frame;            /* ... at the first instruction boundary with o2_frame >= this */
    int32_t  sp;               /* stop when SP equals this after a step; -1: no such stop */
    uint8_t  replay;           /* 1: breakpoints, watches and history are ignored */
} o2_debug_limits;

typedef struct o2_debug_stop {
    int32_t  reason;           /* O2_DEBUG_* */
    uint64_t steps;            /* steps run; exact when a step limit or SP stop was given */
    int32_t  space;            /* O2_DEBUG_WATCH: O2_SPACE_*, O2_WATCH_READ or _WRITE, */
    int32_t  access;           /* the address and the value read or written */
    uint16_t addr;
    uint8_t  value;
} o2_debug_stop;

/* History: a save state at every frame start whose frame number is a multiple of every, the
 * last `capacity` kept, plus where history began (o2_debug_new, o2_debug_forget). */
o2_debugger *o2_debug_new(o2_machine *m, uint32_t every, uint32_t capacity);
void o2_debug_free(o2_debugger *d);
uint8_t *o2_debug_breakpoints(o2_debugger *d);        /* 4096 flags, 1 = break before that PC */
uint8_t *o2_debug_watches(o2_debugger *d, int space); /* O2_WATCH_* flags per address */
void o2_debug_set_irq_break(o2_debugger *d, int on);
void o2_debug_changed(o2_debugger *d);
int  o2_debug_run(o2_debugger *d, const o2_debug_limits *lim, o2_debug_stop *stop);
void o2_debug_forget(o2_debugger *d);                 /* history restarts here */
uint32_t o2_debug_history(const o2_debugger *d);      /* snapshots held, oldest first: */
uint64_t o2_debug_history_cycle(o2_debugger *d, uint32_t i);
uint64_t o2_debug_history_frame(o2_debugger *d, uint32_t i);
int  o2_debug_back(o2_debugger *d, uint64_t steps);   /* O2_OK or O2_DEBUG_ERR_HISTORY */
int  o2_debug_rewind_to(o2_debugger *d, uint64_t frame);  /* to that frame's first boundary */
int  o2_debug_at_frame_start(const o2_debugger *d);
const uint8_t *o2_debug_charset(const o2_debugger *d);    /* the 512 bytes the VDC draws with */
uint8_t o2_debug_program(const o2_debugger *d, uint16_t addr);  /* program space as mapped now */
/* The beam now: VDC line (0 = first visible line) and half-clock in the line, from the clock. */
void o2_debug_beam(const o2_debugger *d, uint32_t *line, uint32_t *x);
uint64_t o2_debug_line_start_cycle(const o2_debugger *d, uint32_t lines);  /* cycle of that line */
/* `trace on`: runs record an o2_trace_entry per executed instruction into buf (NULL/0: off);
 * o2_debug_take_trace returns how many were recorded since the last take and starts over. */
void o2_debug_set_trace(o2_debugger *d, o2_trace_entry *buf, uint32_t capacity);
uint32_t o2_debug_take_trace(o2_debugger *d);
/* Expressions (conditions of breakpoints, `print`): programs in reverse Polish notation, one
 * int64 word per operator, O2_OP_NUM / O2_OP_REG / O2_OP_MEM followed by one operand word. */
#define O2_OP_NUM   0          /* push the next word */
#define O2_OP_REG   1          /* push register O2_REG_* (next word) */
#define O2_OP_MEM   2          /* pop an address, push that byte of space O2_SPACE_* (next word) */
#define O2_OP_NOT   3          /* unary: ! ~ - */
#define O2_OP_INV   4
#define O2_OP_NEG   5
#define O2_OP_OR    6          /* binary, C's meaning: || && == != < <= > >= | ^ & << >> + - */
#define O2_OP_AND   7
#define O2_OP_EQ    8
#define O2_OP_NE    9
#define O2_OP_LT   10
#define O2_OP_LE   11
#define O2_OP_GT   12
#define O2_OP_GE   13
#define O2_OP_BOR  14
#define O2_OP_BXOR 15
#define O2_OP_BAND 16
#define O2_OP_SHL  17          /* shift counts outside 0-62 give 0 */
#define O2_OP_SHR  18
#define O2_OP_ADD  19
#define O2_OP_SUB  20
#define O2_REG_A 0             /* registers: R0-R7 are those of the selected bank */
#define O2_REG_PC 1
#define O2_REG_PSW 2
#define O2_REG_SP 3
#define O2_REG_CY 4
#define O2_REG_AC 5
#define O2_REG_F0 6
#define O2_REG_F1 7
#define O2_REG_BS 8
#define O2_REG_MB 9
#define O2_REG_T 10
#define O2_REG_R0 11           /* .. O2_REG_R0 + 7 */
#define O2_REG_FRAME 19
#define O2_REG_CYCLES 20
#define O2_REG_LINE 21
#define O2_REG_BANK 22           /* the cartridge bank mapped now (o2_cart_bank) */
#define O2_EXPR_STACK 32       /* deepest evaluation stack */
#define O2_ERR_EXPR -20        /* malformed program, or a constant that reads the machine */
/* d may be NULL for a program of numbers and operators only. */
int o2_debug_eval(const o2_debugger *d, const int64_t *code, uint32_t n, int64_t *value);
/* The condition of the breakpoint at pc (NULL/0: none, it always stops); the program is copied.
 * A breakpoint whose condition is false does not stop a run. */
int o2_debug_set_condition(o2_debugger *d, uint16_t pc, const int64_t *code, uint32_t n);

/* The sound shift register (24 bits) and control as the chip has them (the VDC's registers as
 * written: o2_vdc_registers). */
void o2_debug_sound(const o2_debugger *d, uint32_t *shift, uint8_t *control);

/* cdef:end */

#endif /* O2_H */
