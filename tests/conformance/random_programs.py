"""Seeded random programs that drive the 8244 from the 8048, for the differential test against
MAME (test_random.py). Every program is well formed: it runs forever, never leaves its code,
and assembles with our assembler (cart/asm) into a 2 KiB cartridge for the stub BIOS
(differential.stub_bios: reset at 400h, /INT at 402h, timer at 404h).

A program: a scene set up with the display off (sprites, shapes, characters, quads, grid,
colours, sound), then a loop of random actions:
- writes to objects, quads, characters, shapes, grid, A0, A3, A7-AA (the VDC selected through
  P1, sometimes in copy mode), at random beam positions: busy waits of random length, bounded
  waits on JNI, JT1, JNT1 and JTF;
- reads of A0-A5, of object and grid registers and of unused ones, stored in internal RAM
  (a ring at 20h-2Fh);
- P1 changes (VDC and RAM selects, copy mode, P17, keyboard), IN A,P2 and INS A,BUS;
- external RAM writes and reads;
- the timer and the event counter (MOV T,A, STRT T, STRT CNT, STOP TCNT, MOV A,T, EN/DIS TCNTI);
- EN I / DIS I. The /INT handler reads A1 (and may store it, write a register); the timer
  handler reloads T (and may store it, write a register). Handlers run in register bank 1 and
  store into a ring at 30h-3Fh.
Register bank 0: R0 the MOVX address, R1 the store ring's pointer, R2 the wait counter.
"""
import random

CODE_START = 0x405
CODE_END = 0x700            # the first 1 KiB (MB0): no JMP needs SEL MB1
SCENE = 0x700               # the scene's (register, value) table and the loop that writes it

P1_VDC_N, P1_RAM_N, P1_KBD_N, P1_COPY, P1_LUM_N = 0x08, 0x10, 0x04, 0x40, 0x80

# Registers a write may hit: objects (00-7F), shapes (80-9F), A0, A3, grid, sound.
OBJECTS = range(0x00, 0x80)
SHAPES = range(0x80, 0xA0)
GRID = [*range(0xC0, 0xC9), *range(0xD0, 0xD9), *range(0xE0, 0xEA)]
SOUND = (0xA7, 0xA8, 0xA9, 0xAA)
READS = (0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5)
UNUSED = (0xA6, 0xAB, 0xAC, 0xAD, 0xAE, 0xAF, 0xCA, 0xDA, 0xEB, 0xF0, 0xFF)

TWO_BYTES = ("mov r", "mov a,#", "mov @r", "anl a,#", "orl a,#", "xrl a,#", "add a,#", "jmp ",
             "call ", "djnz ", "jni ", "jt1 ", "jnt1 ", "jtf ", "jz ", "jnz ", "anl p1,#", "orl p1,#",
             "jc ", "jnc ", "jf0 ", "jf1 ", "jb")


def size_of(line: str) -> int:
    """Bytes of one instruction line as this generator writes them (labels excluded)."""
    text = line.strip().lower()
    if not text or text.endswith(":") or text.startswith(("org", ";")):
        return 0
    if text.startswith("mov r") and ",#" not in text:
        return 1                     # mov rN,a
    if text.startswith("mov @r") and ",#" not in text:
        return 1
    return 2 if text.startswith(TWO_BYTES) else 1


class Program:
    """Assembly text built block by block; a block never straddles a 256-byte page (conditional
    jumps stay in their page): a block that would is moved to the next page behind a JMP."""

    def __init__(self):
        self.lines = []
        self.pc = CODE_START
        self.labels = 0

    def label(self) -> str:
        self.labels += 1
        return f"l{self.labels}"

    def room(self) -> int:
        return CODE_END - self.pc

    def block(self, lines):
        size = sum(size_of(line) for line in lines)
        assert size < 0x100 - 2
        if (self.pc & 0xFF) + size > 0x100 - 2:            # leave room for the JMP
            page = (self.pc | 0xFF) + 1
            self.lines += [f"        jmp {page:03X}h", f"        org {page:03X}h"]
            self.pc = page
        self.lines += lines
        self.pc += size

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def _p1(rng, select: str) -> int:
    """A P1 value: the chosen select (vdc, ram, vdc_copy), the rest random (P17, keyboard)."""
    value = 0xFF
    if select == "vdc":
        value &= ~P1_VDC_N & ~P1_COPY
    elif select == "vdc_copy":
        value &= ~P1_VDC_N
    elif select == "ram":
        value &= ~P1_RAM_N & ~P1_COPY
    if rng.random() < 0.3:
        value &= ~P1_LUM_N
    if rng.random() < 0.3:
        value &= ~P1_KBD_N
    return value & 0xFF


