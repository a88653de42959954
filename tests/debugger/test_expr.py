"""The expression language of conditions and addresses (emu/debugger/expr.py), evaluated by
the C evaluator (o2_debug_eval) on a machine whose registers and memory are set by hand."""
import pytest

from emu.debugger.expr import ExprError, parse, parse_constant
from emu.odyssey2 import Odyssey2

LABELS = {"main_loop": 0x412, "fire_missile": 0x520}


@pytest.fixture(scope="module")
def core():
    m = Odyssey2()
    m.cpu.a, m.cpu.psw, m.cpu.pc, m.cpu.f1 = 3, 0xD9, 0x412, 1   # CY AC BS, SP 1: bank 1
    m.iram[0x18], m.iram[0x1F], m.iram[1] = 5, 0x80, 0x11        # bank 1 R0, R7; bank 0 R1
    m.iram[2] = 0x12
    m.xram[6] = 0x26
    return m.debug_core(30, 1)


@pytest.mark.parametrize("text, value", [
    ("42", 42), ("2Ah", 42), ("0x2A", 42), ("$2A", 42), ("101010b", 42), ("0b101010", 42),
    ("main_loop", 0x412), ("MAIN_LOOP", 0x412), ("fire_missile + 4", 0x524),
    ("1 + 2 << 1", 6),                 # + binds tighter than <<, as in C
    ("1 | 2 & 3", 3), ("6 ^ 3", 5), ("~0 & 0xFF", 0xFF), ("-1 + 3", 2), ("!0", 1), ("!5", 0),
    ("(1 + 2) == 3", 1), ("1 + 2 == 3", 1), ("1 << 63", 0), ("-8 >> 1", -4),
])
def test_constants(text, value):
    assert parse_constant(text, LABELS) == value


@pytest.mark.parametrize("text, value", [
    ("A == 3", 1), ("A == 3 && R0 > 2", 1), ("A == 3 && R0 > 5", 0), ("A != 3 || r0 >= 5", 1),
    ("r7 >> 7", 1), ("psw & 0x80", 0x80), ("SP + 1", 2), ("pc == main_loop", 1),
    ("CY + AC + BS + F1 + F0", 4), ("iram[1]", 0x11), ("xram[r0 + 1]", 0x26),
    ("frame + cycles", 0), ("line", 243),     # power-on: the first line of VBLANK (§3)
    ("iram[r0 + 61]", 0x12),                  # computed internal RAM addresses wrap at 64
    ("xram[r0 + 129]", 0x26),                 # and the external RAM's at 128 (A7 not decoded)
])
def test_conditions(core, text, value):
    assert core.eval(parse(text, LABELS).code) == value


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
    ("iram[0x40]", "iram[] runs 00..3F; 0x40 is outside it"),
    ("iram[64 + 2]", "iram[] runs 00..3F; 0x42 is outside it"),
    ("xram[-1]", "xram[] runs 00..7F; -0x1 is outside it"),
    ("99999999999999999999", "99999999999999999999 is too large (the largest number is "
                             "0x7fffffffffffffff)"),
])
def test_errors_are_one_line(text, message):
    with pytest.raises(ExprError) as error:
        parse(text, LABELS)
    assert str(error.value) == message


def test_a_constant_may_not_read_the_machine():
    with pytest.raises(ExprError, match=r"^'A \+ 1' must be a constant \(numbers and labels only\)$"):
        parse_constant("A + 1")
