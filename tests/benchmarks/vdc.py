"""VDC benchmark: a busy screen (grid with dots, 12 characters, a quad, 4 sprites, sound, every
collision class selected, a sprite moved and collisions read every frame), run headless."""
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "vdc"))

FRAMES = 3000


def bench():
    from test_golden import CHARSET, scene_grid_objects
    from vdc_roms import machine, moving_sprite0, setup
    body = scene_grid_objects() + setup([(0xA7, 0x12), (0xA8, 0x34), (0xA9, 0x56), (0xAA, 0xB9),
                                         (0xA2, 0xFF)]) + moving_sprite0(0x68)
    m = machine(body, charset=CHARSET, loop=False)
    m.run_frames(10)
    start = time.process_time()             # CPU time (the wall clock counts other processes)
    m.run_frames(FRAMES)
    elapsed = time.process_time() - start
    fps = FRAMES / elapsed
    yield "vdc_busy_frames_per_s", round(fps)
    yield "vdc_busy_realtime_ratio", round(fps / 59.826, 1)
