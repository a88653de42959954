"""The RAM map loader (cart/conquest/statemap.py) on small hand-written files: every type decodes
as state.toml says, and every mistake is one line naming the file and the field."""
import json
from types import SimpleNamespace

import numpy as np
import pytest

from cart.conquest.statemap import StateMap, StateMapError

SYMBOLS = {"format": "o2asm-symbols", "version": 1, "origin": 1024,
           "labels": {"combat_frame": 0x500},
           "constants": {"mode": 0x20, "energy": 0x22, "wide": 0x24, "odd": 0x26, "alive": 0x30,
                         "last_iram": 0x3F, "counter": 0x10}}

GOOD = """
mode = { symbol = "mode", space = "iram", type = "enum", values = { "0" = "select", "3" = "combat" } }
energy = { symbol = "energy", space = "iram", type = "bcd", digits = 4 }
odd = { symbol = "odd", space = "iram", type = "bcd", digits = 3 }
wide = { symbol = "wide", space = "iram", type = "u16" }
alive = { symbol = "ALIVE", space = "iram", type = "flag" }
counter = { symbol = "counter", space = "xram", type = "u8" }
"""


def files(tmp_path, state_text, symbols=SYMBOLS):
    (tmp_path / "state.toml").write_text(state_text)
    (tmp_path / "game.sym.json").write_text(json.dumps(symbols))
    return tmp_path / "state.toml", tmp_path / "game.sym.json"


def machine():
    return SimpleNamespace(iram=np.zeros(64, np.uint8), xram=np.zeros(128, np.uint8))


def test_every_type_decodes_from_its_symbol(tmp_path):
    state_map = StateMap.load(*files(tmp_path, GOOD))
    m = machine()
    m.iram[0x20] = 3
    m.iram[0x22:0x24] = [0x25, 0x07]          # BCD 2507, most significant first
    m.iram[0x26:0x28] = [0x01, 0x99]          # 3 digits: the top nibble is not a digit
    m.iram[0x24:0x26] = [0x34, 0x12]          # little endian
    m.iram[0x30] = 0x80
    m.xram[0x10] = 200
    assert {name: state_map.read(m, name) for name in state_map.fields} == {
        "mode": "combat", "energy": 2507, "odd": 199, "wide": 0x1234, "alive": True, "counter": 200}
    m.iram[0x20] = 7
    assert state_map.read(m, "mode") == "unknown(7)"


def test_enum_values_may_name_the_symbol_files_constants(tmp_path):
    """The numbers of an enum stay where the assembly equ's them (ram.inc's MODE_*): a state file
    names the constants, and a rebuilt symbol file with other numbers decodes the same names."""
    text = 'mode = { symbol = "mode", space = "iram", type = "enum", values = { MODE_SELECT = "select", MODE_COMBAT = "combat" } }'
    m = machine()
    for select, combat in ((0, 3), (9, 4)):
        symbols = {**SYMBOLS, "constants": {**SYMBOLS["constants"], "MODE_SELECT": select, "MODE_COMBAT": combat}}
        state_map = StateMap.load(*files(tmp_path, text, symbols))
        m.iram[0x20] = combat
        assert state_map.read(m, "mode") == "combat"
        m.iram[0x20] = select
        assert state_map.read(m, "mode") == "select"
        assert state_map.constant("mode_combat") == combat


def test_fields_may_sit_under_a_fields_table(tmp_path):
    state_map = StateMap.load(*files(tmp_path, 'title = "x"\n[fields]\n' + GOOD))
    assert sorted(state_map.fields) == ["alive", "counter", "energy", "mode", "odd", "wide"]


@pytest.mark.parametrize("text, message", [
    ('energy = { symbol = "enrgy", space = "iram", type = "u8" }',
     "energy: symbol 'enrgy' is not in {symbols}"),
    ('energy = { symbol = "energy", space = "rom", type = "u8" }',
     "energy: space must be \"iram\" or \"xram\", not 'rom'"),
    ('energy = { symbol = "energy", space = "iram", type = "u32" }',
     "energy: type must be one of u8, u16, bcd, flag, enum, not 'u32'"),
    ('energy = { symbol = "energy", space = "iram", type = "bcd" }',
     "energy: a bcd field needs digits = 1 to 8, not None"),
    ('mode = { symbol = "mode", space = "iram", type = "enum" }',
     "mode: an enum field needs values = { CONSTANT = \"name\", ... }"),
    ('mode = { symbol = "mode", space = "iram", type = "enum", values = { "x" = "a" } }',
     "mode: values: 'x' is neither a number nor a constant of {symbols}"),
    ('energy = { symbol = "energy", space = "iram", type = "u8", digits = 2 }',
     "energy: digits is only for type = \"bcd\""),
    ('energy = { symbol = "energy", space = "iram", type = "u8", colour = 2 }',
     "energy: unknown key 'colour' (known: symbol, space, type, digits, values)"),
    ('top = { symbol = "last_iram", space = "iram", type = "u16" }',
     "top: last_iram = 0x3f does not fit in iram (64 bytes) with 2 byte(s)"),
    ('energy = { space = "iram", type = "u8" }', "energy: symbol must be the name of a RAM symbol"),
])
def test_a_bad_field_is_one_line_naming_file_and_field(tmp_path, text, message):
    state, symbols = files(tmp_path, text)
    with pytest.raises(StateMapError) as error:
        StateMap.load(state, symbols)
    assert str(error.value) == f"{state}: " + message.replace("{symbols}", str(symbols))


def test_bad_files_are_one_line(tmp_path):
    state, symbols = files(tmp_path, "energy = {\n")
    with pytest.raises(StateMapError, match=rf"^{state}: not valid TOML \(.+\)$"):
        StateMap.load(state, symbols)
    state, symbols = files(tmp_path, GOOD, symbols={"labels": {}})
    with pytest.raises(StateMapError, match=rf"^{symbols}: not an o2asm symbol file"):
        StateMap.load(state, symbols)
    state, symbols = files(tmp_path, GOOD)
    with pytest.raises(StateMapError, match=rf"^{tmp_path / 'none.toml'}: cannot read"):
        StateMap.load(tmp_path / "none.toml", symbols)
    state, symbols = files(tmp_path, 'title = "only a title"')
    with pytest.raises(StateMapError, match=rf"^{state}: no fields"):
        StateMap.load(state, symbols)


def test_the_wrapper_names_a_missing_field(tmp_path):
    from cart.conquest import Conquest
    state, symbols = files(tmp_path, GOOD)
    with pytest.raises(StateMapError, match=rf"^{state}: no field 'winner'$"):
        Conquest(machine(), state=state, symbols=symbols)
