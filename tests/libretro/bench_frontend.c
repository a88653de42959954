/*
 * bench_frontend.c — the smallest libretro front end, in C, for `make bench`
 * (tests/benchmarks/libretro.py): the core's own cost per frame, without the ctypes front end's
 * Python callbacks.
 *
 *   bench_frontend CORE.so CONTENT.bin STATE SYSTEM_DIR FRAMES ROUNDS
 *
 * or, built with -DBENCH_LIBRARY as a shared library, bench_open / bench_run / bench_close from
 * the benchmark's own process (ctypes), so that the core's frames and the package's are timed in
 * turn, a round of each at a time, in one process.
 *
 * Loads the content, then ROUNDS times: the save state (the Python package's format), FRAMES
 * runs of retro_run with the picture and audio taken as a front end takes them (pointers kept,
 * samples counted), the last FRAMES - 1 of them timed in CPU time (the first after a load is the
 * load's: the machine redraws, and the core converts, every line); prints one line of frames per
 * CPU-second per round. One more round first, untimed, as the Python machine it is compared with
 * has run already.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "libretro.h"

static const char *system_dir;

int bench_open(const char *core_path, const char *content_path, const char *state_file, const char *system_folder,
               long frames);
double bench_run(long frames);
int bench_close(void);
static const void *last_frame;
static size_t samples;

static bool environment(unsigned cmd, void *data)
{
    switch (cmd) {
    case RETRO_ENVIRONMENT_GET_SYSTEM_DIRECTORY:
        *(const char **)data = system_dir;
        return true;
    case RETRO_ENVIRONMENT_GET_CAN_DUPE:
        *(bool *)data = true;
        return true;
    case RETRO_ENVIRONMENT_GET_INPUT_BITMASKS:
        return true;
    case RETRO_ENVIRONMENT_SET_PIXEL_FORMAT:
        return *(const enum retro_pixel_format *)data == RETRO_PIXEL_FORMAT_XRGB8888;
    case RETRO_ENVIRONMENT_GET_VARIABLE_UPDATE:
        *(bool *)data = false;
        return true;
    default:
        return false;                /* options keep their defaults */
    }
}

static void video(const void *data, unsigned width, unsigned height, size_t pitch)
{
    (void)width;
    (void)height;
    (void)pitch;
    if (data)
        last_frame = data;
}

static size_t audio_batch(const int16_t *data, size_t frames)
{
    (void)data;
    samples += frames;
    return frames;
}

static void audio_sample(int16_t left, int16_t right) { (void)left; (void)right; }
static void input_poll(void) {}

static int16_t input_state(unsigned port, unsigned device, unsigned index, unsigned id)
{
    (void)port; (void)device; (void)index; (void)id;
    return 0;
}

static void *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END) != 0) {
        fprintf(stderr, "bench_frontend: %s: cannot read\n", path);
        exit(1);
    }
    long n = ftell(f);
    void *data = malloc(n > 0 ? (size_t)n : 1);
    if (n < 0 || !data || fseek(f, 0, SEEK_SET) != 0 || fread(data, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "bench_frontend: %s: cannot read\n", path);
        exit(1);
    }
    fclose(f);
    *size = (size_t)n;
    return data;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The core's entry points and what it runs, between bench_open and bench_close. */
static void *core;
static struct {
    void (*retro_set_environment)(retro_environment_t);
    void (*retro_set_video_refresh)(retro_video_refresh_t);
    void (*retro_set_audio_sample)(retro_audio_sample_t);
    void (*retro_set_audio_sample_batch)(retro_audio_sample_batch_t);
    void (*retro_set_input_poll)(retro_input_poll_t);
    void (*retro_set_input_state)(retro_input_state_t);
    void (*retro_init)(void), (*retro_run)(void), (*retro_unload_game)(void), (*retro_deinit)(void);
    bool (*retro_load_game)(const struct retro_game_info *), (*retro_unserialize)(const void *, size_t);
} api;
static void *content, *state;
static size_t content_size, state_size;
static const char *state_path;

#define SYMBOL(name) \
    if (!(*(void **)&api.name = dlsym(core, #name))) { fprintf(stderr, "bench_frontend: no %s\n", #name); return 1; }

/* Loads the core and the content, and runs the frames of one round from the state once, untimed
 * (memory first touched, as the Python machine it is compared with has run already). 0: done. */
int bench_open(const char *core_path, const char *content_path, const char *state_file, const char *system_folder,
               long frames)
{
    core = dlopen(core_path, RTLD_NOW | RTLD_LOCAL);
    if (!core) {
        fprintf(stderr, "bench_frontend: %s\n", dlerror());
        return 1;
    }
    SYMBOL(retro_set_environment) SYMBOL(retro_set_video_refresh) SYMBOL(retro_set_audio_sample)
    SYMBOL(retro_set_audio_sample_batch) SYMBOL(retro_set_input_poll) SYMBOL(retro_set_input_state)
    SYMBOL(retro_init) SYMBOL(retro_run) SYMBOL(retro_unload_game) SYMBOL(retro_deinit)
    SYMBOL(retro_load_game) SYMBOL(retro_unserialize)
    system_dir = system_folder;
    state_path = state_file;
    content = read_file(content_path, &content_size);
    state = read_file(state_file, &state_size);
    api.retro_set_environment(environment);
    api.retro_set_video_refresh(video);
    api.retro_set_audio_sample(audio_sample);
    api.retro_set_audio_sample_batch(audio_batch);
    api.retro_set_input_poll(input_poll);
    api.retro_set_input_state(input_state);
    api.retro_init();
    struct retro_game_info game = {content_path, content, content_size, NULL};
    if (!api.retro_load_game(&game)) {
        fprintf(stderr, "bench_frontend: the core refused %s\n", content_path);
        return 1;
    }
    return bench_run(frames) < 0;
}

/* The save state loaded, then `frames` runs of retro_run: the CPU time in seconds of all but the
 * first (the load's frame: every line redrawn and converted), or -1 when the core refused the
 * state. */
double bench_run(long frames)
{
    if (!api.retro_unserialize(state, state_size)) {
        fprintf(stderr, "bench_frontend: the core refused the state %s\n", state_path);
        return -1;
    }
    api.retro_run();
    double start = cpu_seconds();
    for (long f = 1; f < frames; f++)
        api.retro_run();
    return cpu_seconds() - start;
}

/* Unloads the core; 0 when it gave pictures and sound. */
int bench_close(void)
{
    int given = last_frame && samples;
    if (!given)
        fprintf(stderr, "bench_frontend: the core gave no picture or no sound\n");
    api.retro_unload_game();
    api.retro_deinit();
    free(content);
    free(state);
    dlclose(core);
    return !given;
}

#ifndef BENCH_LIBRARY
int main(int argc, char **argv)
{
    if (argc != 7) {
        fprintf(stderr, "usage: bench_frontend CORE.so CONTENT.bin STATE SYSTEM_DIR FRAMES ROUNDS\n");
        return 2;
    }
    long frames = strtol(argv[5], NULL, 10), rounds = strtol(argv[6], NULL, 10);
    if (bench_open(argv[1], argv[2], argv[3], argv[4], frames))
        return 1;
    for (long r = 0; r < rounds; r++) {
        double spent = bench_run(frames);
        if (spent < 0)
            return 1;
        printf("%.1f\n", (double)(frames - 1) / (spent > 1e-9 ? spent : 1e-9));
    }
    return bench_close();
}
#endif
