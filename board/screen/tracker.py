"""Following a war from a stream of readings: events, believed only after several agreeing frames.

The profile's names are the contract (board/screen/PROFILES.md): screens "select", "wargame", "entry",
"combat", "result"; texts "readout", "red_energy", "blue_energy", "red_weapon", "blue_weapon"; colour patches
"red_flag" and "blue_flag" (a loser's flag turns white). Digits roll while a readout changes and fireworks
flash, so a state counts only once every field it rests on has read the same, surely, for `agree` frames in a
row. A result that stays unreadable is reported as "unsure" (the players are asked), never guessed.

Wars: each battle read surely is counted into the war followed by the rules engine's own tally
(board.rules.tally_battle, rule 12), so a war ends exactly when `board battle` would end it. Within a war the
energy left stays on screen for the next entry; an entry with other energies, both sides' equal (rule 10B:
each side enters the same energy units), begins a new war. A war with a battle not read surely is no longer
followed (the players enter its result), nor is one entered with unequal energies: no war end is reported
for them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from board.rules import ATTACKER, CHIP, DEFENDER, TIE, BattleResult, War, round_to, tally_battle

from .reader import Reading

AGREE = 6            # frames in a row that must agree
SURE = 0.3           # the least confidence of a field a state may rest on
UNSURE_AFTER = 90    # frames on a screen without a sure reading before the players are asked

FIELDS = {
    "wargame": ("readout",),
    "entry": ("red_weapon", "blue_weapon", "red_energy", "blue_energy"),
    "combat": ("red_weapon", "blue_weapon"),
    "result": ("red_flag", "blue_flag", "red_energy", "blue_energy"),
    "select": (),
}
WHITE = "white"
SIDES = ("red", "blue")
WEAPON_NAMES = {"T": "tank", "S": "sub", "P": "plane"}


@dataclass(frozen=True)
class Event:
    kind: str                   # readout_stopped, battle_started, battle_ended, war_ended, unsure
    frame: int
    data: dict = field(default_factory=dict)

    def line(self) -> str:
        d = self.data
        if self.kind == "readout_stopped":
            return f"readout stopped at {d['value']} (last digit {d['value'][-1]})"
        if self.kind == "battle_started":
            return (f"battle started: red {d['red_weapon']} {d['red_energy']}, "
                    f"blue {d['blue_weapon']} {d['blue_energy']}")
        if self.kind == "battle_ended":
            won = "a tie (both destroyed)" if d["winner"] == "tie" else f"{d['winner']} won"
            return f"battle ended: {won}; energy left: red {d['red_energy']}, blue {d['blue_energy']}"
        if self.kind == "war_ended":
            loser = "blue" if d["winner"] == "red" else "red"
            return (f"war ended: {d['winner']} won ({d['wins'][0]}-{d['wins'][1]}, red-blue); {loser}'s energy "
                    f"left: {d['loser_energy']} (rules 13A, 14A: {round_to(d['loser_energy'], CHIP)} PBU chips)")
        return f"cannot read the {d['screen']} screen surely: please enter the result by hand"


def energy(text: str) -> int:
    digits = text.strip()
    return int(digits) if digits.isdigit() else 0


class Tracker:
    def __init__(self, agree: int = AGREE, sure: float = SURE, unsure_after: int = UNSURE_AFTER,
                 attacker: str = "red"):
        if attacker not in SIDES:
            raise ValueError(f"the attacker is red or blue, not {attacker!r}")
        self.agree, self.sure, self.unsure_after = agree, sure, unsure_after
        self.sides = (attacker, "blue" if attacker == "red" else "red")   # the war's order: attacker first
        self.war: War | None = None        # the war followed, as the rules engine counts it
        self.candidate, self.count = None, 0
        self.stable = None                 # (screen, values) believed now
        self.entry = None                  # the last entry believed: weapons and energies
        self.in_battle = False
        self.asked_since_battle = False    # an unsure result already reported for the battle under way
        self.unsure_since, self.asked = None, False
        self.last_readout = None

    def feed(self, reading: Reading, frame: int) -> list[Event]:
        state = self._state(reading)
        if state is None:                  # an unsure frame breaks the row of agreeing ones
            self.candidate, self.count = None, 0
            return self._maybe_unsure(reading, frame)
        self.unsure_since = None
        if state == self.candidate:
            self.count += 1
        else:
            self.candidate, self.count = state, 1
        if self.count != self.agree or state == self.stable:
            return []
        previous, self.stable, self.asked = self.stable, state, False
        return self._changed(previous, state, frame)

    def _state(self, reading: Reading):
        if reading.screen not in FIELDS:
            return None
        names = FIELDS[reading.screen]
        if any(not reading.sure(n, self.sure) for n in names):
            return None
        return reading.screen, tuple(reading[n] for n in names)

    def _maybe_unsure(self, reading: Reading, frame: int) -> list[Event]:
        if reading.screen != "result" or self.asked:
            return []
        if self.unsure_since is None:
            self.unsure_since = frame
        if frame - self.unsure_since >= self.unsure_after:
            self.asked = self.asked_since_battle = True
            self._lose_war()
            return [Event("unsure", frame, {"screen": reading.screen})]
        return []

    def _changed(self, previous, state, frame: int) -> list[Event]:
        screen, values = state
        if screen == "wargame":
            value = values[0].strip()
            if value.isdigit() and value != self.last_readout:
                self.last_readout = value
                return [Event("readout_stopped", frame, {"value": value})]
            return []
        self.last_readout = None
        if screen == "entry":
            self.entry = dict(zip(FIELDS["entry"], values))
            missed, self.in_battle = self.in_battle, False
            # Back at the entry with no sure result since the battle started: the players are asked.
            if missed and not self.asked_since_battle:
                self._lose_war()
                return [Event("unsure", frame, {"screen": "result"})]
            return []
        if screen == "combat" and self.entry and not self.in_battle:
            self.in_battle, self.asked_since_battle = True, False
            e = self.entry
            self._begin_battle(energy(e["red_energy"]), energy(e["blue_energy"]))
            return [Event("battle_started", frame, {"red_weapon": e["red_weapon"], "blue_weapon": e["blue_weapon"],
                                                    "red_energy": energy(e["red_energy"]),
                                                    "blue_energy": energy(e["blue_energy"])})]
        if screen == "result" and self.in_battle:
            red_flag, blue_flag, red_left, blue_left = values
            white = (red_flag == WHITE, blue_flag == WHITE)
            winner = {(True, True): "tie", (False, True): "red", (True, False): "blue"}.get(white)
            if winner is None:
                self.asked_since_battle = True
                self._lose_war()
                return [Event("unsure", frame, {"screen": screen})]
            self.in_battle = False
            e, self.entry = self.entry, None       # the next battle starts from an entry read anew
            ended = Event("battle_ended", frame, {"winner": winner, "red_energy": energy(red_left),
                                                  "blue_energy": energy(blue_left),
                                                  "red_weapon": e["red_weapon"], "blue_weapon": e["blue_weapon"]})
            return [ended] + self._count_battle(ended)
        return []

    def _lose_war(self) -> None:
        self.war = None

    def _begin_battle(self, red_energy: int, blue_energy: int) -> None:
        on_screen = {"red": red_energy, "blue": blue_energy}
        energies = [on_screen[side] for side in self.sides]
        if self.war is not None and self.war.energy == energies:
            return                         # the war goes on with the energy it left
        self.war = War("unoccupied", "", (0, 1), energy=energies) if red_energy == blue_energy else None

    def _count_battle(self, ended: Event) -> list[Event]:
        """The rules engine's count of the battle into the followed war; a war_ended event when it decides
        the war."""
        d, war = ended.data, self.war
        if war is None:
            return []
        weapons = [WEAPON_NAMES.get(d[f"{side}_weapon"]) for side in self.sides]
        left = [d[f"{side}_energy"] for side in self.sides]
        if None in weapons or any(not 0 <= n <= had for n, had in zip(left, war.energy)) \
                or any(w in lost for w, lost in zip(weapons, war.destroyed)):
            # A weapon unread, more energy than the war had or a weapon destroyed earlier in it (rule 12F):
            # not a battle of this war as the engine would count it.
            self._lose_war()
            return []
        winner = TIE if d["winner"] == TIE else (ATTACKER if d["winner"] == self.sides[0] else DEFENDER)
        outcome = tally_battle(war, BattleResult(winner, weapons[0], weapons[1], left[0], left[1]))
        if outcome is None:
            return []
        self.war = None
        by_colour = {side: n for side, n in zip(self.sides, war.wins)}
        return [Event("war_ended", ended.frame, {"winner": self.sides[outcome],
                                                 "loser_energy": war.energy[1 - outcome],
                                                 "wins": (by_colour["red"], by_colour["blue"])})]
