"""`make bench`: runs every tests/benchmarks/*.py module's bench() and prints `name: value` lines.

A benchmark module defines bench() yielding (name, value) pairs; figures are printed, never
asserted (timing belongs here, not in tests). Arguments name the modules to run (by stem, e.g.
`tests/run_bench.py machine`); without arguments every module runs.
"""
import importlib.util
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent


def main(argv: list) -> int:
    sys.path.insert(0, str(HERE.parent))
    paths = sorted((HERE / "benchmarks").glob("*.py"))
    unknown = sorted(set(argv) - {path.stem for path in paths})
    if unknown:
        print(f"run_bench: no benchmark module named {', '.join(unknown)} "
              f"(have: {', '.join(path.stem for path in paths)})", file=sys.stderr)
        return 2
    for path in paths:
        if argv and path.stem not in argv:
            continue
        spec = importlib.util.spec_from_file_location(f"bench_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module        # found by name: a module's worker processes are handed its functions
        spec.loader.exec_module(module)
        for name, value in module.bench():
            print(f"{name}: {value}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
