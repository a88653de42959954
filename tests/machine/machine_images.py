"""Hand-assembled 8048 images for the machine tests (opcodes from Intel's MCS-48 manual).

A BIOS built here starts at 0x000 with `JMP MAIN` (MAIN = 0x010), has the external interrupt
vector at 0x003 and the timer vector at 0x007, and the test's code at MAIN.
"""
MAIN = 0x010

NOP = 0x00
EN_I = 0x05
INS_A_BUS = 0x08
IN_A_P1 = 0x09
IN_A_P2 = 0x0A
INC_R7 = 0x1F
OUTL_P1_A = 0x39
OUTL_P2_A = 0x3A
MOV_A_T = 0x42
STRT_CNT = 0x45
STRT_T = 0x55
MOVX_A_AT_R0 = 0x80
MOVX_AT_R0_A = 0x90
RETR = 0x93
MOV_A_R7 = 0xFF
SEL_MB1 = 0xF5


def mov_a(value):            # MOV A,#data
    return [0x23, value]


def mov_r0(value):           # MOV R0,#data
    return [0xB8, value]


def mov_r7(value):           # MOV R7,#data
    return [0xBF, value]


def jmp(addr):               # JMP addr (bits 10-8 in the opcode; bit 11 from MB)
    return [((addr >> 3) & 0xE0) | 0x04, addr & 0xFF]


def outl_p1(value):
    return mov_a(value) + [OUTL_P1_A]


def outl_p2(value):
    return mov_a(value) + [OUTL_P2_A]


def movx_read_status():      # MOV R0,#0xA1; MOVX A,@R0: read the VDC status (P13 = 0)
    return mov_r0(0xA1) + [MOVX_A_AT_R0]


def here_loop(addr):         # JMP to itself, placed at addr
    return jmp(addr)


def bios(main, irq=(RETR,), timer=(RETR,), fill=NOP, extra=None):
    """1 KiB BIOS: JMP MAIN at 0, irq code at 0x003, timer code at 0x007, main at MAIN, and
    extra {address: code} placed as given."""
    image = bytearray([fill] * 1024)
    for addr, code in (extra or {}).items():
        image[addr:addr + len(code)] = bytes(code)
    irq, timer = list(irq), list(timer)
    assert len(irq) <= 4 and len(timer) <= MAIN - 7
    image[0:2] = bytes(jmp(MAIN))
    image[3:3 + len(irq)] = bytes(irq)
    image[7:7 + len(timer)] = bytes(timer)
    image[MAIN:MAIN + len(main)] = bytes(main)
    return bytes(image)


def looping_bios(main, **kw):
    """A BIOS whose main code ends in a JMP to itself."""
    code = list(main)
    return bios(code + here_loop(MAIN + len(code)), **kw)


CHARSET = bytes(512)
