"""Every ROM committed in roms_free/ equals a fresh build of its roms.toml entry, byte for byte,
and every assembled ROM survives disassembly and reassembly with its own labels."""
import json

import pytest

from cart.asm import assemble_text, disassembly_source, load_symbols, symbol_table
from cart.build_roms import OUTPUT, assemble_rom, build_charset, load_manifest

ROMS, CHARSETS = load_manifest()


@pytest.mark.parametrize("entry", ROMS, ids=[entry["name"] for entry in ROMS])
def test_rom_binary_and_symbols_match_a_fresh_assembly(entry):
    assembly = assemble_rom(entry)
    image = assembly.image(size=entry.get("size"), fill=entry.get("fill", 0xFF))
    assert (OUTPUT / f"{entry['name']}.bin").read_bytes() == image
    committed = json.loads((OUTPUT / f"{entry['name']}.sym.json").read_text())
    assert committed == symbol_table(assembly, OUTPUT)


@pytest.mark.parametrize("entry", CHARSETS, ids=[entry["name"] for entry in CHARSETS])
def test_charset_matches_a_fresh_build(entry, tmp_path):
    build_charset(entry, output=tmp_path)
    name = entry["name"]
    assert (tmp_path / f"{name}.bin").read_bytes() == (OUTPUT / f"{name}.bin").read_bytes()


@pytest.mark.parametrize("entry", ROMS, ids=[entry["name"] for entry in ROMS])
def test_rom_disassembles_and_reassembles_to_the_same_bytes(entry):
    data = (OUTPUT / f"{entry['name']}.bin").read_bytes()
    symbols_path = OUTPUT / f"{entry['name']}.sym.json"
    origin = json.loads(symbols_path.read_text())["origin"]
    source = disassembly_source(data, origin, load_symbols(symbols_path))
    assert assemble_text(source, f"{entry['name']}.dis.asm").image() == data
