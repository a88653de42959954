"""How a `board` command ends on bad input: one line on stderr, "board: " and the problem, what
was typed escaped so that no control character can split it (cart.oneline), and an exit status
saying which kind of problem it was."""
import sys

from cart.oneline import one_line

EXIT_FILE, EXIT_REFUSED = 1, 2      # a file (or device) could not be used; the input was refused


def say(message) -> None:
    """`message` as one line on stderr."""
    print(f"board: {one_line(message)}", file=sys.stderr)


def fail(message, status: int) -> int:
    """say(message); `status`, for the command to return."""
    say(message)
    return status
