"""Front end costs per frame: the Runner (movie playback, input, audio hash) over bare
run_frames, and drawing one frame in the window (SDL dummy video, software renderer, 3x,
sharp-bilinear scaling, with and without scanlines). Best of three runs each."""
import os
import pathlib
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
FRAMES = 1000
DRAWS = 60


def _best(run, repeats=3):
    return min(run() for _ in range(repeats))


def bench():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from emu.frontend.sdl import sdl2
    from emu.frontend.session import bundled_cart
    from emu.frontend.video import Video
    from emu.input import FrameInput
    from emu.movie import Movie, Runner
    from emu.odyssey2 import Odyssey2

    cart = bundled_cart()
    identity = {"cart": "0" * 64, "bios": "0" * 64, "charset": "0" * 64, "region": "ntsc",
                "sample_rate": 44100}
    movie = Movie(**identity, frames=FRAMES,
                  events=[(f, FrameInput(joysticks=({"right"} if f % 20 else {"left"}, set())))
                          for f in range(1, FRAMES + 1, 10)])

    def bare():
        m = Odyssey2(cart=cart)
        start = time.perf_counter()
        m.run_frames(FRAMES)
        return (time.perf_counter() - start) / FRAMES

    def replay():
        runner = Runner(Odyssey2(cart=cart), identity, play=movie)
        start = time.perf_counter()
        for _ in range(FRAMES):
            runner.run_frame()
        return (time.perf_counter() - start) / FRAMES

    bare_s, replay_s = _best(bare), _best(replay)
    yield "frontend_run_frames_ms_per_frame", round(bare_s * 1e3, 3)
    yield "frontend_movie_replay_ms_per_frame", round(replay_s * 1e3, 3)

    sdl2.SDL_SetHint(sdl2.SDL_HINT_RENDER_DRIVER, b"software")
    sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO)
    m = Odyssey2(cart=cart)
    m.run_frames(60)
    for scanlines in (False, True):
        video = Video("bench", 360, 243, "ntsc", 3, False, scanlines)

        def draw():
            start = time.perf_counter()
            for _ in range(DRAWS):
                video.present(m.screen)
            return (time.perf_counter() - start) / DRAWS

        yield (f"frontend_draw_3x{'_scanlines' if scanlines else ''}_ms",
               round(_best(draw) * 1e3, 2))
        video.close()
    sdl2.SDL_Quit()
