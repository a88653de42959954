/*
 * bench_frontend.c — the smallest libretro front end, in C, for `make bench`
 * (tests/benchmarks/libretro.py): the core's own cost per frame, without the ctypes front end's
 * Python callbacks.
 *
 *   bench_frontend CORE.so CONTENT.bin STATE SYSTEM_DIR FRAMES ROUNDS
 *
 * Loads the content, then ROUNDS times: the save state (the Python package's format), FRAMES
 * runs of retro_run with the picture and audio taken as a front end takes them (pointers kept,
 * samples counted), timed in CPU time; prints one line of frames per CPU-second per round. One
 * more round first, untimed, as the Python machine it is compared with has run already.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "libretro.h"

static const char *system_dir;
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

#define SYMBOL(name) \
    if (!(*(void **)&name = dlsym(core, #name))) { fprintf(stderr, "bench_frontend: no %s\n", #name); return 1; }

int main(int argc, char **argv)
{
    if (argc != 7) {
        fprintf(stderr, "usage: bench_frontend CORE.so CONTENT.bin STATE SYSTEM_DIR FRAMES ROUNDS\n");
        return 2;
    }
    void *core = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!core) {
        fprintf(stderr, "bench_frontend: %s\n", dlerror());
        return 1;
    }
    void (*retro_set_environment)(retro_environment_t), (*retro_set_video_refresh)(retro_video_refresh_t),
        (*retro_set_audio_sample)(retro_audio_sample_t), (*retro_set_audio_sample_batch)(retro_audio_sample_batch_t),
        (*retro_set_input_poll)(retro_input_poll_t), (*retro_set_input_state)(retro_input_state_t),
        (*retro_init)(void), (*retro_run)(void), (*retro_unload_game)(void), (*retro_deinit)(void);
    bool (*retro_load_game)(const struct retro_game_info *), (*retro_unserialize)(const void *, size_t);
    SYMBOL(retro_set_environment) SYMBOL(retro_set_video_refresh) SYMBOL(retro_set_audio_sample)
    SYMBOL(retro_set_audio_sample_batch) SYMBOL(retro_set_input_poll) SYMBOL(retro_set_input_state)
    SYMBOL(retro_init) SYMBOL(retro_run) SYMBOL(retro_unload_game) SYMBOL(retro_deinit)
    SYMBOL(retro_load_game) SYMBOL(retro_unserialize)

    system_dir = argv[4];
    long frames = strtol(argv[5], NULL, 10), rounds = strtol(argv[6], NULL, 10);
    size_t content_size, state_size;
    void *content = read_file(argv[2], &content_size), *state = read_file(argv[3], &state_size);
    retro_set_environment(environment);
    retro_set_video_refresh(video);
    retro_set_audio_sample(audio_sample);
    retro_set_audio_sample_batch(audio_batch);
    retro_set_input_poll(input_poll);
    retro_set_input_state(input_state);
    retro_init();
    struct retro_game_info game = {argv[2], content, content_size, NULL};
    if (!retro_load_game(&game)) {
        fprintf(stderr, "bench_frontend: the core refused %s\n", argv[2]);
        return 1;
    }
    for (long r = -1; r < rounds; r++) {   /* round -1 warms up (memory first touched), untimed */
        if (!retro_unserialize(state, state_size)) {
            fprintf(stderr, "bench_frontend: the core refused the state %s\n", argv[3]);
            return 1;
        }
        double start = cpu_seconds();
        for (long f = 0; f < frames; f++)
            retro_run();
        double spent = cpu_seconds() - start;
        if (r >= 0)
            printf("%.1f\n", (double)frames / (spent > 1e-9 ? spent : 1e-9));
    }
    if (!last_frame || !samples) {
        fprintf(stderr, "bench_frontend: the core gave no picture or no sound\n");
        return 1;
    }
    retro_unload_game();
    retro_deinit();
    free(content);
    free(state);
    dlclose(core);
    return 0;
}
