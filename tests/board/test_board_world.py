"""The board data as the manual prints it, and "what if" scenario files."""
import pytest

from board.world import ScenarioError, World, load_scenario, standard_world

# Typed from the manual's zone charts, top to bottom.
MANUAL = [
    [("Canada", 7), ("United States", 30), ("Mexico", 5)],
    [("Romania", 2), ("Poland", 3), ("U.S.S.R.", 30), ("Czechoslovakia", 1), ("East Germany", 2),
     ("Cuba", 1)],
    [("Vietnam", 3), ("China", 13), ("North Korea", 2)],
    [("Greece", 1), ("Italy", 5), ("West Germany", 10), ("Spain", 4), ("France", 8),
     ("United Kingdom", 8), ("Norway", 2)],
    [("Iran", 5), ("Saudi Arabia", 4), ("Iraq", 3), ("Syria", 1), ("Jordan", 1), ("Israel", 3),
     ("Egypt", 5), ("Libya", 3)],
    [("Afghanistan", 2), ("Pakistan", 4), ("India", 6), ("Bangladesh", 2)],
    [("Philippines", 3), ("Indonesia", 6)],
    [("Taiwan", 3), ("Japan", 10), ("South Korea", 3)],
    [("Venezuela", 2), ("Columbia", 3), ("Brazil", 6), ("Argentina", 5)],
    [("South Africa", 4), ("Nigeria", 5)],
    [("Australia", 4)],
]


def test_board_matches_the_manual():
    world = standard_world()
    assert [[(c, world.pbu[c]) for c in zone] for zone in world.zones] == MANUAL
    assert len(world.countries) == 43 and len(world.zones) == 11


def test_homeland_sides_are_the_neighbours_in_the_list():
    world = standard_world()
    assert world.homeland_sides("West Germany") == ("Italy", "Spain")     # rule 4, Example 2
    assert world.homeland_sides("Canada") == ("United States",)
    assert world.homeland_sides("Cuba") == ("East Germany",)
    assert world.homeland_sides("Australia") == ()


def write(tmp_path, text):
    path = tmp_path / "what-if.toml"
    path.write_text(text)
    return path


def test_scenario_overrides_values_membership_and_holdings(tmp_path):
    world = load_scenario(write(tmp_path, """
[scenario]
name = "Warsaw Pact breaks up"
warchest = 50000

[pbu]
"Poland" = 8
"U.S.S.R." = 25

[zones]
2 = ["Romania", "U.S.S.R.", "Czechoslovakia", "East Germany"]
4 = ["Poland", "Greece", "Italy", "West Germany", "Spain", "France", "United Kingdom", "Norway"]
9 = ["Cuba", "Venezuela", "Columbia", "Brazil", "Argentina"]

[[side]]
homeland = "U.S.S.R."
allied = ["Romania"]
conquered = ["Czechoslovakia"]
chips = 3000

[[side]]
homeland = "United States"
"""))
    assert world.name == "Warsaw Pact breaks up" and world.warchest == 50000
    assert world.pbu["Poland"] == 8 and world.pbu["U.S.S.R."] == 25 and world.pbu["China"] == 13
    assert world.zone_of("Poland") == 3 and world.zone_of("Cuba") == 8
    assert world.homeland_sides("U.S.S.R.") == ("Romania", "Czechoslovakia")
    assert world.sides[0].allied == ("Romania",) and world.sides[0].chips == 3000
    assert world.sides[1].homeland == "United States"


