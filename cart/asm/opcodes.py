"""The Intel 8048 (MCS-48) instruction set: one table that both the assembler and the
disassembler are built from.

Written from the binary encodings in Intel's MCS-48 user's manual (instruction set chapter).
Each entry is (base opcode, mnemonic, operand specs). An operand spec is either a literal
keyword the source must spell (A, C, BUS, P1, @A, ...) or a field:

    Rr      R0-R7, the register number in opcode bits 2-0
    @Ri     @R0/@R1, the register number in opcode bit 0
    Pp      P4-P7 (8243 expander ports), the port number - 4 in opcode bits 1-0
    #data   an immediate byte, the instruction's second byte
    addr8   a jump target in the page of the second byte; its low 8 bits are the second byte
    addr11  a JMP/CALL target: bits 10-8 in opcode bits 7-5, bits 7-0 the second byte
"""

REGISTER = "Rr"
INDIRECT = "@Ri"
EXPANDER_PORT = "Pp"
IMMEDIATE = "#data"
PAGE_TARGET = "addr8"
LONG_TARGET = "addr11"

FIELD_SPECS = (REGISTER, INDIRECT, EXPANDER_PORT, IMMEDIATE, PAGE_TARGET, LONG_TARGET)
SECOND_BYTE_SPECS = (IMMEDIATE, PAGE_TARGET, LONG_TARGET)

# Every spelled operand an instruction can take (besides registers, ports and expressions).
KEYWORDS = ("A", "@A", "C", "F0", "F1", "T", "CNT", "TCNT", "TCNTI", "I", "PSW", "BUS",
            "P1", "P2", "CLK", "RB0", "RB1", "MB0", "MB1")

_CONDITIONAL_JUMPS = (
    (0xF6, "jc"), (0xE6, "jnc"), (0xC6, "jz"), (0x96, "jnz"),
    (0x36, "jt0"), (0x26, "jnt0"), (0x56, "jt1"), (0x46, "jnt1"),
    (0xB6, "jf0"), (0x76, "jf1"), (0x16, "jtf"), (0x86, "jni"),
)