def _select(rng, select="vdc"):
    return [f"        mov a,#{_p1(rng, select):03X}h", "        outl p1,a"]


def _store():
    """A into the main ring (20h-2Fh) at R1."""
    return ["        mov @r1,a", "        inc r1", "        mov a,r1", "        anl a,#0Fh",
            "        orl a,#20h", "        mov r1,a"]


def _write(reg: int, value: int):
    return [f"        mov r0,#{reg:03X}h", f"        mov a,#{value:03X}h", "        movx @r0,a"]


def _a0_value(rng) -> int:
    # Display, grid, dots, wide, strobe, sound and external interrupts in any mix; bit 0 too.
    return rng.randrange(256)


def _register_write(rng):
    kind = rng.choices(("object", "shape", "a0", "a3", "grid", "sound"), (5, 2, 3, 3, 2, 3))[0]
    if kind == "object":
        return rng.choice(OBJECTS), rng.randrange(256)
    if kind == "shape":
        return rng.choice(SHAPES), rng.randrange(256)
    if kind == "a0":
        return 0xA0, _a0_value(rng)
    if kind == "a3":
        return 0xA3, rng.randrange(256)
    if kind == "grid":
        return rng.choice(GRID), rng.randrange(256)
    return rng.choice(SOUND), rng.randrange(256)


def _wait(rng, p: Program):
    kind = rng.choices(("busy", "nops", "jni", "jt1", "jnt1", "jtf"), (4, 2, 2, 2, 2, 1))[0]
    if kind == "nops":
        return ["        nop"] * rng.randrange(1, 8)
    loop, out = p.label(), p.label()
    lines = [f"        mov r2,#{rng.randrange(1, 256):03X}h", f"{loop}:"]
    if kind != "busy":
        lines.append(f"        {kind} {out}")
    lines += [f"        djnz r2,{loop}", f"{out}:"]
    return lines


def _action(rng, p: Program):
    kind = rng.choices(
        ("write", "wait", "read", "p1", "ports", "xram", "timer", "irq", "copy_write"),
        (10, 6, 6, 2, 1, 2, 2, 2, 1))[0]
    if kind == "write":
        reg, value = _register_write(rng)
        return _select(rng) + _write(reg, value)
    if kind == "copy_write":
        reg, value = _register_write(rng)
        return _select(rng, "vdc_copy") + _write(reg, value)
    if kind == "wait":
        return _wait(rng, p)
    if kind == "read":
        reg = rng.choice(READS * 3 + UNUSED + (rng.choice(OBJECTS), rng.choice(GRID)))
        return _select(rng) + [f"        mov r0,#{reg:03X}h", "        movx a,@r0"] + _store()
    if kind == "p1":
        return [f"        mov a,#{rng.randrange(256):03X}h", "        outl p1,a"]
    if kind == "ports":
        return [rng.choice(("        in a,p2", "        ins a,bus", "        in a,p1"))] + _store()
    if kind == "xram":
        addr = rng.randrange(0x80)
        if rng.random() < 0.5:
            return _select(rng, "ram") + _write(addr, rng.randrange(256))
        return _select(rng, "ram") + [f"        mov r0,#{addr:03X}h", "        movx a,@r0"] + _store()
    if kind == "timer":
        choice = rng.choice(("load", "strt_t", "strt_cnt", "stop", "read", "en", "dis"))
        return {"load": [f"        mov a,#{rng.randrange(256):03X}h", "        mov t,a"],
                "strt_t": ["        strt t"], "strt_cnt": ["        strt cnt"],
                "stop": ["        stop tcnt"], "read": ["        mov a,t"] + _store(),
                "en": ["        en tcnti"], "dis": ["        dis tcnti"]}[choice]
    return [rng.choice(("        en i", "        en i", "        dis i"))]


