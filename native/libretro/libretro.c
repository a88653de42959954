/*
 * libretro.c — the Odyssey² as a libretro core (RetroArch and other libretro front ends).
 *
 * The same C sources as the Python package (the C files of native/), driven through the public header o2.h
 * only; docs/libretro.md is the user's guide. One retro_run is one frame: o2_run_frames(1), the
 * frame's picture and its audio, exactly what Odyssey2.run_frames(1) gives in Python for the
 * same input (tests/libretro checks it).
 *
 * - Content: a .bin cartridge of any size a board takes (o2_cart_layout_of); without content,
 *   Conquest of the World, built into the core with our free BIOS and character set
 *   (native/libretro/generate.py writes them into build/libretro/o2_generated.h).
 * - BIOS: the system folder's o2rom.bin (Odyssey² and Videopac G7000) or c52.bin (the French
 *   Videopac C52) when present, else ours; a core option chooses.
 * - Input: RetroPad 1 and 2 are the left and right joysticks (a core option swaps them); the
 *   console keyboard comes from the front end's keyboard callback, and each RetroPad button can
 *   press a console key (core options), so that Conquest's entry needs no keyboard.
 * - Memory: RetroAchievements' Odyssey² addresses (rcheevos, "Magnavox Odyssey 2"): the 64
 *   bytes of internal RAM at 0x00-0x3F, then the external RAM from 0x40; SET_MEMORY_MAPS points
 *   at the machine's memory, retro_get_memory_data(SYSTEM_RAM) at a copy kept in step between
 *   frames (the two RAMs are not adjacent in the machine).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "o2.h"
#include "libretro.h"
#include "o2_generated.h"

#define CORE_NAME        "Odyssey2"
#define OPTION_PREFIX    "odyssey2_"
#define CHARSET_SIZE     (O2_CHARSET_CODES * O2_CHARSET_ROWS)
#define PORTS            2
#define PAD_BUTTONS      16          /* RETRO_DEVICE_ID_JOYPAD_B .. R3 */
#define KEYS             (O2_KEY_ROWS * O2_KEY_COLUMNS)
#define RAM_SIZE         (O2_IRAM_SIZE + O2_XRAM_SIZE)
#define MAX_CART_WINDOWS 64          /* no board takes more than 64 KiB (emu.native.cart_sizes) */

/* ---- front end ---- */
static retro_environment_t environ_cb;
static retro_video_refresh_t video_cb;
static retro_audio_sample_batch_t audio_batch_cb;
static retro_input_poll_t input_poll_cb;
static retro_input_state_t input_state_cb;
static retro_log_printf_t log_cb;
static bool input_bitmasks;
static bool can_dupe;
static bool picture_sent;        /* since the game was loaded or the timing changed */

