/* libFuzzer (clang -fsanitize=fuzzer,address,undefined) on the loaders: `make fuzz`.
 *
 * The first input byte picks the target; the rest is the data:
 *   0  a cartridge image (any length; only the valid sizes load), then a frame run
 *   1  a save state as given (magic, version, check word all at the fuzzer's mercy)
 *   2  a real save state XORed with the data, its check word then made to match, so that the
 *      mutations reach the body's own checks; a state that loads is run for a frame
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "o2.h"

static uint8_t cart[2048], bios[1024], charset[512];
static uint8_t *base_state;
static size_t base_size;

static o2_machine *fresh(void)
{
    o2_machine *m = o2_new(O2_REGION_NTSC);
    if (!m)
        abort();
    o2_load_bios(m, bios, sizeof bios);
    o2_load_charset(m, charset, sizeof charset);
    o2_load_cart(m, cart, sizeof cart);
    o2_power_on(m);
    return m;
}

static void seal(uint8_t *state, size_t size)   /* FNV-1a 64, as native/state.c checks it */
{
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < size - 8; i++)
        h = (h ^ state[i]) * 0x100000001b3u;
    for (int i = 0; i < 8; i++)
        state[size - 8 + i] = (uint8_t)(h >> (8 * i));
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    for (size_t i = 0; i < sizeof cart; i++)          /* a busy program: timer, VDC, sound */
        cart[i] = (uint8_t)(i * 37 + (i >> 3));
    for (size_t i = 0; i < sizeof bios; i++)
        bios[i] = (uint8_t)(i * 11 + 5);
    o2_machine *m = fresh();
    o2_run_frames(m, 3);
    base_size = o2_state_size(m);
    base_state = malloc(base_size);
    if (!base_state || o2_save_state(m, base_state, base_size) < 0)
        abort();
    o2_free(m);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int mode = data[0] % 3;
    data++, size--;
    o2_machine *m = fresh();
    if (mode == 0) {
        if (o2_load_cart(m, data, size) == O2_OK) {
            o2_power_on(m);
            o2_run_frames(m, 1);
        }
    } else if (mode == 1) {
        if (o2_load_state(m, data, size) == O2_OK)
            o2_run_frames(m, 1);
    } else {
        uint8_t *state = malloc(base_size);
        memcpy(state, base_state, base_size);
        for (size_t i = 0; i < size && i < base_size; i++)
            state[i] ^= data[i];
        seal(state, base_size);
        if (o2_load_state(m, state, base_size) == O2_OK)
            o2_run_frames(m, 1);
        free(state);
    }
    o2_free(m);
    return 0;
}
