"""roms_free/src/hardware.inc takes its port bits and VDC register map from native/o2.h."""
import pytest

from cart.asm import hardware_inc
from cart.asm.hardware_inc import GENERATED_BEGIN, GENERATED_END, generated_block, header_values, updated

HEADER = hardware_inc.HEADER.read_text(encoding="utf-8")
INCLUDE = hardware_inc.INCLUDE.read_text(encoding="utf-8")


def equ(text, name):
    for line in text.splitlines():
        words = line.split()
        if words[:2] == [name, "equ"]:
            return words[2]
    raise AssertionError(f"no {name}")


def test_the_include_is_what_the_header_gives():
    assert updated(INCLUDE, HEADER) == INCLUDE
    assert hardware_inc.main(["--check"]) == 0


def test_the_names_have_the_documented_values():
    # native/HARDWARE.md §2-3: P1 bit 6 copy mode, A0 control, A1 status, AA sound, E0 grid.
    assert (equ(INCLUDE, "P1_COPY"), equ(INCLUDE, "VDC_CONTROL"), equ(INCLUDE, "VDC_STATUS")) == \
        ("40h", "0A0h", "0A1h")
    assert (equ(INCLUDE, "VDC_SOUND"), equ(INCLUDE, "VDC_GRID_V"), equ(INCLUDE, "QUAD_SIZE")) == \
        ("0AAh", "0E0h", "10h")
    assert equ(INCLUDE, "COLL_SPRITE3") == "08h" and equ(INCLUDE, "CHARS") == "0Ch"


def test_a_changed_header_changes_the_include():
    moved = HEADER.replace("#define O2_VDC_STATUS         0xA1", "#define O2_VDC_STATUS         0xB1")
    assert moved != HEADER
    block = generated_block(moved)
    assert equ(block, "VDC_STATUS") == "0B1h"
    assert equ(updated(INCLUDE, moved), "VDC_STATUS") == "0B1h"
    # Only the block between the markers is written.
    after = updated(INCLUDE, moved)
    assert after.split(GENERATED_END)[1] == INCLUDE.split(GENERATED_END)[1]
    assert after.split(GENERATED_BEGIN)[0] == INCLUDE.split(GENERATED_BEGIN)[0]


def test_a_name_missing_from_the_header_is_named():
    with pytest.raises(KeyError, match="native/o2.h has no O2_VDC_COLOUR"):
        generated_block(HEADER.replace("#define O2_VDC_COLOUR ", "#define O2_VDC_COLOR "))


def test_header_values_reads_hex_and_negative_defines():
    values = header_values("#define O2_A 0x1F /* x */\n#define O2_B -3\n#define OTHER 4\n")
    assert values == {"A": 0x1F, "B": -3}


def test_a_stale_include_is_reported(tmp_path, monkeypatch, capsys):
    stale = tmp_path / "hardware.inc"
    stale.write_text(INCLUDE.replace("P1_COPY         equ     40h", "P1_COPY         equ     41h"))
    monkeypatch.setattr(hardware_inc, "INCLUDE", stale)
    assert hardware_inc.main(["--check"]) == 1
    assert "differs from native/o2.h: run make hardware-inc" in capsys.readouterr().err
    assert hardware_inc.main([]) == 0 and stale.read_text() == INCLUDE
