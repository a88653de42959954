"""Builds the C core (native/*.c) into the extension module emu._native (cffi, API mode, out-of-line).

The cdef is the part of native/o2.h between the `cdef:begin` and `cdef:end` markers, so the public
header is the single description of the boundary.

Run directly (`python native/build_ffi.py [--out DIR]`) it compiles in place into emu/ (or into DIR/emu).
O2_SANITIZE=1 adds ASan+UBSan; O2_CFLAGS adds flags.
"""
import hashlib
import os
import pathlib
import re
import shutil
import sys

import cffi

NATIVE = pathlib.Path(__file__).resolve().parent
ROOT = NATIVE.parent


def _cdef() -> str:
    header = (NATIVE / "o2.h").read_text()
    match = re.search(r"/\* cdef:begin \*/(.*?)/\* cdef:end \*/", header, re.S)
    if not match:
        raise SystemExit("native/o2.h: cdef markers missing")
    return match.group(1)


def _cflags() -> list[str]:
    # Hidden visibility: the chips call each other directly; only the module init is exported.
    flags = ["-std=c11", "-O3", "-fvisibility=hidden", "-Wall", "-Wextra", "-Wno-unused-parameter"]
    if os.environ.get("O2_SANITIZE") == "1":
        flags += ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
                  "-fno-sanitize-recover=undefined"]
    flags += os.environ.get("O2_CFLAGS", "").split()
    return flags


def _builder(absolute: bool) -> cffi.FFI:
    """setuptools wants source paths relative to the project; a direct compile runs in a temp dir."""
    def name(p: pathlib.Path) -> str:
        return str(p if absolute else p.relative_to(ROOT))
    ffi = cffi.FFI()
    ffi.cdef(_cdef())
    ffi.set_source(
        "emu._native",
        '#include "o2.h"',
        sources=sorted(name(p) for p in NATIVE.glob("*.c")),
        include_dirs=[name(NATIVE)],
        extra_compile_args=_cflags(),
        extra_link_args=["-fsanitize=address,undefined"] if os.environ.get("O2_SANITIZE") == "1" else [],
    )
    return ffi


ffibuilder = _builder(absolute=False)


def main(argv: list[str]) -> None:
    out = ROOT
    if len(argv) == 2 and argv[0] == "--out":
        out = pathlib.Path(argv[1]).resolve()
    # Objects built with other flags must never be reused: each flavour has its own folder.
    flavour = "cffi-sanitize" if os.environ.get("O2_SANITIZE") == "1" else "cffi"
    extra = os.environ.get("O2_CFLAGS", "").split()
    if extra:
        flavour += "-" + hashlib.sha256(" ".join(extra).encode()).hexdigest()[:12]
    # A build elsewhere (--out) keeps its objects there too: builds in parallel never share them.
    objects = out / "build" / flavour
    built = pathlib.Path(_builder(absolute=True).compile(tmpdir=str(objects), verbose=False))
    target = out / "emu"
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("_native*.so"):
        old.unlink()
    shutil.copy2(built, target / built.name)
    print(target / built.name)


if __name__ == "__main__":
    main(sys.argv[1:])
