"""Every ROM committed in roms_free/ equals a fresh build of its roms.toml entry, byte for byte,
and every assembled ROM survives disassembly and reassembly with its own labels."""
import json

import pytest

from cart.asm import assemble_text, disassembly_source, load_symbols, symbol_table
from cart.asm.dis_cli import bank_bytes
from cart.build_roms import OUTPUT, assemble_rom, build_charset, load_manifest
from cart.layout import CART_ORIGIN, cart_layout

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
    """A ROM that fits program space as one piece comes back whole; a banked cartridge (8 KiB
    and up: more than program space holds) comes back bank by bank, as o2dis --bank shows each."""
    data = (OUTPUT / f"{entry['name']}.bin").read_bytes()
    symbols_path = OUTPUT / f"{entry['name']}.sym.json"
    origin = json.loads(symbols_path.read_text())["origin"]
    layout = cart_layout(len(data))
    if origin + len(data) <= 0x1000 or layout is None:
        source = disassembly_source(data, origin, load_symbols(symbols_path))
        assert assemble_text(source, f"{entry['name']}.dis.asm").image() == data
        return
    for bank in range(layout.banks):
        shown = bank_bytes(data, bank)
        source = disassembly_source(shown, CART_ORIGIN, load_symbols(symbols_path, bank, layout.bank_stride))
        assert assemble_text(source, f"{entry['name']}.bank{bank}.dis.asm").image() == shown, bank