static void RETRO_CALLCONV log_stderr(enum retro_log_level level, const char *fmt, ...)
{
    va_list ap;
    (void)level;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

/* A message for the player on screen and in the log. */
static void tell(enum retro_log_level level, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    log_cb(level, "[" CORE_NAME "] %s\n", text);
    struct retro_message message = {text, 300};
    environ_cb(RETRO_ENVIRONMENT_SET_MESSAGE, &message);
}

/* ---- the console and its settings ---- */
enum bios_choice { BIOS_AUTO, BIOS_FREE, BIOS_O2ROM, BIOS_C52 };
enum palette_choice { PALETTE_MAME, PALETTE_PURE, PALETTE_GREY };
enum pad_action { ACTION_NONE, ACTION_FIRE, ACTION_RESET, ACTION_KEY };  /* ACTION_KEY + key */

static struct {
    int region, model, bios, palette, swap;
    uint32_t sample_rate;
    uint8_t pad[PAD_BUTTONS];        /* per button: enum pad_action, or ACTION_KEY + the key's
                                        row * O2_KEY_COLUMNS + column */
} settings;

static o2_machine *machine;
static uint8_t *cart;                /* the content's image (or Conquest's), kept for rebuilds */
static size_t cart_size;
static uint8_t bios[O2_BIOS_SIZE];
static const int16_t *samples;       /* the machine's last frame of audio (o2_audio) */
static const uint32_t *sample_count;
static uint32_t frame[O2_SCREEN_H * O2_SCREEN_W];
static int16_t stereo[2 * O2_AUDIO_MAX_SAMPLES];

/* Keys: which host keys are down, how many of them hold each console key, and what the machine
 * was last told of each console key and of RESET (retro_run adds the pads' keys). */
static uint8_t host_down[RETROK_LAST];
static uint8_t host_holds[KEYS];
static uint8_t applied_keys[KEYS];
static int reset_applied;
/* The pads as last applied, and whether anything else the input depends on changed since (a
 * host key, the pads' settings, a power-on or a state load): most frames nothing did, and the
 * machine is told nothing. */
static uint16_t applied_pads[PORTS];
static bool input_stale = true;

/* RetroAchievements' contiguous view of the RAM, and what it held when last copied; kept in
 * step only once a front end has asked for it (retro_get_memory_data). */
static uint8_t ram_view[RAM_SIZE], ram_copied[RAM_SIZE];
static bool ram_view_given;

/* ---- keys ---- */
static int key_index(const char *name)
{
    for (int k = 0; k < KEYS; k++) {
        const char *n = key_matrix[k / O2_KEY_COLUMNS][k % O2_KEY_COLUMNS];
        if (n && strcmp(n, name) == 0)
            return k;
    }
    return -1;
}

/* Host keys -> console keys, where `o2 run` puts them by default (emu/config.py): letters and
 * digits as themselves, the symbols where a PC keyboard has them, the keypad a second home. */
static const struct { unsigned host; const char *key; } host_keys[] = {
    {RETROK_SPACE, "SPACE"}, {RETROK_RETURN, "ENTER"}, {RETROK_KP_ENTER, "ENTER"},
    {RETROK_BACKSPACE, "CLEAR"}, {RETROK_SLASH, "?"}, {RETROK_MINUS, "-"}, {RETROK_KP_MINUS, "-"},
    {RETROK_EQUALS, "="}, {RETROK_KP_EQUALS, "="}, {RETROK_PERIOD, "."}, {RETROK_KP_PERIOD, "."},
    {RETROK_LEFTBRACKET, "+"}, {RETROK_KP_PLUS, "+"}, {RETROK_RIGHTBRACKET, "*"},
    {RETROK_KP_MULTIPLY, "*"}, {RETROK_BACKSLASH, "/"}, {RETROK_KP_DIVIDE, "/"},
};

static int host_key_index(unsigned keycode)
{
    char name[2] = {0, 0};
    if (keycode >= RETROK_a && keycode <= RETROK_z)
        name[0] = (char)('A' + (keycode - RETROK_a));
    else if (keycode >= RETROK_0 && keycode <= RETROK_9)
        name[0] = (char)('0' + (keycode - RETROK_0));
    else if (keycode >= RETROK_KP0 && keycode <= RETROK_KP9)
        name[0] = (char)('0' + (keycode - RETROK_KP0));
    if (name[0])
        return key_index(name);
    for (size_t i = 0; i < sizeof host_keys / sizeof host_keys[0]; i++)
        if (host_keys[i].host == keycode)
            return key_index(host_keys[i].key);
    return -1;
}

/* The front end may call this at any time; the machine is told in retro_run, after the poll. */
static void RETRO_CALLCONV keyboard_event(bool down, unsigned keycode, uint32_t character,
                                          uint16_t modifiers)
{
    (void)character;
    (void)modifiers;
    int k = keycode < RETROK_LAST ? host_key_index(keycode) : -1;
    if (k < 0 || host_down[keycode] == down)
        return;                      /* not a console key, or a key repeat */
    host_down[keycode] = down;
    host_holds[k] += down ? 1 : -1;
    input_stale = true;
}

/* ---- core options ---- */
static const char *const pad_button_names[PAD_BUTTONS] = {
    "B", "Y", "Select", "Start", NULL, NULL, NULL, NULL, "A", "X", "L", "R", "L2", "R2", "L3", "R3"};
static const char *const pad_option_keys[PAD_BUTTONS] = {
    OPTION_PREFIX "pad_b", OPTION_PREFIX "pad_y", OPTION_PREFIX "pad_select",
    OPTION_PREFIX "pad_start", NULL, NULL, NULL, NULL, OPTION_PREFIX "pad_a",
    OPTION_PREFIX "pad_x", OPTION_PREFIX "pad_l", OPTION_PREFIX "pad_r", OPTION_PREFIX "pad_l2",
    OPTION_PREFIX "pad_r2", OPTION_PREFIX "pad_l3", OPTION_PREFIX "pad_r3"};
/* Defaults: B and A fire; the rest make Conquest's entry (docs/libretro.md): SELECT = SPACE,
 * L/R choose red/blue, Y/X/L2 the sub, plane and tank, R2 types 9 (four presses: 9999 units),
 * START = ENTER, L3 = CLEAR, R3 = YES. */
static const char *const pad_defaults[PAD_BUTTONS] = {
    "fire", "S", "SPACE", "ENTER", NULL, NULL, NULL, NULL, "fire", "P", "R", "B", "T", "9",
    "CLEAR", "Y"};

/* The values a pad button can take, the keys most games ask for first. */
#define PAD_VALUES (3 + KEYS)
static struct retro_core_option_value pad_values[PAD_VALUES + 1];
static char pad_labels[PAD_VALUES][16];

static void list_pad_values(void)
{
    static const char *const first[] = {"SPACE", "ENTER", "CLEAR", "Y", "N"};
    int n = 0;
    pad_values[n++] = (struct retro_core_option_value){"none", "nothing"};
    pad_values[n++] = (struct retro_core_option_value){"fire", "the joystick's action button"};
    pad_values[n++] = (struct retro_core_option_value){"RESET", "the RESET key"};
    for (size_t i = 0; i < sizeof first / sizeof first[0]; i++)
        pad_values[n++].value = first[i];
    for (int k = 0; k < KEYS; k++) {
        const char *name = key_matrix[k / O2_KEY_COLUMNS][k % O2_KEY_COLUMNS];
        int listed = 0;
        for (int i = 0; i < n; i++)
            listed |= name && strcmp(pad_values[i].value, name) == 0;
        if (name && !listed)
            pad_values[n++].value = name;
    }
    for (int i = 3; i < n; i++) {
        const char *v = pad_values[i].value;
        snprintf(pad_labels[i], sizeof pad_labels[i], "%s%s",
                 strcmp(v, "Y") == 0 ? "YES (Y)" : strcmp(v, "N") == 0 ? "NO (N)" : "key ",
                 strcmp(v, "Y") == 0 || strcmp(v, "N") == 0 ? "" : v);
        pad_values[i].label = pad_labels[i];
    }
    pad_values[n] = (struct retro_core_option_value){NULL, NULL};
}

#define OPTIONS (6 + 12)
static struct retro_core_option_v2_definition option_defs[OPTIONS + 1];
static char pad_descs[PAD_BUTTONS][48];

static void define(int i, const char *key, const char *desc, const char *info, const char *category,
                   const struct retro_core_option_value *values, const char *default_value)
{
    struct retro_core_option_v2_definition *d = &option_defs[i];
    d->key = key;
    d->desc = desc;
    d->info = info;
    d->category_key = category;
    for (int v = 0; values[v].value && v < RETRO_NUM_CORE_OPTION_VALUES_MAX - 1; v++)
        d->values[v] = values[v];
    d->default_value = default_value;
}

static void define_options(void)
{
    static const struct retro_core_option_value regions[] = {
        {"ntsc", "Odyssey² (NTSC, 59.83 frames/s)"}, {"pal", "Videopac G7000 (PAL, 49.70 frames/s)"},
        {NULL, NULL}};
    static const struct retro_core_option_value models[] = {
        {"hardware", "the hardware documentation"}, {"mame", "MAME 0.251's odyssey2 driver"},
        {NULL, NULL}};
    static const struct retro_core_option_value bioses[] = {
        {"auto", "o2rom.bin, else c52.bin, else ours"}, {"free", "ours (free)"},
        {"o2rom.bin", "o2rom.bin (Odyssey² / Videopac)"}, {"c52.bin", "c52.bin (Videopac C52)"},
        {NULL, NULL}};
    static const struct retro_core_option_value palettes[] = {
        {"mame", "MAME's RF colours"}, {"pure", "pure pen colours"}, {"grey", "black and white TV"},
        {NULL, NULL}};
    static const struct retro_core_option_value rates[] = {
        {"44100", "44100 Hz"}, {"48000", "48000 Hz"}, {NULL, NULL}};
    static const struct retro_core_option_value on_off[] = {
        {"disabled", NULL}, {"enabled", NULL}, {NULL, NULL}};
    int i = 0;
    define(i++, OPTION_PREFIX "region", "Region",
           "The console: Odyssey² (8244, NTSC) or Videopac G7000 (8245, PAL). Restarts the game.",
           "system", regions, "ntsc");
    define(i++, OPTION_PREFIX "model", "Model",
           "Follow the hardware documentation, or MAME where the two differ. Restarts the game.",
           "system", models, "hardware");
    define(i++, OPTION_PREFIX "bios", "BIOS",
           "The BIOS from RetroArch's system folder, or the free one built into the core. "
           "Restarts the game.", "system", bioses, "auto");
    define(i++, OPTION_PREFIX "palette", "Colours", "How the 16 colours look.", "video",
           palettes, "mame");
    define(i++, OPTION_PREFIX "sample_rate", "Audio rate", "Samples per second of the sound.",
           "audio", rates, "44100");
    define(i++, OPTION_PREFIX "swap_joysticks", "Swap joysticks",
           "RetroPad 1 is the right joystick and RetroPad 2 the left.", "input", on_off, "disabled");
    list_pad_values();
    for (int b = 0; b < PAD_BUTTONS; b++) {
        if (!pad_option_keys[b])
            continue;
        snprintf(pad_descs[b], sizeof pad_descs[b], "RetroPad %s", pad_button_names[b]);
        define(i++, pad_option_keys[b], pad_descs[b],
               "What the button does on either pad: its joystick's action button, a console key, "
               "or nothing.", "input", pad_values, pad_defaults[b]);
    }
}

/* The same options for a front end without version 2 options: "Description; default|other|..". */
static struct retro_variable legacy_vars[OPTIONS + 1];
static char legacy_text[OPTIONS][1024];

static void set_legacy_options(void)
{
    for (int i = 0; i < OPTIONS; i++) {
        const struct retro_core_option_v2_definition *d = &option_defs[i];
        char *t = legacy_text[i];
        size_t len = (size_t)snprintf(t, sizeof legacy_text[i], "%s; %s", d->desc, d->default_value);
        for (int v = 0; d->values[v].value; v++)
            if (strcmp(d->values[v].value, d->default_value) != 0 && len < sizeof legacy_text[i])
                len += (size_t)snprintf(t + len, sizeof legacy_text[i] - len, "|%s", d->values[v].value);
        legacy_vars[i] = (struct retro_variable){d->key, t};
    }
    legacy_vars[OPTIONS] = (struct retro_variable){NULL, NULL};
    environ_cb(RETRO_ENVIRONMENT_SET_VARIABLES, legacy_vars);
}

static void set_options(void)
{
    static struct retro_core_option_v2_category categories[] = {
        {"system", "System", "Region, model and BIOS."},
        {"video", "Video", "Colours."},
        {"audio", "Audio", "Sample rate."},
        {"input", "Input", "Joysticks and what the RetroPad buttons press."},
        {NULL, NULL, NULL}};
    static struct retro_core_options_v2 options = {categories, option_defs};
    unsigned version = 0;
    define_options();
    if (environ_cb(RETRO_ENVIRONMENT_GET_CORE_OPTIONS_VERSION, &version) && version >= 2)
        environ_cb(RETRO_ENVIRONMENT_SET_CORE_OPTIONS_V2, &options);
    else
        set_legacy_options();
}

static const char *option(const char *key)
{
    struct retro_variable var = {key, NULL};
    if (!environ_cb(RETRO_ENVIRONMENT_GET_VARIABLE, &var) || !var.value) {
        for (int i = 0; i < OPTIONS; i++)
            if (strcmp(option_defs[i].key, key) == 0)
                return option_defs[i].default_value;
    }
    return var.value ? var.value : "";
}

static uint8_t pad_action(const char *value)
{
    if (strcmp(value, "fire") == 0)
        return ACTION_FIRE;
    if (strcmp(value, "RESET") == 0)
        return ACTION_RESET;
    int k = key_index(value);
    return k >= 0 ? (uint8_t)(ACTION_KEY + k) : ACTION_NONE;
}

static void read_options(void)
{
    settings.region = strcmp(option(OPTION_PREFIX "region"), "pal") == 0 ? O2_REGION_PAL : O2_REGION_NTSC;
    settings.model = strcmp(option(OPTION_PREFIX "model"), "mame") == 0 ? O2_MODEL_MAME : O2_MODEL_HARDWARE;
    const char *b = option(OPTION_PREFIX "bios");
    settings.bios = strcmp(b, "free") == 0 ? BIOS_FREE : strcmp(b, "o2rom.bin") == 0 ? BIOS_O2ROM
                  : strcmp(b, "c52.bin") == 0 ? BIOS_C52 : BIOS_AUTO;
    const char *p = option(OPTION_PREFIX "palette");
    settings.palette = strcmp(p, "pure") == 0 ? PALETTE_PURE : strcmp(p, "grey") == 0 ? PALETTE_GREY
                     : PALETTE_MAME;
    settings.sample_rate = strcmp(option(OPTION_PREFIX "sample_rate"), "48000") == 0 ? 48000 : 44100;
    settings.swap = strcmp(option(OPTION_PREFIX "swap_joysticks"), "enabled") == 0;
    for (int button = 0; button < PAD_BUTTONS; button++)
        settings.pad[button] = pad_option_keys[button] ? pad_action(option(pad_option_keys[button]))
                                                       : ACTION_NONE;
    input_stale = true;              /* the pads may mean something else */
}

/* The buttons' meaning as the front end's input menu shows it. */
static void describe_input(void)
{
    static struct retro_input_descriptor descriptors[PORTS * PAD_BUTTONS + 1];
    static char texts[PORTS * PAD_BUTTONS][24];
    static const char *const directions[] = {"Up", "Down", "Left", "Right"};
    int n = 0;
    for (unsigned port = 0; port < PORTS; port++) {
        for (unsigned id = 0; id < PAD_BUTTONS; id++) {
            char *text = texts[n];
            uint8_t action = settings.pad[id];
            if (id >= RETRO_DEVICE_ID_JOYPAD_UP && id <= RETRO_DEVICE_ID_JOYPAD_RIGHT)
                snprintf(text, sizeof texts[n], "%s", directions[id - RETRO_DEVICE_ID_JOYPAD_UP]);
            else if (action == ACTION_FIRE)
                snprintf(text, sizeof texts[n], "Fire");
            else if (action == ACTION_RESET)
                snprintf(text, sizeof texts[n], "RESET");
            else if (action >= ACTION_KEY)
                snprintf(text, sizeof texts[n], "Key %s",
                         key_matrix[(action - ACTION_KEY) / O2_KEY_COLUMNS][(action - ACTION_KEY) % O2_KEY_COLUMNS]);
            else
                continue;
            descriptors[n] = (struct retro_input_descriptor){port, RETRO_DEVICE_JOYPAD, 0, id, text};
            n++;
        }
    }
    descriptors[n] = (struct retro_input_descriptor){0, 0, 0, 0, NULL};
    environ_cb(RETRO_ENVIRONMENT_SET_INPUT_DESCRIPTORS, descriptors);
}

/* ---- BIOS ---- */
static const char *system_dir(void)
{
    const char *dir = NULL;
    return environ_cb(RETRO_ENVIRONMENT_GET_SYSTEM_DIRECTORY, &dir) && dir ? dir : NULL;
}

/* 1 when the system folder's `name` was read into bios, 0 when it is absent, -1 when it could
 * not be used (reported). */
static int read_system_bios(const char *name)
{
    const char *dir = system_dir();
    char path[4096];
    if (!dir)
        return 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    uint8_t data[O2_BIOS_SIZE];
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    int complete = size == O2_BIOS_SIZE && fseek(f, 0, SEEK_SET) == 0
                   && fread(data, 1, sizeof data, f) == O2_BIOS_SIZE;
    fclose(f);
    if (!complete) {
        if (size < 0 || size == O2_BIOS_SIZE)
            tell(RETRO_LOG_WARN, "%s: cannot read: using the free BIOS", path);
        else if (size == 0)
            tell(RETRO_LOG_WARN, "%s: empty file: using the free BIOS", path);
        else
            tell(RETRO_LOG_WARN, "%s: %s for a BIOS (%ld bytes; expected %d bytes): using the free BIOS",
                 path, size > O2_BIOS_SIZE ? "too large" : "wrong size", size, O2_BIOS_SIZE);
        return -1;
    }
    memcpy(bios, data, O2_BIOS_SIZE);
    log_cb(RETRO_LOG_INFO, "[" CORE_NAME "] BIOS: %s\n", path);
    return 1;
}

static void choose_bios(void)
{
    int found = 0;
    if (settings.bios == BIOS_AUTO) {
        found = read_system_bios("o2rom.bin");
        if (found == 0)
            found = read_system_bios("c52.bin");
    } else if (settings.bios != BIOS_FREE) {
        const char *name = settings.bios == BIOS_O2ROM ? "o2rom.bin" : "c52.bin";
        found = read_system_bios(name);
        if (found == 0)
            tell(RETRO_LOG_WARN, "no %s in the system folder: using the free BIOS", name);
    }
    if (found != 1) {
        memcpy(bios, embedded_bios, O2_BIOS_SIZE);
        log_cb(RETRO_LOG_INFO, "[" CORE_NAME "] BIOS: the free BIOS built into the core\n");
    }
}

/* ---- the machine ---- */
static void copy_ram_out(void)
{
    memcpy(ram_view, o2_cpu(machine)->ram, O2_IRAM_SIZE);
    memcpy(ram_view + O2_IRAM_SIZE, o2_xram(machine), O2_XRAM_SIZE);
    memcpy(ram_copied, ram_view, RAM_SIZE);
}

/* Bytes the front end changed in ram_view since the last copy go into the machine. */
static void copy_ram_in(void)
{
    if (memcmp(ram_view, ram_copied, RAM_SIZE) == 0)
        return;                      /* the usual case: nothing was written */
    uint8_t *iram = o2_cpu(machine)->ram, *xram = o2_xram(machine);
    for (int i = 0; i < RAM_SIZE; i++)
        if (ram_view[i] != ram_copied[i]) {
            if (i < O2_IRAM_SIZE)
                iram[i] = ram_view[i];
            else
                xram[i - O2_IRAM_SIZE] = ram_view[i];
        }
}

static void set_memory_maps(void)
{
    /* rcheevos' Odyssey² map: internal RAM at 0x00, external RAM from 0x40; every descriptor a
     * power of two at an aligned start, as the memory map asks. */
    static struct retro_memory_descriptor descriptors[3];
    static struct retro_memory_map map = {descriptors, 3};
    descriptors[0] = (struct retro_memory_descriptor){
        RETRO_MEMDESC_SYSTEM_RAM, o2_cpu(machine)->ram, 0, 0x00, 0, 0, O2_IRAM_SIZE, "IRAM"};
    descriptors[1] = (struct retro_memory_descriptor){
        RETRO_MEMDESC_SYSTEM_RAM, o2_xram(machine), 0, O2_IRAM_SIZE, 0, 0, O2_XRAM_SIZE / 2, "XRAM"};
    descriptors[2] = (struct retro_memory_descriptor){
        RETRO_MEMDESC_SYSTEM_RAM, o2_xram(machine), O2_XRAM_SIZE / 2, O2_IRAM_SIZE + O2_XRAM_SIZE / 2,
        0, 0, O2_XRAM_SIZE / 2, "XRAM"};
    environ_cb(RETRO_ENVIRONMENT_SET_MEMORY_MAPS, &map);
}

/* Power on as Odyssey2() does in Python: images, sample rate, model (which powers on), power. */
static void power_on(void)
{
    choose_bios();
    if (o2_load_bios(machine, bios, O2_BIOS_SIZE) != O2_OK
        || o2_load_charset(machine, embedded_charset, CHARSET_SIZE) != O2_OK
        || o2_load_cart(machine, cart, cart_size) != O2_OK)
        log_cb(RETRO_LOG_ERROR, "[" CORE_NAME "] the core refused an image it had accepted\n");
    o2_set_sample_rate(machine, settings.sample_rate);
    o2_set_model(machine, settings.model);
    o2_power_on(machine);
    for (int k = 0; k < KEYS; k++)   /* input starts released; retro_run presses what is held */
        o2_set_key(machine, k / O2_KEY_COLUMNS, k % O2_KEY_COLUMNS, 0);
    for (int n = 0; n < PORTS; n++)
        o2_set_joystick(machine, n, 0);
    o2_set_reset(machine, 0);
    memset(applied_keys, 0, sizeof applied_keys);
    reset_applied = 0;
    input_stale = true;
    copy_ram_out();
}

static int build_machine(void)
{
    o2_free(machine);
    machine = o2_new(settings.region);
    if (!machine)
        return 0;
    samples = o2_audio(machine, &sample_count);
    power_on();
    set_memory_maps();
    return 1;
}

/* ---- video ---- */
static inline uint32_t xrgb(const uint8_t *in)
{
    return (uint32_t)in[0] << 16 | (uint32_t)in[1] << 8 | in[2];
}

static uint32_t recolour[O2_PENS];   /* the chosen palette's XRGB8888 per pen */

static void choose_palette(void)
{
    const uint8_t *rgb = o2_palette();
    for (int pen = 0; pen < O2_PENS; pen++) {
        uint32_t r = rgb[3 * pen], g = rgb[3 * pen + 1], b = rgb[3 * pen + 2];
        if (settings.palette == PALETTE_PURE) {
            /* The pen's R, G and B bits, two thirds or full strength by its luminance bit;
             * black's luminous twin is a dark grey. */
            uint32_t on = pen & 8 ? 0xFF : 0xAA, off = pen & 8 ? 0x55 : 0x00;
            r = pen & 1 ? on : off;
            g = pen & 2 ? on : off;
            b = pen & 4 ? on : off;
        } else if (settings.palette == PALETTE_GREY) {
            r = g = b = (299 * r + 587 * g + 114 * b + 500) / 1000;   /* ITU-R BT.601 luma */
        }
        recolour[pen] = r << 16 | g << 8 | b;
    }
}

static uint32_t recoloured(uint32_t rgb)
{
    const uint8_t *pens = o2_palette();
    for (int pen = 0; pen < O2_PENS; pen++)
        if (rgb == xrgb(pens + 3 * pen))
            return recolour[pen];
    return rgb;
}

/* The picture: the lines the machine redrew since the last frame (o2_screen_redrawn), of each
 * its redrawn span (o2_screen_spans), into frame[]. A busy frame redraws a sixth of the lines,
 * and converting them is most of what the core adds to emulating the frame: so the flags are
 * read 16 lines at a time and only the flagged lines visited, a line the machine drew as a copy
 * of a converted line gets its pixels in the same pass, and the pixels go through the widest
 * shuffle the processor has (choose_converter), with AVX-512 only the changed ones stored. Each
 * converter is the whole frame's loop (convert_lines) with its line converter inlined in it. */

/* A line converter: pixels [x, end) of a line of the framebuffer's RGB into XRGB8888 in `out`,
 * and into the `copies` lines below it (lines the machine drew as copies of this one which
 * frame[] has as copies of it already, so that they change where it changes: half a busy
 * frame's redrawn lines, each one more store of the converted pixels, not a pass of its own).
 * Returns whether a pixel differed from what `out` held (a picture without a change goes to the
 * front end as a dupe). Each is written once for any number of copies and instantiated for
 * none and one (the usual cases) with the loop over the copies unrolled (BY_COPIES). */
typedef int line_converter(const uint8_t *in, uint32_t *out, size_t x, size_t end, unsigned copies);
/* A frame converter: the frame's flagged lines (convert_lines); 0 when no pixel changed, the
 * picture being the last one again. */
typedef int frame_converter(const uint8_t *in, uint8_t *redrawn, const uint16_t *span);

#define BY_COPIES(span, in, out, x, end, copies) \
    ((copies) == 0 ? span(in, out, x, end, 0) : (copies) == 1 ? span(in, out, x, end, 1) \
                                                               : span(in, out, x, end, copies))

/* frame[]'s line y holds the same pixels as line y-1 (it was made as a copy of it). */
static uint8_t same_as_above[O2_SCREEN_H];

/* Eight lines' redrawn flags from line `at` as one number. */
static inline uint64_t eight_flags(const uint8_t *redrawn, size_t at)
{
    uint64_t flags;
    memcpy(&flags, redrawn + at, sizeof flags);
    return flags;
}

/* The first of them flagged (flags not 0). */
static inline size_t first_flagged(uint64_t flags)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (size_t)__builtin_clzll(flags) / 8;
#else
    return (size_t)__builtin_ctzll(flags) / 8;
#endif
}

