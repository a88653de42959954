"""`make bench`: runs every tests/benchmarks/*.py module's bench() and prints `name: value` lines.

A benchmark module defines bench() yielding (name, value) pairs; figures are printed, never
asserted (timing belongs here, not in tests).
"""
import importlib.util
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent


def main() -> int:
    sys.path.insert(0, str(HERE.parent))
    for path in sorted((HERE / "benchmarks").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"bench_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name, value in module.bench():
            print(f"{name}: {value}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
