"""Seeded random 8048 programs traced instruction by instruction against MAME (the CPU alone:
every opcode, both register banks and memory banks, the timer and the event counter, both
interrupts). A program fills the BIOS and the 2 KiB cartridge with random instructions, every one of the 256
opcodes equally likely, operands random; a jump's target is the start of a random instruction
(conditional jumps and JMPP in their own page), so control flow stays among the instructions.
Reset, /INT (VBLANK, when enabled) and the timer vectors (000h, 003h, 007h) and the cartridge's
entries (400h, 402h, 404h) hold JMPs into the random code. What the program does to the VDC through MOVX (P1
is random too) is part of the comparison: every instruction's cycle, PC, opcode, A, PSW and
R0-R7 must be MAME's.
"""
import random

import differential

TWO_BYTE = {0x03, 0x13, 0x23, 0x43, 0x53, 0xD3, 0xB0, 0xB1, 0x88, 0x89, 0x8A, 0x98, 0x99, 0x9A,
            *range(0xB8, 0xC0), *range(0xE8, 0xF0),
            *(0x04 + 0x20 * k for k in range(8)), *(0x14 + 0x20 * k for k in range(8)),       # JMP, CALL
            *(0x12 + 0x20 * k for k in range(8)),                                             # JBb
            0x16, 0x26, 0x36, 0x46, 0x56, 0x76, 0x86, 0x96, 0xB6, 0xC6, 0xE6, 0xF6}
FAR = {*(0x04 + 0x20 * k for k in range(8)), *(0x14 + 0x20 * k for k in range(8))}
BIOS_SIZE, SIZE = 1024, 2048


def address(offset: int) -> int:
    """Where the CPU sees byte `offset` of the program (BIOS then a 2 KiB cartridge): 000h-7FFh,
    then 800h-BFFh (the cartridge's second KiB)."""
    return offset if offset < 0x800 else 0x800 + offset - 0x800


def generate(seed: int) -> tuple:
    """(BIOS, cartridge) of program `seed`: random instructions in both, the BIOS's vectors (000h,
    003h, 007h) and the cartridge's (400h, 402h, 404h) JMPs to random instructions."""
    rng = random.Random(seed)
    image = bytearray(BIOS_SIZE + SIZE)
    vectors = (0x000, 0x003, 0x007, 0x400, 0x402, 0x404)
    starts, at = [], 0
    while at < len(image):
        if any(v <= at < v + 2 for v in vectors):
            at += 1
            continue
        op = rng.randrange(256)
        if op in TWO_BYTE and (at + 1 >= len(image) or any(at + 1 == v for v in vectors)):
            op = 0x00
        starts.append(at)
        image[at] = op
        if op in TWO_BYTE:
            image[at + 1] = rng.randrange(256)
            at += 2
        else:
            at += 1
    by_page = {}
    for start in starts:
        by_page.setdefault(address(start) >> 8, []).append(address(start))
    for start in starts:
        op = image[start]
        if op in FAR:                             # JMP/CALL: A10-A8 in the opcode (A11 from MB)
            target = address(rng.choice(starts))
            image[start] = (op & 0x1F) | ((target >> 3) & 0xE0)
            image[start + 1] = target & 0xFF
        elif op in TWO_BYTE and (op & 0x0F) in (0x02, 0x06) or 0xE8 <= op <= 0xEF:
            page = address(start + 1) >> 8        # conditional jumps land in the operand's page
            image[start + 1] = rng.choice(by_page.get(page, [address(start)])) & 0xFF
    low = [s for s in starts if s < 0x800]
    for vector in vectors:                        # JMP to a random instruction of 000h-7FFh
        target = address(rng.choice(low))
        image[vector] = 0x04 | ((target >> 3) & 0xE0)
        image[vector + 1] = target & 0xFF
    return bytes(image[:BIOS_SIZE]), bytes(image[BIOS_SIZE:])


def compare(seed: int, frames: int):
    """None when every instruction of `frames` frames matches MAME's trace; else the first that
    differs: (frame, index, ours, MAME's), the rows as dicts."""
    bios, cart = generate(seed)
    return differential.compare_traces(cart, frames, "ntsc" if seed % 3 else "pal", bios=bios,
                                       charset=bytes(random.Random(seed).randrange(256) for _ in range(512)))