/* The flags of the eight lines without their first n (n < 8). */
static inline uint64_t flags_after(uint64_t flags, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return flags & (~0ull >> 8 * n);
#else
    return flags & (~0ull << 8 * n);
#endif
}

/* Flagged line y into frame[] with the lines below it that are copies of it, their flags
 * cleared; whether a pixel changed. *next: the line after the last of them. */
static inline __attribute__((always_inline))
int convert_flagged(size_t y, const uint8_t *in, uint8_t *redrawn, const uint16_t *span, line_converter *convert,
                    size_t *next_line)
{
    int copy = redrawn[y] == O2_REDRAWN_AS_ABOVE;
    redrawn[y] = 0;
    unsigned copies = 0;             /* the lines below that are copies of this one, in frame[] too */
    for (size_t below = y + 1;
         below < O2_SCREEN_H && redrawn[below] == O2_REDRAWN_AS_ABOVE && same_as_above[below]; below++) {
        redrawn[below] = 0;
        copies++;
    }
    size_t next = y + copies + 1;
    *next_line = next;
    if (copy && same_as_above[y])
        return 0;                    /* a copy of the line above, which was not redrawn */
    int now = convert(in + 3 * O2_SCREEN_W * y, frame + O2_SCREEN_W * y, span[2 * y], span[2 * y + 1], copies);
    same_as_above[y] = (uint8_t)copy;
    if (now && next < O2_SCREEN_H && !redrawn[next])
        same_as_above[next] = 0;     /* the line below, not redrawn, is no copy of this one */
    return now;
}

