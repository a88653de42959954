/* Machines made and run in several threads at once, built with ThreadSanitizer (`make tsan`).
 *
 *   threads BIOS CHARSET CART
 *
 * A front end may own one machine per thread (cffi releases the GIL in every call): the core's
 * shared tables must then only be read. Each thread makes its machine, loads the images and runs
 * FRAMES frames; every thread must end with the same picture and sound. ThreadSanitizer reports
 * any write to memory that another thread touches (exit code 66).
 */
#define _POSIX_C_SOURCE 200809L   /* pthread barriers */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "o2.h"

#define THREADS 4
#define FRAMES 30

static uint8_t bios[1024], charset[512], cart[16384];
static size_t cart_len;

typedef struct result {
    uint8_t screen[O2_SCREEN_H * O2_SCREEN_W * 3];
    int16_t audio[O2_AUDIO_MAX_SAMPLES];
    uint32_t samples;
    int ok;
} result;

static result results[THREADS];
/* Every machine is made before any runs: a thread's reads of a shared table while it runs would
 * push its writes there out of ThreadSanitizer's memory, and a race could go unseen. */
static pthread_barrier_t made;

static size_t read_file(const char *path, uint8_t *buf, size_t max)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    size_t n = fread(buf, 1, max, f);
    fclose(f);
    return n;
}

static void *run_one(void *arg)
{
    result *r = arg;
    o2_machine *m = o2_new(O2_REGION_NTSC);
    pthread_barrier_wait(&made);
    if (!m)
        return NULL;
    r->ok = o2_load_bios(m, bios, sizeof bios) == O2_OK && o2_load_charset(m, charset, sizeof charset) == O2_OK
         && o2_load_cart(m, cart, cart_len) == O2_OK;
    o2_power_on(m);
    o2_run_frames(m, FRAMES);
    o2_read_screen(m, r->screen, 0);
    r->samples = o2_read_audio(m, r->audio);
    o2_free(m);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: threads BIOS CHARSET CART\n");
        return 2;
    }
    if (read_file(argv[1], bios, sizeof bios) != sizeof bios
        || read_file(argv[2], charset, sizeof charset) != sizeof charset) {
        fprintf(stderr, "threads: the BIOS must be 1024 bytes, the charset 512\n");
        return 2;
    }
    cart_len = read_file(argv[3], cart, sizeof cart);
    pthread_t thread[THREADS];
    pthread_barrier_init(&made, NULL, THREADS);
    for (int k = 0; k < THREADS; k++)
        if (pthread_create(&thread[k], NULL, run_one, &results[k]) != 0)
            return 2;
    for (int k = 0; k < THREADS; k++)
        pthread_join(thread[k], NULL);
    for (int k = 0; k < THREADS; k++) {
        if (!results[k].ok || results[k].samples == 0) {
            fprintf(stderr, "threads: machine %d did not load or run\n", k);
            return 1;
        }
        if (memcmp(&results[k], &results[0], sizeof results[0]) != 0) {
            fprintf(stderr, "threads: machine %d ended with another picture or sound than machine 0\n", k);
            return 1;
        }
    }
    printf("threads: %d machines run at once, the same %d frames each\n", THREADS, FRAMES);
    return 0;
}
