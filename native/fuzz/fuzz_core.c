/* Random-input stress of the C core, built with ASan+UBSan (`make fuzz`).
 *
 *   fuzz_core programs N SEED   random cartridges of every size run until N instructions in all
 *   fuzz_core carts N SEED      N random cartridge images, each run for a few frames
 *   fuzz_core states N SEED     N save states with random bytes changed, loaded and run
 *
 * Random bytes reach every opcode; OUTL P1 / ANL P1 / ORL P1 with random values switch the
 * cartridge bank and copy mode, and MOVX @R0/@R1 with random addresses reach every VDC register
 * and the external RAM. Every loader must refuse or accept its input without a fault; the
 * sanitizers turn any out-of-bounds access or undefined behaviour into a crash.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "o2.h"

static uint64_t rng_state;

static uint32_t rnd(void)                     /* xorshift64* */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 32);
}

static const size_t CART_SIZES[] = { 2048, 4096, 8192, 12288, 16384 };
#define MAX_CART 16384

/* Random bytes, with the instructions that select banks, copy mode and the VDC made common. */
static void random_program(uint8_t *rom, size_t len)
{
    static const uint8_t hot[] = {
        0x39, 0x99, 0x89,        /* OUTL P1,A  ANL P1,#  ORL P1,#: bank and copy-mode bits */
        0x80, 0x81, 0x90, 0x91,  /* MOVX A,@Ri  MOVX @Ri,A: VDC registers, external RAM */
        0xE5, 0xF5, 0xC5, 0xD5,  /* SEL MB0/MB1  SEL RB0/RB1 */
        0x05, 0x25, 0x55, 0x45,  /* EN I, EN TCNTI, STRT T, STRT CNT */
    };
    for (size_t i = 0; i < len; i++)
        rom[i] = (rnd() & 3) == 0 ? hot[rnd() % sizeof hot] : (uint8_t)rnd();
}

static o2_machine *machine_with(const uint8_t *cart, size_t len, const uint8_t *bios)
{
    o2_machine *m = o2_new(rnd() & 1 ? O2_REGION_PAL : O2_REGION_NTSC);
    if (!m) {
        fprintf(stderr, "fuzz_core: out of memory\n");
        exit(2);
    }
    uint8_t charset[512];
    for (size_t i = 0; i < sizeof charset; i++)
        charset[i] = (uint8_t)rnd();
    if (o2_load_bios(m, bios, 1024) != O2_OK || o2_load_charset(m, charset, sizeof charset) != O2_OK
        || o2_load_cart(m, cart, len) != O2_OK) {
        fprintf(stderr, "fuzz_core: a loader refused an image of a valid size\n");
        exit(1);
    }
    o2_power_on(m);
    return m;
}

static void poke_inputs(o2_machine *m)
{
    o2_set_key(m, (int)(rnd() % 6), (int)(rnd() % 8), (int)(rnd() & 1));
    o2_set_joystick(m, (int)(rnd() & 1), (uint8_t)rnd());
    if ((rnd() & 255) == 0)
        o2_reset(m);
}

static uint64_t run_programs(uint64_t instructions)
{
    uint8_t cart[MAX_CART], bios[1024];
    uint64_t done = 0, machines = 0;
    while (done < instructions) {
        size_t len = CART_SIZES[rnd() % 5];
        random_program(cart, len);
        random_program(bios, sizeof bios);
        o2_machine *m = machine_with(cart, len, bios);
        for (int i = 0; i < 2000000 && done < instructions; i++) {
            o2_step(m);
            done++;
            if ((i & 0xFFFF) == 0)
                poke_inputs(m);
        }
        o2_free(m);
        machines++;
    }
    return machines;
}

static void run_carts(uint64_t count)
{
    uint8_t cart[MAX_CART + 1], bios[1024];
    for (uint64_t n = 0; n < count; n++) {
        size_t len = CART_SIZES[rnd() % 5];
        for (size_t i = 0; i < len; i++)
            cart[i] = (uint8_t)rnd();
        random_program(bios, sizeof bios);
        o2_machine *m = machine_with(cart, len, bios);
        size_t bad = (size_t)rnd() % (MAX_CART + 1);          /* any other size is refused */
        int refused = o2_load_cart(m, cart, bad) == O2_ERR_SIZE;
        int valid = bad == 0 || bad == 2048 || bad == 4096 || bad == 8192 || bad == 12288 || bad == 16384;
        if (refused == valid) {
            fprintf(stderr, "fuzz_core: o2_load_cart(%zu bytes) %s\n", bad, refused ? "refused" : "accepted");
            exit(1);
        }
        poke_inputs(m);
        o2_run_frames(m, 1 + rnd() % 4);
        o2_free(m);
    }
}

/* The state's trailing check word (FNV-1a 64 over everything before it, little-endian), as
 * native/state.c writes it: a mutated state that passes it reaches the body's own checks. */
static void seal(uint8_t *state, size_t size)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < size - 8; i++)
        h = (h ^ state[i]) * 0x100000001b3u;
    for (int i = 0; i < 8; i++)
        state[size - 8 + i] = (uint8_t)(h >> (8 * i));
}

static void run_states(uint64_t count)
{
    uint8_t cart[MAX_CART], bios[1024];
    for (uint64_t n = 0; n < count; n++) {
        size_t len = CART_SIZES[rnd() % 5];
        random_program(cart, len);
        random_program(bios, sizeof bios);
        o2_machine *m = machine_with(cart, len, bios);
        o2_run_frames(m, 1 + rnd() % 3);
        size_t size = o2_state_size(m);
        uint8_t *state = malloc(size);
        if (!state || o2_save_state(m, state, size) < 0) {
            fprintf(stderr, "fuzz_core: cannot save a state\n");
            exit(1);
        }
        uint8_t check[8];
        memcpy(check, state + size - 8, 8);
        seal(state, size);
        if (memcmp(check, state + size - 8, 8) != 0) {
            fprintf(stderr, "fuzz_core: seal() no longer matches native/state.c's check word\n");
            exit(1);
        }
        int changes = 1 + (int)(rnd() % 8);
        for (int i = 0; i < changes; i++)
            state[rnd() % size] ^= (uint8_t)(1 + rnd() % 255);
        if (rnd() & 1)           /* a matching check word: the body's own checks must hold */
            seal(state, size);
        size_t cut = (rnd() & 7) == 0 ? (size_t)rnd() % size : size;   /* sometimes truncated */
        if (o2_load_state(m, state, cut) == O2_OK)
            o2_run_frames(m, 2);
        free(state);
        o2_free(m);
    }
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: fuzz_core programs|carts|states N SEED\n");
        return 2;
    }
    uint64_t n = strtoull(argv[2], NULL, 10);
    rng_state = strtoull(argv[3], NULL, 10) * 0x9E3779B97F4A7C15ULL | 1;
    if (strcmp(argv[1], "programs") == 0)
        printf("programs: %llu instructions over %llu random cartridges\n",
               (unsigned long long)n, (unsigned long long)run_programs(n));
    else if (strcmp(argv[1], "carts") == 0) {
        run_carts(n);
        printf("carts: %llu random cartridge images run for frames\n", (unsigned long long)n);
    } else if (strcmp(argv[1], "states") == 0) {
        run_states(n);
        printf("states: %llu mutated save states loaded\n", (unsigned long long)n);
    } else {
        fprintf(stderr, "fuzz_core: unknown mode %s\n", argv[1]);
        return 2;
    }
    return 0;
}
