"""`o2 run --conquest SPEC`: straight into a Conquest of the World battle from the command line,
one player against the console or two players.

    o2 run --conquest "T2500 vs computer S2500 level 2"     # you: red tank; the console: blue sub
    o2 run --conquest "computer P900 vs T2500"              # the console red (level 1)
    o2 run --conquest "S2500 vs T2500"                      # two players, no entry to type

SPEC is `[computer] WEAPON ENERGY vs [computer] WEAPON ENERGY [level N]`: red (the left-hand
controller) first; WEAPON T, S or P; ENERGY 1-9999; N 1-3 (default 1). The battle is typed as a
player types it — SPACE, R, the weapon, the energy, B, ..., the side key and C once per level,
ENTER — as inputs played from power-on before the window (or headless run) takes over, so a
recorded movie holds them too. A malformed SPEC is a one-line error naming what is wrong.

This module is a command module (emu.cli's COMMAND_MODULES): it adds the option to `o2 run`.
"""
import argparse
import re

from emu.input import FrameInput

BOOT_FRAMES = 20                 # power-on to SELECT GAME on NTSC or PAL, with room to spare
HOLD, GAP = 3, 3                 # a key held, then released, as the wrapper's press() does
SPEC = re.compile(r"\s*(computer\s+)?([a-z]+)\s*(\d+)\s+vs\s+(computer\s+)?([a-z]+)\s*(\d+)"
                  r"(?:\s+level\s+(\S+))?\s*", re.IGNORECASE)
EXAMPLE = "'T2500 vs computer S2500 level 2'"


def parse(spec: str) -> tuple:
    """(red, blue, computer, level): red and blue are (weapon, energy); computer None, "red" or
    "blue". ValueError names what is wrong."""
    m = SPEC.fullmatch(spec)
    if not m:
        raise ValueError(f"{spec!r} is not a battle: expected e.g. {EXAMPLE} "
                         "([computer] WEAPON ENERGY vs [computer] WEAPON ENERGY [level 1-3])")
    sides = []
    for weapon, energy in ((m.group(2), m.group(3)), (m.group(5), m.group(6))):
        if weapon.upper() not in ("T", "S", "P"):
            raise ValueError(f"{spec!r}: weapon {weapon!r} is not T, S or P")
        if not 1 <= int(energy) <= 9999:
            raise ValueError(f"{spec!r}: energy {energy} is not 1-9999")
        sides.append((weapon.upper(), int(energy)))
    if m.group(1) and m.group(4):
        raise ValueError(f"{spec!r}: the console plays one side only")
    computer = "red" if m.group(1) else "blue" if m.group(4) else None
    level = m.group(7)
    if level is not None and computer is None:
        raise ValueError(f"{spec!r}: a level needs a side marked 'computer'")
    if level is not None and level not in ("1", "2", "3"):
        raise ValueError(f"{spec!r}: level {level!r} is not 1, 2 or 3")
    return sides[0], sides[1], computer, int(level or 1) if computer else None


def inputs(red, blue, computer=None, level=None) -> tuple:
    """The frames of input that type this battle from power-on, ENTER the last key."""
    frames = [FrameInput()] * BOOT_FRAMES
    keys = ["SPACE"]
    for side, (weapon, energy) in (("R", red), ("B", blue)):
        keys += [side, weapon, *str(energy)]
    if computer is not None:
        keys += ["R" if computer == "red" else "B"] + ["C"] * level
    keys.append("ENTER")
    for key in keys:
        frames += [FrameInput({key})] * HOLD + [FrameInput()] * GAP
    return tuple(frames)


def battle_inputs(spec: str) -> tuple:
    """argparse type of --conquest."""
    try:
        return inputs(*parse(spec))
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def register(subparsers, commands):
    run = commands["run"]
    run.add_argument("--conquest", metavar="SPEC", dest="start_inputs", type=battle_inputs,
                     default=(), help="Conquest of the World: start straight into a battle, e.g. "
                     f"{EXAMPLE} (docs/computer.md)")
