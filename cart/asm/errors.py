"""Errors and warnings of the toolchain, reported as `file:line:col: message`."""
from dataclasses import dataclass


class AsmError(Exception):
    """A problem in one source statement. `column` is a 0-based offset into the text the
    raiser was looking at; the statement driver turns it into a line column."""

    def __init__(self, message: str, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.column = column


@dataclass(frozen=True)
class Diagnostic:
    file: str
    line: int
    column: int          # 1-based
    message: str
    warning: bool = False

    def __str__(self):
        kind = "warning: " if self.warning else ""
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {kind}{self.message}"


class AssemblyFailed(Exception):
    """Assembly found errors; `diagnostics` lists every one of them (and the warnings)."""

    def __init__(self, diagnostics):
        errors = [d for d in diagnostics if not d.warning]
        super().__init__("\n".join(str(d) for d in errors))
        self.diagnostics = list(diagnostics)
        self.errors = errors