INSTRUCTIONS = (
    # Accumulator arithmetic and logic
    (0x68, "add", ("A", REGISTER)), (0x60, "add", ("A", INDIRECT)), (0x03, "add", ("A", IMMEDIATE)),
    (0x78, "addc", ("A", REGISTER)), (0x70, "addc", ("A", INDIRECT)), (0x13, "addc", ("A", IMMEDIATE)),
    (0x58, "anl", ("A", REGISTER)), (0x50, "anl", ("A", INDIRECT)), (0x53, "anl", ("A", IMMEDIATE)),
    (0x48, "orl", ("A", REGISTER)), (0x40, "orl", ("A", INDIRECT)), (0x43, "orl", ("A", IMMEDIATE)),
    (0xD8, "xrl", ("A", REGISTER)), (0xD0, "xrl", ("A", INDIRECT)), (0xD3, "xrl", ("A", IMMEDIATE)),
    (0x17, "inc", ("A",)), (0x07, "dec", ("A",)), (0x27, "clr", ("A",)), (0x37, "cpl", ("A",)),
    (0x57, "da", ("A",)), (0x47, "swap", ("A",)),
    (0xE7, "rl", ("A",)), (0xF7, "rlc", ("A",)), (0x77, "rr", ("A",)), (0x67, "rrc", ("A",)),
    # Input/output
    (0x09, "in", ("A", "P1")), (0x0A, "in", ("A", "P2")),
    (0x39, "outl", ("P1", "A")), (0x3A, "outl", ("P2", "A")), (0x02, "outl", ("BUS", "A")),
    (0x99, "anl", ("P1", IMMEDIATE)), (0x9A, "anl", ("P2", IMMEDIATE)),
    (0x89, "orl", ("P1", IMMEDIATE)), (0x8A, "orl", ("P2", IMMEDIATE)),
    (0x08, "ins", ("A", "BUS")),
    (0x98, "anl", ("BUS", IMMEDIATE)), (0x88, "orl", ("BUS", IMMEDIATE)),
    (0x0C, "movd", ("A", EXPANDER_PORT)), (0x3C, "movd", (EXPANDER_PORT, "A")),
    (0x9C, "anld", (EXPANDER_PORT, "A")), (0x8C, "orld", (EXPANDER_PORT, "A")),
    # Registers
    (0x18, "inc", (REGISTER,)), (0x10, "inc", (INDIRECT,)), (0xC8, "dec", (REGISTER,)),
    # Branches
    (0x04, "jmp", (LONG_TARGET,)), (0xB3, "jmpp", ("@A",)),
    (0xE8, "djnz", (REGISTER, PAGE_TARGET)),
    *((opcode, name, (PAGE_TARGET,)) for opcode, name in _CONDITIONAL_JUMPS),
    *((0x12 | bit << 5, f"jb{bit}", (PAGE_TARGET,)) for bit in range(8)),
    # Subroutines
    (0x14, "call", (LONG_TARGET,)), (0x83, "ret", ()), (0x93, "retr", ()),
    # Flags
    (0x97, "clr", ("C",)), (0xA7, "cpl", ("C",)),
    (0x85, "clr", ("F0",)), (0x95, "cpl", ("F0",)), (0xA5, "clr", ("F1",)), (0xB5, "cpl", ("F1",)),
    # Data moves
    (0xF8, "mov", ("A", REGISTER)), (0xF0, "mov", ("A", INDIRECT)), (0x23, "mov", ("A", IMMEDIATE)),
    (0xA8, "mov", (REGISTER, "A")), (0xA0, "mov", (INDIRECT, "A")),
    (0xB8, "mov", (REGISTER, IMMEDIATE)), (0xB0, "mov", (INDIRECT, IMMEDIATE)),
    (0xC7, "mov", ("A", "PSW")), (0xD7, "mov", ("PSW", "A")),
    (0x28, "xch", ("A", REGISTER)), (0x20, "xch", ("A", INDIRECT)), (0x30, "xchd", ("A", INDIRECT)),
    (0x80, "movx", ("A", INDIRECT)), (0x90, "movx", (INDIRECT, "A")),
    (0xA3, "movp", ("A", "@A")), (0xE3, "movp3", ("A", "@A")),
    # Timer/counter
    (0x42, "mov", ("A", "T")), (0x62, "mov", ("T", "A")),
    (0x55, "strt", ("T",)), (0x45, "strt", ("CNT",)), (0x65, "stop", ("TCNT",)),
    (0x25, "en", ("TCNTI",)), (0x35, "dis", ("TCNTI",)),
    # Control
    (0x05, "en", ("I",)), (0x15, "dis", ("I",)),
    (0xC5, "sel", ("RB0",)), (0xD5, "sel", ("RB1",)), (0xE5, "sel", ("MB0",)), (0xF5, "sel", ("MB1",)),
    (0x75, "ent0", ("CLK",)),
    (0x00, "nop", ()),
)

# How many values each field takes and how a value lands in the opcode byte.
FIELD_VALUES = {REGISTER: range(8), INDIRECT: range(2), EXPANDER_PORT: range(4), LONG_TARGET: range(8)}
FIELD_SHIFT = {REGISTER: 0, INDIRECT: 0, EXPANDER_PORT: 0, LONG_TARGET: 5}

MNEMONICS = frozenset(name for _, name, _ in INSTRUCTIONS)


def operand_address(address: int, distance: int = 1) -> int:
    """Where the CPU fetches the byte `distance` bytes after `address`: the program counter's
    low 11 bits count up and wrap, bit 11 (the bank) stays. Conditional jumps reach the operand
    byte's page; the debugger steps from one instruction to the next with it."""
    return (address & 0x800) | ((address + distance) & 0x7FF)


def instruction_length(operands) -> int:
    """Bytes taken by an instruction with these operand specs."""
    return 2 if any(spec in SECOND_BYTE_SPECS for spec in operands) else 1


def _decode_table():
    """256 entries: (mnemonic, operand specs, field value) or None for an undefined opcode."""
    table = [None] * 256
    for base, name, operands in INSTRUCTIONS:
        fields = [spec for spec in operands if spec in FIELD_VALUES]
        values = FIELD_VALUES[fields[0]] if fields else (0,)
        shift = FIELD_SHIFT[fields[0]] if fields else 0
        for value in values:
            opcode = base | value << shift
            if table[opcode] is not None:
                raise AssertionError(f"opcode {opcode:#04x} defined twice")
            table[opcode] = (name, operands, value)
    return tuple(table)


DECODE = _decode_table()
UNDEFINED_OPCODES = tuple(opcode for opcode, entry in enumerate(DECODE) if entry is None)