def _handler(rng, name: str, p: Program, body):
    """A handler in bank 1 that keeps A and P1 (its own MOVX through P1)."""
    lines = [f"{name}:", "        sel rb1", "        mov r7,a", "        in a,p1", "        mov r6,a"]
    lines += body
    if rng.random() < 0.4:
        reg, value = _register_write(rng)
        lines += _select(rng) + _write(reg, value)
    lines += ["        mov a,r6", "        outl p1,a", "        mov a,r7", "        sel rb0", "        retr"]
    p.block(lines)


def _handler_store():
    """A into the handlers' ring (30h-3Fh) at bank 1's R1."""
    return ["        mov @r1,a", "        inc r1", "        mov a,r1", "        anl a,#0Fh",
            "        orl a,#30h", "        mov r1,a"]


def generate(seed: int, actions=(20, 60)) -> tuple:
    """(assembly source, 512-byte character set) of program `seed`."""
    rng = random.Random(seed)
    charset = bytes(rng.randrange(256) for _ in range(512))
    p = Program()
    p.lines = ["        cpu 8048", "        org 400h", "        jmp start", "        org 402h",
               "        jmp xirq", "        org 404h", "        jmp tirq", "        org 405h"]
    xirq = _select(rng) + ["        mov r0,#0A1h", "        movx a,@r0"]
    if rng.random() < 0.6:
        xirq += _handler_store()
    if rng.random() < 0.3:
        xirq += ["        mov r0,#0A2h", "        movx a,@r0"] + _handler_store()
    _handler(rng, "xirq", p, xirq)
    tirq = [f"        mov a,#{rng.randrange(256):03X}h", "        mov t,a"]
    if rng.random() < 0.5:
        tirq = ["        mov a,t"] + _handler_store() + tirq
    _handler(rng, "tirq", p, tirq)
    # The scene, display off: a table of (register, value) written by a MOVP loop in its page.
    scene = [(reg, rng.randrange(256)) for reg in [*OBJECTS, *SHAPES, *GRID] if rng.random() < 0.45]
    scene += [(0xA3, rng.randrange(256))] + [(reg, rng.randrange(256)) for reg in SOUND if rng.random() < 0.5]
    setup = ["start:", "        dis i", "        mov r1,#20h", "        sel rb1", "        mov r1,#30h",
             "        sel rb0"] + _select(rng) + _write(0xA0, 0) + ["        call scene"]
    p.block(setup)
    p.block(_select(rng) + _write(0xA0, _a0_value(rng)) + (["        en i"] if rng.random() < 0.5 else []))
    p.block(["main:"])
    for _ in range(rng.randrange(*actions)):
        action = _action(rng, p)
        if p.room() < sum(size_of(line) for line in action) + 8:
            break
        p.block(action)
    p.block(["        jmp main"])
    p.lines += [f"        org {SCENE:03X}h", "scene:", "        mov r2,#low(table)", "scene_next:",
                "        mov a,r2", "        movp a,@a", "        mov r0,a", "        inc r2", "        mov a,r2",
                "        movp a,@a", "        movx @r0,a", "        inc r2", "        mov a,r2",
                "        xrl a,#low(table_end)", "        jnz scene_next", "        ret", "table:"]
    p.lines += [f"        db {reg:03X}h,{value:03X}h" for reg, value in scene] + ["table_end:"]
    return p.text(), charset


def cartridge(seed: int) -> tuple:
    """(2 KiB cartridge image, character set) of program `seed`."""
    from differential import assemble
    source, charset = generate(seed)
    return assemble(source, f"<random program {seed}>"), charset
