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

BUSY = """
        org     000h
        jmp     start
        org     003h
        jmp     vblank
        org     007h
        retr

start:  mov     a,#097h         ; P1: VDC selected, RAM and keyboard off
        outl    p1,a
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
        jnz     grid
        mov     r0,#0A3h        ; colours
        mov     a,#01Dh
        movx    @r0,a
        mov     r0,#0A2h        ; collisions: test against every class
        mov     a,#0FFh
        movx    @r0,a
        mov     r0,#0A7h        ; sound: a 24-bit pattern, noise, fast, volume 15
        mov     a,#0FFh
        movx    @r0,a
        inc     r0
        mov     a,#00Fh
        movx    @r0,a
        inc     r0
        mov     a,#0F1h
        movx    @r0,a
        mov     r0,#0AAh
        mov     a,#0BFh
        movx    @r0,a
        mov     r0,#0A0h        ; grid, dots and objects on
        mov     a,#068h
        movx    @r0,a
        en      i
idle:   inc     r5
        jmp     idle

vblank: sel     rb1
        mov     r7,a
        mov     r0,#0A1h        ; status: releases /INT
        movx    a,@r0
        mov     r0,#0A2h        ; what collided during the frame
        movx    a,@r0
        mov     r6,a
        mov     r0,#0A0h        ; objects off so their registers take writes
        mov     a,#048h
        movx    @r0,a
        mov     r0,#001h        ; sprite 0-3 X + 1
        mov     r1,#4
move:   movx    a,@r0
        inc     a
        movx    @r0,a
        mov     a,r0
        add     a,#4
        mov     r0,a
        djnz    r1,move
        mov     r0,#0A0h
        mov     a,#068h
        movx    @r0,a
        mov     a,r7
        retr
"""
FRAMES = 20_000
MAME_FRAMES = 10_000
NTSC_FPS = 59.826097856519
ROUNDS = 5              # interleaved rounds per machine; the median is reported
ROUND_FRAMES = 1200


def busy_bios() -> bytes:
    return assemble_text(BUSY, "busy.asm").image(1024, fill=0x00)


def machine() -> Odyssey2:
    return Odyssey2(cart=bytes(2048), bios=busy_bios(), charset=(Path(__file__).parents[2]
                    / "roms_free" / "charset.bin").read_bytes())


def _conquest_in_combat(red: str, blue: str) -> Odyssey2:
    """Our cartridge in a battle of this pairing (9999 units each: it lasts the whole measurement)."""
    from cart.conquest import Conquest
    from cart.conquest.wrapper import rom_path
    m = Odyssey2(cart=rom_path())
    game = Conquest(m)
    game.tick(60)
    game.press("SPACE")
    game.enter(red=(red, 9999), blue=(blue, 9999))
    game.wait_for(lambda g: g.mode == "combat", 60)
    return m


def machines() -> dict:
    import roms_free
    found = {"busy": machine, "demo": lambda: Odyssey2(cart=roms_free.path("demo.bin")),
             "select_game": lambda: Odyssey2(cart=roms_free.path("test_select.bin")),
             "empty_slot": lambda: Odyssey2()}
    for red, blue in ("TT", "SS", "PP", "TS", "TP", "SP"):
        found[f"conquest_{red}{blue}".lower()] = (lambda r=red, b=blue: _conquest_in_combat(r, b))
    return found


def per_rom_ratios():
    """`<rom>_realtime_ratio` for each machine: CPU time of ROUND_FRAMES frames, the machines taking turns
    for ROUNDS rounds (a shared machine's load hits them alike), the median round."""
    running = {name: make() for name, make in machines().items()}
    rates = {name: [] for name in running}
    for _ in range(ROUNDS):
        for name, m in running.items():
            start = time.process_time()
            m.run_frames(ROUND_FRAMES)
            rates[name].append(ROUND_FRAMES / (time.process_time() - start))
    return {name: statistics.median(r) / NTSC_FPS for name, r in rates.items()}


def bench():
    for name, ratio in per_rom_ratios().items():
        yield f"{name}_realtime_ratio", round(ratio, 1)
    m = machine()
    m.run_frames(10)
    start = time.perf_counter()
    m.run_frames(FRAMES)
    fps = FRAMES / (time.perf_counter() - start)
    yield "frames_per_s", round(fps)
    yield "realtime_ratio", round(fps / NTSC_FPS, 1)
    if mame.available():
        charset = (Path(__file__).parents[2] / "roms_free" / "charset.bin").read_bytes()
        theirs = mame.frames_per_s(busy_bios(), charset, bytes(2048), MAME_FRAMES)
        yield "mame_realtime_ratio", round(theirs / NTSC_FPS, 1)
