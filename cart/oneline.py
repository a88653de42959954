"""The argument parser the project's four commands share (o2, o2asm, o2dis, board): a bad
argument is one line, `PROGRAM: error: MESSAGE` (`o2: error: run: argument --frames: ...` for a
subcommand's), and exit status 2, never a usage block. Every line a program prints about a
problem starts with its name, so scripts and the tests can tell them apart. What was
typed is echoed with control characters escaped, so a newline in an argument cannot split the
line. It lives at the bottom layer, beside cart.layout, because the toolchain imports nothing of
the emulator.
"""
import argparse

EXIT_USAGE = 2


def one_line(text) -> str:
    """`text` with every character that is not printable escaped (\\n, \\x85, ...)."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in str(text))


class OneLineParser(argparse.ArgumentParser):
    """argparse with a one-line error and exit status 2; its subcommands' parsers too."""

    def error(self, message):
        program, _, command = self.prog.partition(" ")
        where = f"{command}: " if command else ""
        self.exit(EXIT_USAGE, f"{program}: error: {where}{one_line(message)}\n")
