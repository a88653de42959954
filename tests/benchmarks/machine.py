"""Whole-machine speed: a busy program run headless, and the same program under MAME.

The program (BUSY, our own, assembled here) is the 1 KiB BIOS image; the cartridge slot holds an
empty 2 KiB cart. It shows every object (4 sprites, 12 characters, 4 quads) over the grid with
dots, plays noise, and in each VBLANK interrupt reads the status and the collision register and
moves the sprites (objects off, write, objects on), so collisions and mid-frame catch-up happen
every frame.
"""
import statistics
import sys
import time
from pathlib import Path

from cart.asm.assembler import assemble_text
from emu.odyssey2 import Odyssey2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import mame  # noqa: E402  (tests/mame.py)
from vdc_programs import RELEASE_INT, SHIFT_FF_0F_F1, program, write  # noqa: E402  (tests/vdc_programs.py)

BUSY = program("""
        mov     r0,#000h        ; objects 00-7F: value 3 x address + 18h (positions, pointers,
objects: mov    a,r0            ; colours all over the screen, overlapping)
        add     a,r0
        add     a,r0
        add     a,#018h
        movx    @r0,a
        inc     r0
        mov     a,r0
        xrl     a,#080h
        jnz     objects
shapes: mov     a,r0            ; sprite shapes 80-9F: address XOR 5Ah
        xrl     a,#05Ah
        movx    @r0,a
        inc     r0
        mov     a,r0
        xrl     a,#0A0h
        jnz     shapes
        mov     r0,#0C0h        ; grid C0-EF: every segment on
grid:   mov     a,#0FFh
        movx    @r0,a
        inc     r0
        mov     a,r0
        xrl     a,#0F0h
        jnz     grid"""
    + write(0xA3, 0x1D, "colours")
    + write(0xA2, 0xFF, "collisions: test against every class")
    + SHIFT_FF_0F_F1
    + write(0xAA, 0xBF, "noise, fast, volume 15, on")
    + write(0xA0, 0x68, "grid, dots and objects on"), """
        mov     r7,a"""
    + RELEASE_INT + """
        mov     r0,#0A2h        ; what collided during the frame
        movx    a,@r0
        mov     r6,a"""
    + write(0xA0, 0x48, "objects off so their registers take writes") + """
        mov     r0,#001h        ; sprite 0-3 X + 1
        mov     r1,#4
move:   movx    a,@r0
        inc     a
        movx    @r0,a
        mov     a,r0
        add     a,#4
        mov     r0,a
        djnz    r1,move"""
    + write(0xA0, 0x68, "objects on again") + """
        mov     a,r7""",
    idle="""idle:   inc     r5
        jmp     idle""")
FRAMES = 20_000
NTSC_FPS = 59.826097856519
ROUNDS = 9              # rounds, the setups taking turns in each; the median is reported
ROUND_FRAMES = 600      # each round from the same saved state; a battle that ends sooner is
BATTLE_MARGIN = 30      # measured over its length less this margin
# Both sides' steady state, over the same frames: the CPU time of a round's frames from
# LEAD_FRAMES frames past the measured state's start, timed inside MAME (its start-up and the way
# there do not count) and here after the state's load (a loaded state redraws every line, and
# loading and the checks between rounds leave the caches cold: on jet-jet's 107-frame rounds that
# cost 12 % of the time). MAME runs slower in its first seconds (the busy program: 13x
# real time over frames 20-620, 26x over 2000-2600, 37-38x from frame 6000 on), so every measured
# state lies MAME_WARM_UP frames or more after power-on (Conquest waits at SELECT GAME that long).
LEAD_FRAMES = 20
MAME_WARM_UP = 6000
MAME_ROUNDS = 5         # the first rounds also time MAME, right after ours on each setup
OUR_ROUND_SECONDS = 0.1
STEP_FRAMES, STEP_ROUNDS = 3000, 7
ROOT = Path(__file__).resolve().parents[2]
CHARSET = ROOT / "roms_free" / "charset.bin"


def busy_bios() -> bytes:
    return assemble_text(BUSY, "busy.asm").image(1024, fill=0x00)


def machine() -> Odyssey2:
    return Odyssey2(cart=bytes(2048), bios=busy_bios(), charset=CHARSET.read_bytes())


class _Recorder:
    """A Conquest runner (cart/conquest/wrapper.py) that keeps what was held in each frame."""

    def __init__(self, m: Odyssey2):
        self.machine, self.held, self._applied = m, [], None

    def run_frame(self, held):
        from emu.input import apply_input
        apply_input(self.machine, self._applied, held)
        self._applied = held
        self.machine.run_frames(1)
        self.held.append(held)

    def timeline(self) -> list:
        """The inputs as tests/mame.py's timeline: an entry where what is held changes."""
        out, before = [], None
        for frame, held in enumerate(self.held, start=1):
            if held != before:
                out.append({"frame": frame, "keys": sorted(held.keys),
                            "joy0": sorted(held.joysticks[0]), "joy1": sorted(held.joysticks[1])})
            before = held
        return out


