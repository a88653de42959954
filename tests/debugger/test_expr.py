"""The expression language of conditions and addresses (emu/debugger_expr.py)."""
import pytest

from emu.debugger_expr import ExprError, parse, parse_constant

LABELS = {"main_loop": 0x412, "fire_missile": 0x520}


class Machine:
    """Registers and memory with known values."""
    REGS = {"a": 3, "r0": 5, "r7": 0x80, "psw": 0xC9, "sp": 1, "pc": 0x412, "frame": 7}

    def reg(self, name):
        return self.REGS.get(name, 0)

    def mem(self, space, addr):
        return {"iram": 0x10, "xram": 0x20, "vdc": 0x30}[space] + addr


@pytest.mark.parametrize("text, value", [
    ("42", 42), ("2Ah", 42), ("0x2A", 42), ("$2A", 42), ("101010b", 42), ("0b101010", 42),
    ("main_loop", 0x412), ("MAIN_LOOP", 0x412), ("fire_missile + 4", 0x524),
    ("1 + 2 << 1", 6),                 # + binds tighter than <<, as in C
    ("1 | 2 & 3", 3), ("6 ^ 3", 5), ("~0 & 0xFF", 0xFF), ("-1 + 3", 2), ("!0", 1), ("!5", 0),
    ("(1 + 2) == 3", 1), ("1 + 2 == 3", 1),
])
def test_constants(text, value):
    assert parse_constant(text, LABELS) == value


@pytest.mark.parametrize("text, value", [
    ("A == 3", 1), ("A == 3 && R0 > 2", 1), ("A == 3 && R0 > 5", 0), ("A != 3 || r0 >= 5", 1),
    ("r7 >> 7", 1), ("psw & 0x80", 0x80), ("SP + 1", 2), ("pc == main_loop", 1),
    ("iram[1]", 0x11), ("xram[r0 + 1]", 0x26), ("vdc[0a1h] & 0x30", 0x10), ("frame < 8", 1),
    ("iram[64 + 2]", 0x12),            # internal RAM addresses wrap at 64
])
def test_conditions(text, value):
    assert parse(text, LABELS)(Machine()) == value


def test_uses_machine_tells_conditions_from_constants():
    assert parse("A == 3").uses_machine and parse("iram[2]").uses_machine
    assert not parse("main_loop + 2", LABELS).uses_machine


@pytest.mark.parametrize("text, message", [
    ("A ==", "expression ends too early: 'A =='"),
    ("nowhere", "unknown name 'nowhere' (not a register, memory space or label)"),
    ("iram 3", "iram needs an address in brackets: iram[0x20]"),
    ("iram[3", "missing ']' in 'iram[3'"),
    ("(1 + 2", "missing ')' in '(1 + 2'"),
    ("3 3", "unexpected '3' in '3 3'"),
    ("12z", "bad number '12z'"),
    ("A # 3", "unexpected '# 3' in 'A # 3'"),
    ("", "empty expression"),
])
def test_errors_are_one_line(text, message):
    with pytest.raises(ExprError) as error:
        parse(text, LABELS)
    assert str(error.value) == message


def test_a_constant_may_not_read_the_machine():
    with pytest.raises(ExprError, match=r"^'A \+ 1' must be a constant \(numbers and labels only\)$"):
        parse_constant("A + 1")