/* Every flagged line (and its copies below) through `convert`. A line drawn as a copy of the line
 * above (O2_REDRAWN_AS_ABOVE) that frame[] has as such a copy already was given the pixels of
 * the line above with it; when the line above was not redrawn, it needs nothing. Eight lines'
 * flags are read once and the lines done dropped from that number, not read again: a read of
 * eight flags just after one of them was cleared waits for the clearing store to finish (a
 * wide load cannot take its bytes from a narrower store in flight). */
static inline __attribute__((always_inline))
int convert_lines(const uint8_t *in, uint8_t *redrawn, const uint16_t *span, line_converter *convert)
{
    enum { WHOLE = O2_SCREEN_H / 16 * 16 };
    int changed = 0;
    for (size_t group = 0; group < WHOLE; group += 16) {
        if (!(eight_flags(redrawn, group) | eight_flags(redrawn, group + 8)))
            continue;
        for (size_t word = group; word < group + 16; word += 8)
            for (uint64_t flags = eight_flags(redrawn, word); flags;) {
                size_t next;
                changed |= convert_flagged(word + first_flagged(flags), in, redrawn, span, convert, &next);
                flags = next - word < 8 ? flags_after(flags, next - word) : 0;   /* past this word: */
            }                                  /* the next word is read after the stores */
    }
    for (size_t y = WHOLE, next; y < O2_SCREEN_H; y++)
        if (redrawn[y])
            changed |= convert_flagged(y, in, redrawn, span, convert, &next);
    return changed;
}