def _conquest_in_combat(red: str, blue: str):
    """Our cartridge in a battle of this pairing (9999 units each: it lasts the whole measurement),
    with the inputs that led there."""
    from cart.conquest import Conquest
    from cart.conquest.wrapper import rom_path
    m = Odyssey2(cart=rom_path())
    recorder = _Recorder(m)
    game = Conquest(m, runner=recorder)
    game.tick(MAME_WARM_UP)
    game.press("SPACE")
    game.enter(red=(red, 9999), blue=(blue, 9999))
    game.wait_for(lambda g: g.mode == "combat", 60)
    return m, recorder


def _battle_frames(m: Odyssey2) -> int:
    """The frames measured in the battle under way in m: ROUND_FRAMES, or as much of a shorter
    battle as leaves BATTLE_MARGIN frames (found on a copy of the state). Both sides time them from
    LEAD_FRAMES frames on: the measured frames end BATTLE_MARGIN - LEAD_FRAMES before the battle."""
    from cart.conquest import Conquest
    state, game, frames = m.save_state(), Conquest(m), 0
    while game.mode == "combat" and frames < ROUND_FRAMES + BATTLE_MARGIN:
        m.run_frames(1)
        frames += 1
    m.load_state(state)
    if frames <= 2 * BATTLE_MARGIN:
        raise RuntimeError(f"the battle lasts only {frames} frames: too short to measure")
    return min(ROUND_FRAMES, frames - BATTLE_MARGIN)


def setups() -> dict:
    """name: (our machine at the measured state, a test that it is still there or None, the
    frames a round runs, (bios, charset, cart, inputs, frames to get there) for MAME). MAME's
    empty slot is a 2 KiB cartridge of 0xFF bytes: program reads see what an empty slot gives
    (emu: 0xFF), and MAME wants a cartridge file."""
    import roms_free
    from cart.conquest import Conquest
    from cart.conquest.wrapper import rom_path
    bios, charset = (ROOT / "roms_free" / "bios.bin").read_bytes(), CHARSET.read_bytes()
    steady = {"busy": (machine(), (busy_bios(), charset, bytes(2048))),
              "empty_slot": (Odyssey2(), (bios, charset, bytes([0xFF]) * 2048))}
    for name, cart in (("demo", "demo.bin"), ("select_game", "test_select.bin")):
        steady[name] = (Odyssey2(cart=roms_free.path(cart)), (bios, charset, Path(roms_free.path(cart)).read_bytes()))
    found = {}
    for name in ("busy", "demo", "select_game", "empty_slot"):
        m, images = steady[name]
        m.run_frames(MAME_WARM_UP)
        found[name] = (m, None, ROUND_FRAMES, (*images, [], MAME_WARM_UP))
    for red, blue in ("TT", "SS", "PP", "TS", "TP", "SP"):
        m, recorder = _conquest_in_combat(red, blue)
        found[f"conquest_{red}{blue}".lower()] = (
            m, lambda m: Conquest(m).mode == "combat", _battle_frames(m),
            (bios, charset, Path(rom_path()).read_bytes(), recorder.timeline(), len(recorder.held)))
    return found


def _mame_run(setup, frames):
    """MAME's CPU time over `frames` frames from LEAD_FRAMES frames past the measured state's start
    (timed inside MAME: its start-up and the way there do not count), and its last frame."""
    bios, charset, cart, inputs, lead = setup
    first = lead + LEAD_FRAMES
    run = mame.run(bios, charset, cart, first + frames, inputs=inputs, timed=(first, first + frames))
    return run.seconds, run.frames[first + frames]


def _conquest_mode(frame) -> str:
    """The game's mode in a MAME frame's RAM (cart/conquest/state.toml)."""
    from types import SimpleNamespace

    import numpy as np
    from cart.conquest.statemap import StateMap
    from cart.conquest.wrapper import STATE_FILE, symbols_path
    ram = SimpleNamespace(iram=np.array(frame.iram, dtype=np.uint8), xram=np.array(frame.xram, dtype=np.uint8))
    return StateMap.load(STATE_FILE, symbols_path()).read(ram, "mode")


