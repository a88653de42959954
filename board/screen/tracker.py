"""Following a war from a stream of readings: events, believed only after several agreeing frames.

The profile's names are the contract (board/screen/PROFILES.md): screens "select", "wargame", "entry",
"combat", "result"; texts "readout", "red_energy", "blue_energy", "red_weapon", "blue_weapon"; colour patches
"red_flag" and "blue_flag" (a loser's flag turns white). Digits roll while a readout changes and fireworks
flash, so a state counts only once every field it rests on has read the same, surely, for `agree` frames in a
row. A result that stays unreadable is reported as "unsure" (the players are asked), never guessed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

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


@dataclass(frozen=True)
class Event:
    kind: str                   # readout_stopped, battle_started, battle_ended, unsure
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
        return f"cannot read the {d['screen']} screen surely: please enter the result by hand"


def energy(text: str) -> int:
    digits = text.strip()
    return int(digits) if digits.isdigit() else 0


class Tracker:
    def __init__(self, agree: int = AGREE, sure: float = SURE, unsure_after: int = UNSURE_AFTER):
        self.agree, self.sure, self.unsure_after = agree, sure, unsure_after
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
            return [Event("unsure", frame, {"screen": "result"})] if missed and not self.asked_since_battle else []
        if screen == "combat" and self.entry and not self.in_battle:
            self.in_battle, self.asked_since_battle = True, False
            e = self.entry
            return [Event("battle_started", frame, {"red_weapon": e["red_weapon"], "blue_weapon": e["blue_weapon"],
                                                    "red_energy": energy(e["red_energy"]),
                                                    "blue_energy": energy(e["blue_energy"])})]
        if screen == "result" and self.in_battle:
            red_flag, blue_flag, red_left, blue_left = values
            white = (red_flag == WHITE, blue_flag == WHITE)
            winner = {(True, True): "tie", (False, True): "red", (True, False): "blue"}.get(white)
            if winner is None:
                self.asked_since_battle = True
                return [Event("unsure", frame, {"screen": screen})]
            self.in_battle = False
            e = self.entry
            return [Event("battle_ended", frame, {"winner": winner, "red_energy": energy(red_left),
                                                  "blue_energy": energy(blue_left),
                                                  "red_weapon": e["red_weapon"], "blue_weapon": e["blue_weapon"]})]
        return []
