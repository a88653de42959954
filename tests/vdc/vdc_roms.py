"""Small test cartridges for the VDC tests, written in 8048 assembly and built by cart.asm.

The BIOS is a stub (`JMP 400h`), so the cartridge owns the machine from the first instruction.
`setup()` turns (register, value) pairs into `MOV R1,#reg / MOV A,#value / MOVX @R1,A`; the
cartridge selects the VDC first (P1 = P1_VDC) and ends in a tight loop unless told otherwise.
"""
from cart.asm.assembler import assemble_text
from emu.odyssey2 import Odyssey2

P1_VDC = 0xB7        # P13 = 0 (VDC), P12 = P14 = 1 (keyboard, RAM off), P16 = 0, P17 = 1
P1_VDC_DIM = 0x37    # the same with P17 low
P1_RAM = 0xAF        # P14 = 0 (external RAM), VDC off

CTRL_GRID, CTRL_OBJECTS, CTRL_DOTS, CTRL_WIDE = 0x08, 0x20, 0x40, 0x80

# MAME's RF palette (oracle README), the one vdc8244.h documents: pen -> RGB.
PALETTE = [(0x00, 0x00, 0x00), (0x79, 0x00, 0x00), (0x00, 0x6D, 0x07), (0x77, 0x67, 0x0B),
           (0x1A, 0x37, 0xBE), (0x94, 0x30, 0x9F), (0x2A, 0xAA, 0xBE), (0xCE, 0xCE, 0xCE),
           (0x67, 0x67, 0x67), (0xC7, 0x51, 0x51), (0x56, 0xC4, 0x69), (0xC6, 0xB8, 0x6A),
           (0x5C, 0x80, 0xF6), (0xDC, 0x84, 0xE8), (0x77, 0xE6, 0xEB), (0xFF, 0xFF, 0xFF)]

# A character ROM whose 512 bytes are all different modulo 256, so a drawn row names its address.
TRACER_CHARSET = bytes((i & 0xFF) ^ 0xA5 for i in range(512))


def bios_stub() -> bytes:
    return assemble_text("        org 0\n        jmp 400h\n").image(1024, fill=0)


def setup(pairs) -> str:
    return "".join(f"        mov r1,#0{reg:02X}h\n        mov a,#0{value:02X}h\n        movx @r1,a\n"
                   for reg, value in pairs)


def read_to_iram(reg: int, iram: int) -> str:
    """MOVX A,@R1 from VDC register `reg`, stored at internal RAM `iram`."""
    return f"        mov r1,#0{reg:02X}h\n        movx a,@r1\n        mov r0,#0{iram:02X}h\n        mov @r0,a\n"


def p1(value: int) -> str:
    return f"        mov a,#0{value:02X}h\n        outl p1,a\n"


# Subroutines every test cartridge carries at the end of its first KiB (the code must stay
# below them: the PC wraps at 0x7FF); `call wait` waits about 8200 machine cycles, more than a
# frame (5983 NTSC), without touching the VDC.
LIBRARY_AT = 0x7F0
LIBRARY = """
        org 7F0h
wait:   mov r2,#16
wait1:  mov r3,#0
wait2:  djnz r3,wait2
        djnz r2,wait1
        ret
"""
WAIT = "        call wait\n"


def moving_sprite0(control: int, keep_collisions: bool = False) -> str:
    """A main loop, one pass a `wait`: the objects off (A0 = 08h), sprite 0 one pixel further
    right, A0 = `control`, and the collisions read (A2), kept at internal RAM 20h with
    `keep_collisions`."""
    keep = "        mov r0,#20h\n        mov @r0,a\n" if keep_collisions else ""
    return f"""move:   mov r1,#0A0h
        mov a,#08h
        movx @r1,a
        mov r1,#01h
        movx a,@r1
        inc a
        movx @r1,a
        mov r1,#0A0h
        mov a,#{control:02X}h
        movx @r1,a
        mov r1,#0A2h
        movx a,@r1
{keep}        call wait
        jmp move
"""


def cart(body: str, loop: bool = True) -> bytes:
    text = ("        org 400h\n" + p1(P1_VDC) + body + ("here:   jmp here\n" if loop else "")
            + "code_end:\n" + LIBRARY)
    assembly = assemble_text(text)
    if assembly.value("code_end") > LIBRARY_AT:
        raise ValueError(f"test code runs to {assembly.value('code_end'):#x}, into the library at {LIBRARY_AT:#x}")
    return assembly.image(2048, fill=0)


def machine(body: str, charset: bytes = TRACER_CHARSET, region: str = "ntsc", loop: bool = True,
            sample_rate: int = 44100) -> Odyssey2:
    return Odyssey2(cart=cart(body, loop), bios=bios_stub(), charset=charset, region=region,
                    sample_rate=sample_rate)


def sprite(n: int, y: int, x: int, attr: int, shape=(0xFF,) * 8):
    return [(4 * n, y), (4 * n + 1, x), (4 * n + 2, attr)] + \
        [(0x80 + 8 * n + row, bits) for row, bits in enumerate(shape)]


def char(n: int, y: int, x: int, pointer: int, colour: int):
    base = 0x10 + 4 * n
    return [(base, y), (base + 1, x), (base + 2, pointer & 0xFF), (base + 3, colour << 1 | pointer >> 8)]


def runs(screen, row: int):
    """The colour runs of one framebuffer row: [(first column, last column, (r, g, b))]."""
    out = []
    for x, rgb in enumerate(map(tuple, screen[row].tolist())):
        if out and out[-1][2] == rgb:
            out[-1][1] = x
        else:
            out.append([x, x, rgb])
    return [tuple(r) for r in out]