def _our_frames_per_s(m: Odyssey2, state: bytes, still, frames: int, name: str) -> float:
    """Frames per CPU-second of one round: `frames` frames from LEAD_FRAMES frames past the saved
    state (the frames MAME is timed over), again from the state until OUR_ROUND_SECONDS have passed
    (a short battle runs in milliseconds)."""
    spent, runs = 0.0, 0
    while spent < OUR_ROUND_SECONDS:
        m.load_state(state)
        m.run_frames(LEAD_FRAMES)
        start = time.process_time()
        m.run_frames(frames)
        spent += time.process_time() - start
        runs += 1
        if still is not None and not still(m):
            raise RuntimeError(f"{name}: the measured state ended within {frames} frames")
    return runs * frames / spent


def _mame_frames_per_s(setup, frames: int, name: str, still) -> float:
    """MAME's steady-state frames per CPU-second on a setup. Conquest's run must still be in its
    battle at its end, as ours."""
    seconds, last = _mame_run(setup, frames)
    if still is not None and _conquest_mode(last) != "combat":
        raise RuntimeError(f"{name}: MAME is not in the battle after the recorded inputs")
    return frames / max(seconds, 1e-6)


def measure(found: dict, with_mame: bool) -> tuple[dict, dict]:
    """Our real-time ratio for each setup and, with MAME, ours against MAME's: ROUNDS rounds, in
    each the setups in turn, ours then (in the first MAME_ROUNDS) MAME's on the same setup right
    after it, so that a shared machine's changing load hits both alike. Medians: of our rounds,
    and of the rounds' ratios ours / MAME's."""
    states = {name: m.save_state() for name, (m, _, _, _) in found.items()}
    ours = {name: [] for name in found}
    paired = {name: [] for name in found}
    for round_ in range(ROUNDS):
        for name, (m, still, frames, setup) in found.items():
            rate = _our_frames_per_s(m, states[name], still, frames, name)
            ours[name].append(rate)
            if with_mame and round_ < MAME_ROUNDS:
                paired[name].append(rate / _mame_frames_per_s(setup, frames, name, still))
    realtime = {name: statistics.median(r) / NTSC_FPS for name, r in ours.items()}
    versus_mame = {name: statistics.median(r) for name, r in paired.items() if r}
    return realtime, versus_mame


def step_overhead_us(stepper: bool = True) -> float:
    """What a front end's frame step (run_frames(1), then the frame's audio and the lines of the
    picture redrawn in it, each read into a buffer kept from frame to frame) costs beyond the
    emulation itself: per frame, against run_frames(STEP_FRAMES) in one call, in CPU time, on the
    SELECT GAME screen (cheap to emulate, so the overhead shows); rounds alternated, medians.
    stepper: the step as Odyssey2.frame_stepper makes it (one call), else the three calls
    run_frames(1), read_audio, read_screen(..., redrawn_only=True)."""
    import numpy as np
    import roms_free
    from emu.odyssey2 import AUDIO_BUFFER_SAMPLES
    m = Odyssey2(cart=roms_free.path("test_select.bin"))
    m.run_frames(100)
    samples, picture = np.empty(AUDIO_BUFFER_SAMPLES, np.int16), np.empty_like(m.screen)
    step = m.frame_stepper(samples, picture)

    def stepped():
        if stepper:
            for _ in range(STEP_FRAMES):
                step()
            return
        for _ in range(STEP_FRAMES):
            m.run_frames(1)
            m.read_audio(samples)
            m.read_screen(picture, redrawn_only=True)

    batched, steps = [], []
    for _ in range(STEP_ROUNDS):
        for run, out in ((lambda: m.run_frames(STEP_FRAMES), batched), (stepped, steps)):
            start = time.process_time()
            run()
            out.append((time.process_time() - start) / STEP_FRAMES * 1e6)
    return statistics.median(steps) - statistics.median(batched)


def bench():
    found = setups()
    realtime, versus_mame = measure(found, mame.available())
    for name, ratio in realtime.items():
        yield f"{name}_realtime_ratio", round(ratio, 1)
    for name, ratio in versus_mame.items():
        yield f"{name}_mame_ratio", round(ratio, 1)
    if versus_mame:
        yield "mame_realtime_ratio", round(realtime["busy"] / versus_mame["busy"], 1)
    yield "frame_step_overhead_us", round(step_overhead_us(), 2)
    yield "frame_step_three_calls_overhead_us", round(step_overhead_us(stepper=False), 2)
    m = machine()
    m.run_frames(10)
    start = time.process_time()             # CPU time, as the figures above: a loaded machine
    m.run_frames(FRAMES)                    # slows the wall clock, not the emulation
    fps = FRAMES / (time.process_time() - start)
    yield "frames_per_s", round(fps)
    yield "realtime_ratio", round(fps / NTSC_FPS, 1)
