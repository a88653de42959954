"""o2asm on runaway input: at most 20 errors are listed and the rest counted in one line, and a
macro that doubles itself level after level stops at the expansion bound."""
import pytest

from cart.asm import assemble_text
from cart.asm import cli as asm_cli
from cart.asm.assembler import MAX_LISTED
from cart.asm.errors import AssemblyFailed


def test_errors_past_twenty_are_counted_not_listed(tmp_path, capsys):
    # One byte fits at 0xFFF, the last address of the 4 KiB program space; each of the 100 after it is an error.
    source = tmp_path / "long.asm"
    source.write_text("\torg 0fffh\n" + "\tdb 1\n" * 101)
    assert asm_cli.main([str(source), "-o", str(tmp_path / "long.bin")]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert MAX_LISTED == 20 and len(lines) == 21
    assert lines[0] == f"{source}:3:9: address 0x1000 is beyond the 4 KiB program space"
    assert lines[19].startswith(f"{source}:22:9: ")
    assert lines[20] == f"{source}: 80 more errors (only the first 20 are listed)"
    assert not (tmp_path / "long.bin").exists()


def test_a_doubling_macro_stops_at_the_expansion_bound():
    lines = ["m0 macro", "\tnop", "\tendm"]
    for level in range(1, 18):              # 2**17 = 131,072 NOPs: past the 100,000-line bound
        lines += [f"m{level} macro", f"\tm{level - 1}", f"\tm{level - 1}", "\tendm"]
    with pytest.raises(AssemblyFailed) as failure:
        assemble_text("\n".join(lines + ["\tm17"]) + "\n")
    errors = [str(d) for d in failure.value.errors]
    assert len(errors) <= MAX_LISTED + 2        # and the bound, and the count of the rest
    assert any("expands to more than 100000 lines" in e for e in errors)
    assert errors[-1].endswith("more errors (only the first 20 are listed)")
    assert len([e for e in errors if "expands to more than" in e]) == 1