/* One by one. */
static inline int convert_pixels(const uint8_t *in, uint32_t *out, size_t x, size_t end, unsigned copies)
{
    int changed = 0;
    for (; x < end; x++) {
        uint32_t pixel = xrgb(in + 3 * x);
        if (out[x] != pixel) {
            changed = 1;
            for (unsigned c = 0; c <= copies; c++)
                out[x + c * O2_SCREEN_W] = pixel;
        }
    }
    return changed;
}

/* Without AVX2: four pixels at a time through GCC's byte shuffle (one instruction with SSSE3
 * or ARM's NEON), every piece stored, the differences gathered without a branch. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
typedef uint8_t bytes16 __attribute__((vector_size(16)));

static inline __attribute__((always_inline))
int convert_span_plain(const uint8_t *in, uint32_t *out, size_t x, size_t end, unsigned copies)
{
    const bytes16 zero = {0}, order = {2, 1, 0, 16, 5, 4, 3, 16, 8, 7, 6, 16, 11, 10, 9, 16};
    bytes16 differ = zero;
    for (; x + 4 <= end && 3 * x + sizeof(bytes16) <= 3 * O2_SCREEN_W; x += 4) {
        bytes16 rgb, old;
        memcpy(&rgb, in + 3 * x, sizeof rgb);
        memcpy(&old, out + x, sizeof old);
        bytes16 bgr0 = __builtin_shuffle(rgb, zero, order);   /* XRGB8888 in memory: B G R 0 */
        differ |= bgr0 ^ old;
        for (unsigned c = 0; c <= copies; c++)
            memcpy(out + x + c * O2_SCREEN_W, &bgr0, sizeof bgr0);
    }
    uint64_t halves[2];
    memcpy(halves, &differ, sizeof halves);
    return ((halves[0] | halves[1]) != 0) | convert_pixels(in, out, x, end, copies);
}

static inline __attribute__((always_inline))
int convert_line_plain(const uint8_t *in, uint32_t *out, size_t x, size_t end, unsigned copies)
{
    return BY_COPIES(convert_span_plain, in, out, x, end, copies);
}
#else
static inline __attribute__((always_inline))
int convert_line_plain(const uint8_t *in, uint32_t *out, size_t x, size_t end, unsigned copies)
{
    return convert_pixels(in, out, x, end, copies);
}
#endif

#if defined(__x86_64__) && defined(__ELF__) && !defined(__SANITIZE_ADDRESS__) && defined(__GNUC__) \
    && !defined(__clang__)
__attribute__((target_clones("ssse3", "default")))   /* the shuffle in one instruction */
#endif
static int convert_frame_plain(const uint8_t *in, uint8_t *redrawn, const uint16_t *span)
{
    return convert_lines(in, redrawn, span, convert_line_plain);
}

static inline int recolour_line(const uint8_t *in, uint32_t *out, size_t x, size_t end, unsigned copies)
{
    uint32_t last_in = UINT32_MAX, last_out = 0;
    int changed = 0;
    for (; x < end; x++) {
        uint32_t rgb = xrgb(in + 3 * x);
        if (rgb != last_in) {
            last_in = rgb;
            last_out = recoloured(rgb);
        }
        if (out[x] != last_out) {
            changed = 1;
            for (unsigned c = 0; c <= copies; c++)
                out[x + c * O2_SCREEN_W] = last_out;
        }
    }
    return changed;
}

