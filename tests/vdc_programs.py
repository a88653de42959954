"""Small 8048 programs that drive the VDC, run as the BIOS image (1 KiB, an empty cartridge in the
slot): the shared frame of the fast-path tests' scenes and the speed benchmark's busy program.

program(setup, vblank) gives the whole source: the reset, interrupt and timer vectors; P1 set so
that the bus reaches the VDC (RAM and keyboard off); `setup`; interrupts enabled; an idle loop; and
the VBLANK routine, `vblank` between `sel rb1` and `retr`. The pieces below write registers the
way the scenes do, one `movx` per register.
"""

IDLE = "idle:   jmp     idle"


def program(setup: str, vblank: str, idle: str = IDLE) -> str:
    return f"""
        org     000h
        jmp     start
        org     003h
        jmp     vblank
        org     007h
        retr

start:  mov     a,#097h         ; P1: the VDC selected, RAM and keyboard off
        outl    p1,a
{setup.strip(chr(10))}
        en      i
{idle}

vblank: sel     rb1
{vblank.strip(chr(10))}
        retr
"""


def registers(first: int, values, comment: str) -> str:
    """VDC registers first, first + 1, ... written with `values`, R0 stepping through them."""
    writes = """
        inc     r0""".join(f"""
        mov     a,#{value:03X}h
        movx    @r0,a""" for value in values)
    return f"""
        mov     r0,#{first:03X}h        ; {comment}{writes}"""


def sprite0(y: int, x: int, attributes: int, comment: str = "sprite 0: Y, X, colour 1") -> str:
    """Sprite 0's Y, X and attribute registers (00-02)."""
    return registers(0x00, (y, x, attributes), comment)


def character0(y: int, x: int, pointer: int, colour: int, comment: str) -> str:
    """Character 0's Y, X, pointer and attribute registers (10-13): the attributes' colour bits
    (3-1) with the pointer's bit 8 in bit 0."""
    return registers(0x10, (y, x, pointer & 0xFF, colour | pointer >> 8), comment)


# Sprite 0's eight shape rows (80-87) all solid.
SOLID_SPRITE0 = """
        mov     r0,#080h        ; its shape: every row solid
shape:  mov     a,#0FFh
        movx    @r0,a
        inc     r0
        mov     a,r0
        xrl     a,#088h
        jnz     shape"""

# The sound's 24-bit shift register (A7-A9) loaded with FF 0F F1: a pattern of both levels.
SHIFT_FF_0F_F1 = """
        mov     r0,#0A7h        ; the sound's shift register: FF 0F F1
        mov     a,#0FFh
        movx    @r0,a
        inc     r0
        mov     a,#00Fh
        movx    @r0,a
        inc     r0
        mov     a,#0F1h
        movx    @r0,a"""

# Reading the status register (A1) releases /INT.
RELEASE_INT = """
        mov     r0,#0A1h        ; status: releases /INT
        movx    a,@r0"""


def write(register: int, value: int, comment: str) -> str:
    """One VDC register written with an immediate value."""
    return f"""
        mov     r0,#{register:03X}h        ; {comment}
        mov     a,#{value:03X}h
        movx    @r0,a"""
