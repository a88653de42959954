"""`board combat`: the worked examples as a player types them, and one-line refusals with exit status 2
(1 for a mapping file that cannot be used)."""
import pytest

from board.cli import main


def combat(capsys, *args):
    code = main(["combat", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_plan_and_result_of_a_triplea_battle(capsys):
    code, out, err = combat(capsys, "triplea", "--attacker", "army=5", "--defender", "army=3",
                            "--territory", "Ukraine", "--result", "attacker", "--energy", "3100,0")
    assert (code, err) == (0, "")
    assert "  R T 5000  attacker: tank, left controller (red)" in out
    # 5 against 3: the attacker wins 66816799/71991296 (92.8%): the defender enters 5000 x 7.2/92.8 = 387.
    assert "  B T 387   defender: tank, right controller (blue)" in out
    assert "the attacker wins 92.8%, the defender 7.2%" in out
    # 3100/5000 = 0.62 of the energy kept: given a win, 1 to 5 survivors have 8.0, 17.9, 30.3, 30.3, 13.5%
    # (cumulative 8.0, 25.9, 56.2, 86.5, 100): the 0.62 quantile is 4 survivors.
    assert out.rstrip().endswith("the attacker loses 1 of 5 units, the defender 3 of 3; Ukraine is conquered and "
                                 "occupied by the 4 surviving attacking units. Each owner chooses which of its "
                                 "units are the casualties.")


def test_mines_rule_decides_without_a_battle(capsys):
    code, out, _ = combat(capsys, "conflict", "--mover", "battleship", "--target", "battleship",
                          "--area", "water", "--own-mine")
    assert code == 0 and "No battle: MINES" in out and "On the cartridge" not in out


@pytest.mark.parametrize("args, message", [
    (["triplea", "--attacker", "army=²", "--defender", "army=3"], "--attacker: '²' is not a whole number"),
    (["triplea", "--attacker", "army=٣", "--defender", "army=3"], "is not a whole number"),
    (["triplea", "--attacker", "army=5", "--defender", "army=3", "--result", "attacker"],
     "--result and --energy go together"),
    (["triplea", "--attacker", "army=5", "--defender", "army=3", "--result", "attacker", "--energy", "9999,0"],
     "the attacker entered 5000 energy units: 9999 cannot be left on the screen"),
    (["conflict", "--mover", "airplane", "--target", "anti-aircraft-gun", "--area", "land"],
     "an airplane cannot capture an anti-aircraft gun"),
    (["newworld3", "--space", "Atlantic Ocean", "--attacker", "fleet", "--defender", "fleet+1"],
     "Conflicts never occur there"),
    (["newworld3", "--space", "Virginia", "--attacker", "army+2", "--defender", "army-fleet"],
     "rule 6a: \"A/F's may operate only in sea and islands spaces\""),
    (["triplea", "--attacker", "army=2", "--defender", "army=4", "--terrain", "sea"],
     "there are no sea battles in TripleA"),
    (["crt", "--attack", "0", "--defence", "4"], "the attack strength must be from 1"),
    (["crt", "--attack", "3", "--defence", "4", "--weapons", "T,X"], "--weapons: expected two of T, S, P"),
])
def test_refusals_are_one_line(capsys, args, message):
    code, out, err = combat(capsys, *args)
    assert code == 2
    assert err.count("\n") == 1 and message in err and err.startswith("board: ")


def test_a_broken_table_file_is_a_file_error(capsys, tmp_path):
    table = tmp_path / "crt.toml"
    table.write_bytes(b"\xff\xfe not text")
    code, _, err = combat(capsys, "crt", "--table", str(table), "--attack", "3", "--defence", "1")
    assert code == 1 and str(table) in err and err.count("\n") == 1