/* The other palettes, pixel by pixel. */
static int convert_frame_recoloured(const uint8_t *in, uint8_t *redrawn, const uint16_t *span)
{
    return convert_lines(in, redrawn, span, recolour_line);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define X86_SHUFFLES 1

/* 16 pixels at a time: 48 bytes of R G B into 64 of B G R 0 (XRGB8888 in memory), the last
 * few pixels through the same masks; only the changed pixels stored. */
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static inline __attribute__((always_inline))
int convert_span_avx512(const uint8_t *in, uint32_t *out, size_t x, size_t end, unsigned copies)
{
#define BGR0(p) 3 * (p) + 2, 3 * (p) + 1, 3 * (p), 0
    static const uint8_t order[64] = {
        BGR0(0), BGR0(1), BGR0(2), BGR0(3), BGR0(4), BGR0(5), BGR0(6), BGR0(7),
        BGR0(8), BGR0(9), BGR0(10), BGR0(11), BGR0(12), BGR0(13), BGR0(14), BGR0(15)};
#undef BGR0
    const __m512i shuffle = _mm512_loadu_si512(order);
    const __mmask64 colour_bytes = 0x7777777777777777ull;    /* every fourth byte, X, is 0 */
    const __mmask64 whole_in = (1ull << 48) - 1;
    __mmask16 changed = 0;
    for (; x + 16 <= end; x += 16) {
        __m512i rgb = _mm512_maskz_loadu_epi8(whole_in, in + 3 * x);
        __m512i bgr0 = _mm512_maskz_permutexvar_epi8(colour_bytes, shuffle, rgb);
        __mmask16 differ = _mm512_cmpneq_epi32_mask(bgr0, _mm512_loadu_si512(out + x));
        for (unsigned c = 0; c <= copies; c++)
            _mm512_mask_storeu_epi32(out + x + c * O2_SCREEN_W, differ, bgr0);
        changed |= differ;
    }
    const __mmask64 last_in = (1ull << 3 * (end - x)) - 1;   /* end - x < 16 */
    const __mmask16 last_out = (__mmask16)((1u << (end - x)) - 1);
    __m512i rgb = _mm512_maskz_loadu_epi8(last_in, in + 3 * x);
    __m512i bgr0 = _mm512_maskz_permutexvar_epi8(colour_bytes, shuffle, rgb);
    __m512i old = _mm512_maskz_loadu_epi32(last_out, out + x);
    __mmask16 differ = _mm512_mask_cmpneq_epi32_mask(last_out, bgr0, old);
    for (unsigned c = 0; c <= copies; c++)
        _mm512_mask_storeu_epi32(out + x + c * O2_SCREEN_W, differ, bgr0);
    return (changed | differ) != 0;
}

__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static inline __attribute__((always_inline))
int convert_line_avx512(const uint8_t *in, uint32_t *out, size_t x, size_t end, unsigned copies)
{
    return BY_COPIES(convert_span_avx512, in, out, x, end, copies);
}

__attribute__((target("avx512f,avx512bw,avx512vbmi")))
static int convert_frame_avx512(const uint8_t *in, uint8_t *redrawn, const uint16_t *span)
{
    return convert_lines(in, redrawn, span, convert_line_avx512);
}

/* 8 pixels at a time: two runs of 4 pixels' R G B, one per 16-byte lane, into B G R 0, every
 * piece stored (AVX2's masked store is slow), the differences gathered without a branch. The
 * 8 pixels at x read 28 bytes from 3x: the loop stops where that would pass the line's end
 * (x = O2_SCREEN_W - 9), and the span's last 8 pixels (converting a pixel twice changes
 * nothing), with one more 8 when a span stops there, are read as 16 bytes from 3x and 16 from
 * 3x + 8 shifted by 4; a span shorter than 8 one by one. */
__attribute__((target("avx2"))) static inline __attribute__((always_inline))
__m256i convert_8_avx2(__m128i first, __m128i second, uint32_t *out, unsigned copies, __m256i changed)
{
    const __m256i shuffle = _mm256_setr_epi8(2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1,
                                             2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1);
    __m256i bgr0 = _mm256_shuffle_epi8(_mm256_inserti128_si256(_mm256_castsi128_si256(first), second, 1), shuffle);
    changed = _mm256_or_si256(changed, _mm256_xor_si256(bgr0, _mm256_loadu_si256((const __m256i *)out)));
    for (unsigned c = 0; c <= copies; c++)
        _mm256_storeu_si256((__m256i *)(out + c * O2_SCREEN_W), bgr0);
    return changed;
}

__attribute__((target("avx2"))) static inline __attribute__((always_inline))
__m256i convert_8_at_end_avx2(const uint8_t *in, uint32_t *out, size_t x, unsigned copies, __m256i changed)
{
    return convert_8_avx2(_mm_loadu_si128((const __m128i *)(in + 3 * x)),
                          _mm_srli_si128(_mm_loadu_si128((const __m128i *)(in + 3 * x + 8)), 4), out + x,
                          copies, changed);
}

__attribute__((target("avx2"))) static inline __attribute__((always_inline))
int convert_span_avx2(const uint8_t *in, uint32_t *out, size_t x, size_t end, unsigned copies)
{
    if (end - x < 8)
        return convert_pixels(in, out, x, end, copies);
    const size_t stop = end < O2_SCREEN_W - 2 ? end : O2_SCREEN_W - 2;   /* x + 8 <= stop: 3x + 28 <= 3W */
    __m256i changed = _mm256_setzero_si256();
    for (; x + 16 <= stop; x += 16) {   /* two 8s a turn: half the loop's own instructions */
        changed = convert_8_avx2(_mm_loadu_si128((const __m128i *)(in + 3 * x)),
                                 _mm_loadu_si128((const __m128i *)(in + 3 * x + 12)), out + x, copies, changed);
        changed = convert_8_avx2(_mm_loadu_si128((const __m128i *)(in + 3 * x + 24)),
                                 _mm_loadu_si128((const __m128i *)(in + 3 * x + 36)), out + x + 8, copies, changed);
    }
    if (x + 8 <= stop) {
        changed = convert_8_avx2(_mm_loadu_si128((const __m128i *)(in + 3 * x)),
                                 _mm_loadu_si128((const __m128i *)(in + 3 * x + 12)), out + x, copies, changed);
        x += 8;
    }
    if (x + 8 < end)                 /* 9 left where the loop stopped short of the line's end */
        changed = convert_8_at_end_avx2(in, out, x, copies, changed);
    if (x < end)
        changed = convert_8_at_end_avx2(in, out, end - 8, copies, changed);
    return !_mm256_testz_si256(changed, changed);
}

__attribute__((target("avx2"))) static inline __attribute__((always_inline))
int convert_line_avx2(const uint8_t *in, uint32_t *out, size_t x, size_t end, unsigned copies)
{
    return BY_COPIES(convert_span_avx2, in, out, x, end, copies);
}

__attribute__((target("avx2")))
static int convert_frame_avx2(const uint8_t *in, uint8_t *redrawn, const uint16_t *span)
{
    return convert_lines(in, redrawn, span, convert_line_avx2);
}
#endif

static frame_converter *convert_frame_mame = convert_frame_plain;   /* choose_converter */

static int convert_frame(void)
{
    frame_converter *convert = settings.palette == PALETTE_MAME ? convert_frame_mame : convert_frame_recoloured;
    return convert(o2_screen(machine), o2_screen_redrawn(machine), o2_screen_spans(machine));
}

/* ---- audio ---- */
/* The frame's samples (the machine makes them at the front end's rate, no resampling here) as
 * the stereo pairs retro_audio_sample_batch takes, each sample twice: 32, 16 or 8 at a time by
 * what the processor has (chosen with the picture's converter), so that this stays a small part
 * of a frame. */
static void double_samples_plain(const int16_t *mono, int16_t *pairs, uint32_t n)
{
    uint32_t i = 0;
#ifdef X86_SHUFFLES
    for (; i + 8 <= n; i += 8) {     /* SSE2: every x86-64 */
        __m128i m = _mm_loadu_si128((const __m128i *)(mono + i));
        _mm_storeu_si128((__m128i *)(pairs + 2 * i), _mm_unpacklo_epi16(m, m));
        _mm_storeu_si128((__m128i *)(pairs + 2 * i + 8), _mm_unpackhi_epi16(m, m));
    }
#endif
    for (; i < n; i++)
        pairs[2 * i] = pairs[2 * i + 1] = mono[i];
}

#ifdef X86_SHUFFLES
/* 16 samples: their four quarters reordered 0 2 1 3, so that each 128-bit lane's doubling
 * (unpack) gives two consecutive quarters; 32 a time, then 16, and the last few as part of
 * the frame's last 16 (doubled again: the same pairs). */
__attribute__((target("avx2"))) static inline __attribute__((always_inline))
void double_16_avx2(const int16_t *mono, int16_t *pairs)
{
    __m256i m = _mm256_permute4x64_epi64(_mm256_loadu_si256((const __m256i *)mono), _MM_SHUFFLE(3, 1, 2, 0));
    _mm256_storeu_si256((__m256i *)pairs, _mm256_unpacklo_epi16(m, m));
    _mm256_storeu_si256((__m256i *)(pairs + 16), _mm256_unpackhi_epi16(m, m));
}

__attribute__((target("avx2")))
static void double_samples_avx2(const int16_t *mono, int16_t *pairs, uint32_t n)
{
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        double_16_avx2(mono + i, pairs + 2 * i);
        double_16_avx2(mono + i + 16, pairs + 2 * i + 32);
    }
    if (i + 16 <= n) {
        double_16_avx2(mono + i, pairs + 2 * i);
        i += 16;
    }
    if (i < n && n >= 16) {
        double_16_avx2(mono + n - 16, pairs + 2 * (n - 16));
        i = n;
    }
    for (; i < n; i++)               /* here, not through the plain doubler: a jump to SSE code */
        pairs[2 * i] = pairs[2 * i + 1] = mono[i];   /* with the AVX state dirty is slow */
}

/* 16 samples into 32 by one word permutation; the last few through masks. */
__attribute__((target("avx512f,avx512bw")))
static void double_samples_avx512(const int16_t *mono, int16_t *pairs, uint32_t n)
{
    static const uint16_t twice[32] = {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
                                       8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15};
    const __m512i order = _mm512_loadu_si512(twice);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512i m = _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(mono + i)));
        _mm512_storeu_si512(pairs + 2 * i, _mm512_permutexvar_epi16(order, m));
    }
    size_t left = n - i;             /* < 16 */
    __m512i m = _mm512_maskz_loadu_epi16((__mmask32)((1u << left) - 1), mono + i);
    _mm512_mask_storeu_epi16(pairs + 2 * i, (__mmask32)((1ull << 2 * left) - 1), _mm512_permutexvar_epi16(order, m));
}
#endif

