"""The four commands share one argument parser (cart.oneline): a bad argument is one line,
`PROG: error: ...`, exit status 2, with what was typed escaped so it cannot split the line."""
import pytest

from board import cli as board_cli
from cart.asm import cli as asm_cli
from cart.asm import dis_cli
from emu import cli as o2_cli


@pytest.mark.parametrize("main, argv, prog", [
    (o2_cli.main, ["run"], "o2"), (asm_cli.main, ["x.asm"], "o2asm"),
    (dis_cli.main, ["x.bin"], "o2dis"), (board_cli.main, ["status"], "board")])
def test_a_bad_option_is_one_line(main, argv, prog, capsys):
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--no-such\noption"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{prog}: error: ") and err.endswith("\n") and err.count("\n") == 1
    assert "--no-such\\noption" in err


@pytest.mark.parametrize("main, argv, line", [
    (o2_cli.main, ["run", "--frames", "0"], "o2: error: run: argument --frames: must be from 1 to 5184000, not 0\n"),
    (board_cli.main, ["new", "--players", "Ann,Bob", "--time-limit", "x"],
     "board: error: new: argument --time-limit: 'x' is not a whole number\n")])
def test_a_subcommands_error_starts_with_the_programs_name(main, argv, line, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and capsys.readouterr().err == line