@pytest.mark.parametrize("text, message", [
    ("[pbu]\n\"Polnad\" = 3\n", "pbu.Polnad: unknown country (a new country is listed in [zones] too)"),
    ("[pbu]\n\"Poland\" = 0\n", "Poland: PBU value must be a whole number >= 1, not 0"),
    ("[pbu]\n\"Poland\" = \"three\"\n", "Poland: PBU value must be a whole number >= 1, not 'three'"),
    ("[zones]\n2 = [\"Romania\"]\n", "zones: Poland is in no zone"),
    ("[zones]\n1 = [\"Canada\", \"United States\", \"Mexico\", \"Cuba\"]\n",
     "zones: Cuba is in more than one zone"),
    ("[zones]\n13 = [\"Cuba\"]\n", "zones.13: zone number must be 1 to 11, or 12 for a new zone"),
    ("[zones]\n11 = []\n", "zones: Australia is in no zone"),
    ("[zones]\n1 = [\"Canada\", \"United States\", \"Mexico\", \"Greenland\"]\n",
     "zones.1: unknown country 'Greenland' (a new country needs its value in [pbu])"),
    ("[pbu]\n\"Greenland\" = 1\n", "pbu.Greenland: unknown country (a new country is listed in [zones] too)"),
    ("[rename]\n\"Cuba\" = \"Japan\"\n", "rename.Cuba: 'Japan' is not a new, unique name"),
    ("[rename]\n\"Atlantis\" = \"Mu\"\n", "rename.Atlantis: unknown country"),
    ("[scenario]\nremove = [\"Atlantis\"]\n", "scenario.remove: unknown country 'Atlantis'"),
    ("[[side]]\nhomeland = \"Japan\"\npact = \"Axis\"\n[[side]]\nhomeland = \"China\"\n"
     "[[side]]\nhomeland = \"India\"\npact = \"Allies\"\n", "side[1].pact: no other side is in the 'Axis' alliance"),
    ("[[side]]\nhomeland = \"Japan\"\npact = \"All\"\n[[side]]\nhomeland = \"China\"\npact = \"All\"\n"
     "[[side]]\nhomeland = \"India\"\npact = \"All\"\n",
     "side.pact: an alliance of every side would leave no one to fight (rule 18C)"),
    ("[[side]]\nhomeland = \"Japan\"\n[[side]]\nhomeland = \"China\"\nallied = [\"Japan\"]\n",
     "side[2].allied: Japan is already held (side[1].homeland)"),
    ("[[side]]\nhomeland = \"Japan\"\nchips = 150\n[[side]]\nhomeland = \"China\"\n",
     "side[1].chips: must be a non-negative multiple of 100"),
    ("[[side]]\nhomeland = \"Japan\"\n", "side: a scenario needs 2 to 6 sides, not 1"),
    ("[[side]]\nhomeland = \"Japan\"\ncolour = \"red\"\n", "side[1].colour: unknown key"),
    ("[weather]\nrain = true\n",
     "weather: unknown table (expected one of ['pbu', 'rename', 'scenario', 'side', 'zones'])"),
    ("[scenario]\nwarchest = 1000\n[[side]]\nhomeland = \"Japan\"\nchips = 900\n"
     "[[side]]\nhomeland = \"China\"\nchips = 200\n", "side.chips: the sides' chips exceed the WARCHEST (1000)"),
])
def test_bad_scenarios_name_file_key_and_reason(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert str(err.value) == f"{path}: {message}"


def test_toml_syntax_error_gives_the_line(tmp_path):
    path = write(tmp_path, "[pbu]\n\"Poland\" = 3\n\"Cuba\" = = 1\n")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert str(err.value).startswith(f"{path}: TOML syntax: ") and "line 3" in str(err.value)


def test_missing_scenario_file(tmp_path):
    with pytest.raises(ScenarioError) as err:
        load_scenario(tmp_path / "nope.toml")
    assert str(err.value) == f"{tmp_path / 'nope.toml'}: no such file"


def test_bundled_scenarios_load():
    from importlib import resources
    scenarios = [p for p in (resources.files("board") / "data").iterdir()
                 if p.name.startswith("scenario-") and p.name.endswith(".toml")]
    assert scenarios
    for path in scenarios:
        world = load_scenario(path)
        assert 40 <= len(world.countries) <= 45 and 2 <= len(world.sides) <= 6


def test_poland_breaks_away():
    from importlib import resources
    world = load_scenario(resources.files("board") / "data" / "scenario-poland-breaks-away.toml")
    assert world.homeland_sides("West Germany") == ("Italy", "Poland")
    assert world.homeland_sides("U.S.S.R.") == ("Romania", "Czechoslovakia")
    assert world.pbu["Poland"] == 5 and world.zone_of("Poland") == 3


def test_a_scenario_renames_removes_and_adds_countries_and_zones(tmp_path):
    """"Creating your own games": "the POWER BASE UNIT relationships should change under
    different historical and hypothetical situations" — so may the map: countries renamed,
    removed or added, zones added or removed, players starting in alliance."""
    world = load_scenario(write(tmp_path, """
[scenario]
remove = ["East Germany", "Australia"]

[rename]
"West Germany" = "Germany"
"Columbia" = "Colombia"

[pbu]
"Germany" = 20
"Greenland" = 1
"Iceland" = 2

[zones]
12 = ["Greenland", "Iceland"]

[[side]]
homeland = "Germany"
pact = "Axis"

[[side]]
homeland = "Japan"
pact = "Axis"

[[side]]
homeland = "Colombia"
"""))
    assert "West Germany" not in world.pbu and world.pbu["Germany"] == 20
    assert world.zones[3] == ("Greece", "Italy", "Germany", "Spain", "France", "United Kingdom", "Norway")
    assert world.zones[1] == ("Romania", "Poland", "U.S.S.R.", "Czechoslovakia", "Cuba")
    assert world.zones[8] == ("Venezuela", "Colombia", "Brazil", "Argentina")
    # Zone 11 (Australia alone) is gone; the new zone, given as 12, is now the eleventh.
    assert len(world.zones) == 11 and world.zones[10] == ("Greenland", "Iceland")
    assert len(world.countries) == 43 - 2 + 2 and world.pbu["Iceland"] == 2
    assert [s.pact for s in world.sides] == ["Axis", "Axis", ""]
    assert World.from_dict(world.to_dict()) == world          # kept as is in a game file