static void (*double_samples)(const int16_t *mono, int16_t *pairs, uint32_t n) = double_samples_plain;

static void send_audio(void)
{
    uint32_t n = *sample_count;
    double_samples(samples, stereo, n);
    for (uint32_t done = 0; done < n;) {
        size_t took = audio_batch_cb(stereo + 2 * done, n - done);
        if (!took)
            break;
        done += (uint32_t)took;
    }
}

/* The widest converter and sample doubler the processor has; O2_LIBRETRO_CONVERTER=avx2 or
 * plain asks for narrower ones (the tests try each). */
static void choose_converter(void)
{
    const char *name = "plain";
    convert_frame_mame = convert_frame_plain;
#ifdef X86_SHUFFLES
    const char *asked = getenv("O2_LIBRETRO_CONVERTER");
    __builtin_cpu_init();
    int widest = __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512bw") ? 2
               : __builtin_cpu_supports("avx2") ? 1 : 0;
    int wanted = !asked || strcmp(asked, "avx512") == 0 ? 2 : strcmp(asked, "avx2") == 0 ? 1 : 0;
    int use = wanted < widest ? wanted : widest;
    convert_frame_mame = use == 2 ? convert_frame_avx512 : use == 1 ? convert_frame_avx2 : convert_frame_plain;
    double_samples = use == 2 ? double_samples_avx512 : use == 1 ? double_samples_avx2 : double_samples_plain;
    name = use == 2 ? "avx512" : use == 1 ? "avx2" : "plain";
#endif
    log_cb(RETRO_LOG_INFO, "[" CORE_NAME "] pictures converted by the %s converter\n", name);
}

/* ---- input ---- */
static uint16_t pad_state(unsigned port)
{
    if (input_bitmasks)
        return (uint16_t)input_state_cb(port, RETRO_DEVICE_JOYPAD, 0, RETRO_DEVICE_ID_JOYPAD_MASK);
    uint16_t held = 0;
    for (unsigned id = 0; id < PAD_BUTTONS; id++)
        if (input_state_cb(port, RETRO_DEVICE_JOYPAD, 0, id))
            held |= (uint16_t)(1u << id);
    return held;
}

static void apply_input(void)
{
    uint16_t pads[PORTS];
    bool same = !input_stale;
    for (unsigned port = 0; port < PORTS; port++) {
        pads[port] = pad_state(port);
        same &= pads[port] == applied_pads[port];
    }
    if (same)
        return;
    input_stale = false;
    uint8_t pad_keys[KEYS] = {0};
    int reset = 0;
    for (unsigned port = 0; port < PORTS; port++) {
        uint16_t held = applied_pads[port] = pads[port];
        uint8_t joystick = 0;
        if (held & (1u << RETRO_DEVICE_ID_JOYPAD_UP))    joystick |= O2_JOY_UP;
        if (held & (1u << RETRO_DEVICE_ID_JOYPAD_RIGHT)) joystick |= O2_JOY_RIGHT;
        if (held & (1u << RETRO_DEVICE_ID_JOYPAD_DOWN))  joystick |= O2_JOY_DOWN;
        if (held & (1u << RETRO_DEVICE_ID_JOYPAD_LEFT))  joystick |= O2_JOY_LEFT;
        for (unsigned id = 0; id < PAD_BUTTONS; id++) {
            if (!(held & (1u << id)))
                continue;
            uint8_t action = settings.pad[id];
            if (action == ACTION_FIRE)
                joystick |= O2_JOY_FIRE;
            else if (action == ACTION_RESET)
                reset = 1;
            else if (action >= ACTION_KEY)
                pad_keys[action - ACTION_KEY] = 1;
        }
        o2_set_joystick(machine, settings.swap ? PORTS - 1 - (int)port : (int)port, joystick);
    }
    for (int k = 0; k < KEYS; k++) {
        uint8_t down = host_holds[k] || pad_keys[k];
        if (down != applied_keys[k]) {
            o2_set_key(machine, k / O2_KEY_COLUMNS, k % O2_KEY_COLUMNS, down);
            applied_keys[k] = down;
        }
    }
    if (reset != reset_applied) {
        o2_set_reset(machine, reset);
        reset_applied = reset;
    }
}

/* ---- libretro API ---- */
void retro_set_environment(retro_environment_t cb)
{
    environ_cb = cb;
    bool no_game = true;
    cb(RETRO_ENVIRONMENT_SET_SUPPORT_NO_GAME, &no_game);
    set_options();
    static const struct retro_controller_description pads[] = {{"RetroPad", RETRO_DEVICE_JOYPAD}};
    static const struct retro_controller_info ports[] = {{pads, 1}, {pads, 1}, {NULL, 0}};
    cb(RETRO_ENVIRONMENT_SET_CONTROLLER_INFO, (void *)ports);
}

void retro_set_video_refresh(retro_video_refresh_t cb) { video_cb = cb; }
void retro_set_audio_sample(retro_audio_sample_t cb) { (void)cb; }  /* frames go in batches */
void retro_set_audio_sample_batch(retro_audio_sample_batch_t cb) { audio_batch_cb = cb; }
void retro_set_input_poll(retro_input_poll_t cb) { input_poll_cb = cb; }
void retro_set_input_state(retro_input_state_t cb) { input_state_cb = cb; }

void retro_init(void)
{
    struct retro_log_callback logging;
    log_cb = environ_cb(RETRO_ENVIRONMENT_GET_LOG_INTERFACE, &logging) && logging.log ? logging.log
                                                                                         : log_stderr;
    input_bitmasks = environ_cb(RETRO_ENVIRONMENT_GET_INPUT_BITMASKS, NULL);
    if (!environ_cb(RETRO_ENVIRONMENT_GET_CAN_DUPE, &can_dupe))
        can_dupe = false;
    static struct retro_keyboard_callback keyboard = {keyboard_event};
    environ_cb(RETRO_ENVIRONMENT_SET_KEYBOARD_CALLBACK, &keyboard);
    memset(host_down, 0, sizeof host_down);
    memset(host_holds, 0, sizeof host_holds);
    choose_converter();
}

void retro_deinit(void)
{
    o2_free(machine);
    machine = NULL;
    free(cart);
    cart = NULL;
}

unsigned retro_api_version(void) { return RETRO_API_VERSION; }

void retro_get_system_info(struct retro_system_info *info)
{
    memset(info, 0, sizeof *info);
    info->library_name = CORE_NAME;
    info->library_version = O2_CORE_VERSION;
    info->valid_extensions = "bin";
    info->need_fullpath = false;
    info->block_extract = false;
}

/* The picture's shape from the pixel clock (emu/frontend/video.py derives it): a machine pixel
 * is (square-pixel rate / pixel clock) / 2 wide for one line high, the square-pixel rate being
 * 135/11 MHz on NTSC and 14.75 MHz on PAL. */
static double pixel_aspect(void)
{
    double clock = settings.region == O2_REGION_PAL
        ? (double)O2_HC_RATE_PAL_NUM / O2_HC_RATE_PAL_DEN : (double)O2_HC_RATE_NTSC_NUM / O2_HC_RATE_NTSC_DEN;
    double square = settings.region == O2_REGION_PAL ? 14.75e6 : 135e6 / 11;
    return square / clock / 2;
}

static double frames_per_second(void)
{
    return settings.region == O2_REGION_PAL
        ? (double)O2_HC_RATE_PAL_NUM / ((double)O2_HC_RATE_PAL_DEN * O2_LINE_HC_PAL * O2_LINES_PAL)
        : (double)O2_HC_RATE_NTSC_NUM / ((double)O2_HC_RATE_NTSC_DEN * O2_LINE_HC_NTSC * O2_LINES_NTSC);
}

