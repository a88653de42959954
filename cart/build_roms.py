"""`make roms`: builds every ROM listed in roms_free/roms.toml (format at the top of that file).

[[rom]] entries are assembled into roms_free/<name>.bin and <name>.sym.json; [[charset]] entries
go through cart.charset.build(source, bin, png). Every entry is attempted; problems are printed
one per line and the exit code is 2 if there was any.
"""
import pathlib
import sys
import tomllib

from cart.asm.assembler import ImageTooLarge, assemble_file
from cart.asm.errors import AssemblyFailed
from cart.asm.output import write_outputs

ROOT = pathlib.Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "roms_free" / "roms.toml"
OUTPUT = ROOT / "roms_free"
EXIT_ERROR = 2


class ManifestError(Exception):
    pass


def load_manifest(path=MANIFEST):
    """(rom entries, charset entries), each a list of dicts with the keys checked."""
    try:
        with open(path, "rb") as handle:
            manifest = tomllib.load(handle)
    except OSError as error:
        raise ManifestError(f"{path}: cannot read: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ManifestError(f"{path}: {error}") from None
    roms = manifest.get("rom", [])
    charsets = manifest.get("charset", [])
    for kind, entries, keys in (("rom", roms, ("name", "source")),
                                ("charset", charsets, ("name", "source"))):
        for number, entry in enumerate(entries, 1):
            for key in keys:
                if not isinstance(entry.get(key), str):
                    raise ManifestError(f"{path}: [[{kind}]] entry {number} needs a string '{key}'")
    for number, entry in enumerate(roms, 1):
        for key in ("size", "fill"):
            if key in entry and not isinstance(entry[key], int):
                raise ManifestError(f"{path}: [[rom]] entry {number} ('{entry['name']}'): "
                                    f"'{key}' must be an integer")
    return roms, charsets


def assemble_rom(entry, root=ROOT):
    """The Assembly of one [[rom]] entry; raises AssemblyFailed."""
    return assemble_file(_relative(root / entry["source"]))


def build_rom(entry, root=ROOT, output=OUTPUT):
    """Assembles one [[rom]] entry and writes its .bin and .sym.json; raises AssemblyFailed,
    ImageTooLarge or OSError."""
    assembly = assemble_rom(entry, root)
    write_outputs(assembly, output / f"{entry['name']}.bin",
                  symbols=output / f"{entry['name']}.sym.json",
                  size=entry.get("size"), fill=entry.get("fill", 0xFF))
    return assembly


def build_charset(entry, root=ROOT, output=OUTPUT):
    from cart import charset       # written separately; asm entries build without it
    charset.build(root / entry["source"], output / f"{entry['name']}.bin",
                  output / f"{entry['name']}.png")


def _relative(path):
    """Paths in diagnostics relative to the current directory when below it."""
    try:
        return path.relative_to(pathlib.Path.cwd())
    except ValueError:
        return path


def main(manifest=MANIFEST, root=ROOT, output=OUTPUT) -> int:
    try:
        roms, charsets = load_manifest(manifest)
    except ManifestError as error:
        print(error, file=sys.stderr)
        return EXIT_ERROR
    failed = False
    for entry in roms:
        try:
            assembly = build_rom(entry, root, output)
        except AssemblyFailed as failure:
            for diagnostic in failure.diagnostics:
                print(diagnostic, file=sys.stderr)
            failed = True
            continue
        except (ImageTooLarge, OSError) as error:
            print(f"{entry['source']}: error: {error}", file=sys.stderr)
            failed = True
            continue
        for warning in assembly.warnings:
            print(warning, file=sys.stderr)
        print(f"rom {entry['name']}: {entry['source']} -> {_relative(output / entry['name'])}.bin")
    for entry in charsets:
        try:
            build_charset(entry, root, output)
        except ImportError as error:
            print(f"charset {entry['name']}: error: cart.charset is not available ({error})",
                  file=sys.stderr)
            failed = True
            continue
        except (ValueError, OSError) as error:
            print(f"{entry['source']}: error: {error}", file=sys.stderr)
            failed = True
            continue
        print(f"charset {entry['name']}: {entry['source']} -> "
              f"{_relative(output / entry['name'])}.bin")
    return EXIT_ERROR if failed else 0


if __name__ == "__main__":
    sys.exit(main())