void retro_get_system_av_info(struct retro_system_av_info *info)
{
    memset(info, 0, sizeof *info);
    info->geometry.base_width = info->geometry.max_width = O2_SCREEN_W;
    info->geometry.base_height = info->geometry.max_height = O2_SCREEN_H;
    info->geometry.aspect_ratio = (float)(O2_SCREEN_W * pixel_aspect() / O2_SCREEN_H);
    info->timing.fps = frames_per_second();
    info->timing.sample_rate = settings.sample_rate;
}

void retro_set_controller_port_device(unsigned port, unsigned device)
{
    (void)port;                      /* both ports are RetroPads, whatever is asked */
    (void)device;
}

void retro_reset(void)
{
    power_on();                      /* RetroArch's "restart"; the RESET key is a pad option */
}

/* Options changed in the menu: those that change the console restart it. */
static void options_changed(void)
{
    int region = settings.region, model = settings.model, bios_choice = settings.bios;
    int palette = settings.palette;
    uint32_t rate = settings.sample_rate;
    read_options();
    choose_palette();
    if (settings.palette != palette)
        memset(o2_screen_redrawn(machine), O2_REDRAWN, O2_SCREEN_H);   /* every line in the new colours */
    describe_input();
    if (settings.region != region) {
        build_machine();
    } else if (settings.model != model || settings.bios != bios_choice) {
        power_on();
    } else if (settings.sample_rate != rate) {
        o2_set_sample_rate(machine, settings.sample_rate);
    }
    if (settings.region != region || settings.sample_rate != rate) {
        struct retro_system_av_info av;
        retro_get_system_av_info(&av);
        environ_cb(RETRO_ENVIRONMENT_SET_SYSTEM_AV_INFO, &av);
        picture_sent = false;        /* the front end may start its video afresh */
    }
}

void retro_run(void)
{
    bool updated = false;
    if (environ_cb(RETRO_ENVIRONMENT_GET_VARIABLE_UPDATE, &updated) && updated)
        options_changed();
    input_poll_cb();
    apply_input();
    if (ram_view_given)
        copy_ram_in();
    o2_run_frames(machine, 1);
    if (ram_view_given)
        copy_ram_out();
    /* Run-ahead's and netplay's hidden frames want neither picture nor sound: the lines stay
     * flagged for the next picture shown, and no sample is doubled. */
    int wanted = RETRO_AV_ENABLE_VIDEO | RETRO_AV_ENABLE_AUDIO;
    if (!environ_cb(RETRO_ENVIRONMENT_GET_AUDIO_VIDEO_ENABLE, &wanted))
        wanted = RETRO_AV_ENABLE_VIDEO | RETRO_AV_ENABLE_AUDIO;
    if (!(wanted & RETRO_AV_ENABLE_VIDEO)) {
        video_cb(can_dupe ? NULL : frame, O2_SCREEN_W, O2_SCREEN_H, O2_SCREEN_W * sizeof frame[0]);
    } else {
        /* A picture like the last is a dupe where the front end takes them (saves its upload);
         * the first picture of a game is sent whatever frame[] held before. */
        int fresh = convert_frame() || !picture_sent;
        picture_sent = true;
        video_cb(fresh || !can_dupe ? frame : NULL, O2_SCREEN_W, O2_SCREEN_H, O2_SCREEN_W * sizeof frame[0]);
    }
    if (wanted & RETRO_AV_ENABLE_AUDIO)
        send_audio();
}

/* "wrong size for a cartridge (N bytes; expected 2048, 4096, ... or 16384 bytes)" */
static void expected_sizes(char *out, size_t len)
{
    size_t sizes[MAX_CART_WINDOWS], n = 0, used = 0;
    o2_cart_layout layout;
    for (size_t s = O2_CART_WINDOW; s <= MAX_CART_WINDOWS * O2_CART_WINDOW; s += O2_CART_WINDOW)
        if (o2_cart_layout_of(s, &layout) == O2_OK)
            sizes[n++] = s;
    out[0] = 0;
    for (size_t i = 0; i < n && used < len; i++)
        used += (size_t)snprintf(out + used, len - used, "%s%zu", i == 0 ? "" : i + 1 == n ? " or " : ", ",
                                 sizes[i]);
}

bool retro_load_game(const struct retro_game_info *game)
{
    const uint8_t *data = embedded_conquest;
    size_t size = sizeof embedded_conquest;
    if (game && game->data) {
        const char *name = game->path ? game->path : "the content";
        o2_cart_layout layout;
        data = game->data;
        size = game->size;
        if (size == 0) {
            tell(RETRO_LOG_ERROR, "%s: empty file", name);
            return false;
        }
        if (o2_cart_layout_of(size, &layout) != O2_OK) {
            char expected[256];
            expected_sizes(expected, sizeof expected);
            tell(RETRO_LOG_ERROR, "%s: %s for a cartridge (%zu bytes; expected %s bytes)", name,
                 size > MAX_CART_WINDOWS * O2_CART_WINDOW ? "too large" : "wrong size", size, expected);
            return false;
        }
    } else if (game) {
        tell(RETRO_LOG_ERROR, "%s: the front end gave no data", game->path ? game->path : "the content");
        return false;
    }
    enum retro_pixel_format format = RETRO_PIXEL_FORMAT_XRGB8888;
    if (!environ_cb(RETRO_ENVIRONMENT_SET_PIXEL_FORMAT, &format)) {
        log_cb(RETRO_LOG_ERROR, "[" CORE_NAME "] the front end cannot show XRGB8888 pictures\n");
        return false;
    }
    free(cart);
    cart = malloc(size);
    if (!cart)
        return false;
    memcpy(cart, data, size);
    cart_size = size;
    picture_sent = false;
    ram_view_given = false;
    read_options();
    choose_palette();
    describe_input();
    bool achievements = true;
    environ_cb(RETRO_ENVIRONMENT_SET_SUPPORT_ACHIEVEMENTS, &achievements);
    return build_machine();
}

bool retro_load_game_special(unsigned type, const struct retro_game_info *info, size_t num)
{
    (void)type;                      /* no subsystems: one cartridge at a time */
    (void)info;
    (void)num;
    return false;
}

void retro_unload_game(void)
{
    o2_free(machine);
    machine = NULL;
    free(cart);
    cart = NULL;
    cart_size = 0;
}

unsigned retro_get_region(void)
{
    return settings.region == O2_REGION_PAL ? RETRO_REGION_PAL : RETRO_REGION_NTSC;
}

/* Save states: the emulator's own format (state.c), the same bytes Odyssey2.save_state gives. */
size_t retro_serialize_size(void)
{
    return machine ? o2_state_size(machine) : 0;
}

bool retro_serialize(void *data, size_t size)
{
    return machine && size >= o2_state_size(machine)
        && o2_save_state(machine, data, o2_state_size(machine)) == (int)o2_state_size(machine);
}

bool retro_unserialize(const void *data, size_t size)
{
    if (!machine || o2_load_state(machine, data, size) != O2_OK)
        return false;
    input_stale = true;              /* the joysticks as the pads hold them, as every frame before */
    copy_ram_out();
    return true;
}

void *retro_get_memory_data(unsigned id)
{
    if (id != RETRO_MEMORY_SYSTEM_RAM || !machine)
        return NULL;
    if (!ram_view_given)
        copy_ram_out();              /* as it is now; each frame from now on */
    ram_view_given = true;
    return ram_view;
}

size_t retro_get_memory_size(unsigned id)
{
    return id == RETRO_MEMORY_SYSTEM_RAM && machine ? RAM_SIZE : 0;
}

/* Cheat codes: none for this console; RetroArch's cheats and achievements use the memory. */
void retro_cheat_reset(void) {}

void retro_cheat_set(unsigned index, bool enabled, const char *code)
{
    (void)index;
    (void)enabled;
    (void)code;
}
