"""The Conquest of the World rules engine: rules 1-22 and both game variations, no I/O.

A game is a GameConfig (players in clockwise seating order, the board, the variation) and a
sequence of actions. `apply(state, action)` returns the next state and readable notes, or raises
RuleViolation (rule number + one-line reason) leaving `state` untouched. Rule numbers refer to
the manual; where it is ambiguous the decision is written down in board/RULES.md.

Amounts: chips are PBUs (multiples of 100). POWER BASE RECORD positions are kept in half steps
(an integer count of halves) so 9/2 = 4.5 is exact (rule 6).
"""
from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields, replace
from typing import ClassVar

from .world import CHIP, World

WEAPONS = ("tank", "sub", "plane")
MAX_BATTLES = 3            # rule 10B: a war "is decided by the best of three battles"
WAR_ENERGY = 2500          # rule 10B: onscreen energy units for each war
THOUSAND = 1000            # a board PBU value counts thousands of PBUs (rule 1A)
ZONE_BONUS_PER_COUNTRY = 1000   # rule 7
ENDGAME_ENERGY_PER_STEP = 100   # rule 21C: record x 100
RECORD_CHIPS_PER_HALF = 500     # rules 20C and 21G: 500 PBUs = half a space

MAX_TIME_LIMIT_MINUTES = 7 * 24 * 60   # variation 1: "an agreed time limit" is for a sitting

HOMELAND, ALLIED, CONQUERED = "homeland", "allied", "conquered"
PHASE_WORDS = {"order": "choice of the first player", "homelands": "choice of homelands",
               "home_alliances": "start-up alliances", "turns": "turns", "final_round": "final round",
               "end_game": "end game", "over": "game over"}
ATTACKER, DEFENDER, TIE = "attacker", "defender", "tie"


class RuleViolation(Exception):
    """An illegal action; str() is the one-line refusal."""

    def __init__(self, rule: str, reason: str):
        super().__init__(f"rule {rule}: {reason}")
        self.rule = rule
        self.reason = reason


def round_to(amount: int, unit: int) -> int:
    """Round to the nearest `unit`, halves upward (1355 -> 1400 for unit 100)."""
    return (amount + unit // 2) // unit * unit


def fmt_record(halves: int) -> str:
    return f"{halves // 2}.5" if halves % 2 else str(halves // 2)


# ---------------------------------------------------------------------------------------------
# Actions: plain data, serialised as {"action": kind, ...fields} in the game log.

@dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict:
        return {"action": self.kind, **asdict(self)}


@dataclass(frozen=True)
class ChooseFirst(Action):
    """Rule 2: every player's called number and the last digit of the stopped readout."""
    kind: ClassVar[str] = "first"
    numbers: dict[str, int]
    readout: int


@dataclass(frozen=True)
class ChooseHomeland(Action):
    kind: ClassVar[str] = "homeland"
    country: str


@dataclass(frozen=True)
class Ally(Action):
    """Rule 4 (own zone at the start) or rule 9 (buying an alliance) for the player to act;
    `by` names a player ally who directs it and places the marker (rule 18B)."""
    kind: ClassVar[str] = "ally"
    country: str
    by: str = ""


@dataclass(frozen=True)
class Attack(Action):
    """An attack by the player to act, or directed by a player ally named in `by` (rule 18B)."""
    kind: ClassVar[str] = "attack"
    country: str
    by: str = ""


@dataclass(frozen=True)
class BattleResult(Action):
    """One battle as the screen shows it at its end: who won ("attacker", "defender" or "tie"
    when both forces were destroyed), each side's weapon and onscreen energy left."""
    kind: ClassVar[str] = "battle"
    winner: str
    attacker_weapon: str
    defender_weapon: str
    attacker_energy: int
    defender_energy: int


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class FormPact(Action):
    """Rule 18: a player alliance among the named players (joining their existing alliances)."""
    kind: ClassVar[str] = "pact"
    players: tuple[str, ...]


@dataclass(frozen=True)
class BreakPact(Action):
    kind: ClassVar[str] = "break"
    player: str


@dataclass(frozen=True)
class TimeUp(Action):
    """Game variation 1: the agreed time has run out."""
    kind: ClassVar[str] = "timeup"


ACTIONS: dict[str, type[Action]] = {cls.kind: cls for cls in
                                    (ChooseFirst, ChooseHomeland, Ally, Attack, BattleResult,
                                     Pass, FormPact, BreakPact, TimeUp)}
_FIELD_TYPES = {"numbers": dict, "readout": int, "country": str, "winner": str,
                "attacker_weapon": str, "defender_weapon": str, "attacker_energy": int,
                "defender_energy": int, "players": list, "player": str, "by": str}


def action_from_dict(data) -> Action:
    """The action a log entry describes; ValueError with a one-line reason if malformed."""
    if not isinstance(data, dict) or data.get("action") not in ACTIONS:
        raise ValueError(f"unknown action {data.get('action') if isinstance(data, dict) else data!r}")
    cls = ACTIONS[data["action"]]
    names = {f.name for f in fields(cls)}
    if set(data) - {"action"} != names:
        raise ValueError(f"{cls.kind}: expected fields {sorted(names)}, found {sorted(set(data) - {'action'})}")
    for name in names:
        value, kind = data[name], _FIELD_TYPES[name]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"{cls.kind}: {name} must be {kind.__name__}")
    values = {n: data[n] for n in names}
    if "players" in values:
        values["players"] = tuple(values["players"])
    return cls(**values)


# ---------------------------------------------------------------------------------------------
# State

@dataclass(frozen=True)
class GameConfig:
    players: tuple[str, ...]            # clockwise seating order: a player's left is the next one
    world: World
    time_limit_minutes: int | None = None   # variation 1
    target: int | None = None               # variation 2: POWER BASE RECORD to reach

    def __deepcopy__(self, memo):
        return self         # immutable: game states share it

    def to_dict(self) -> dict:
        return {"players": list(self.players), "world": self.world.to_dict(),
                "time_limit_minutes": self.time_limit_minutes, "target": self.target}

    @classmethod
    def from_dict(cls, data: dict, path: str = "<game>") -> "GameConfig":
        """ValueError (or ScenarioError for the board) if the stored configuration is malformed."""
        players = data["players"]
        if not isinstance(players, list) or not all(isinstance(n, str) for n in players):
            raise ValueError("players must be a list of names")
        for key in ("time_limit_minutes", "target"):
            value = data.get(key)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise ValueError(f"{key} must be a whole number")
        return cls(players=tuple(players), world=World.from_dict(data["world"], path),
                   time_limit_minutes=data.get("time_limit_minutes"), target=data.get("target"))


@dataclass
class Player:
    name: str
    homeland: str | None = None
    chips: int = 0
    record_adjust: int = 0      # halves earned outside holdings: chips to record, end game
    eliminated: bool = False


@dataclass
class War:
    """A war of best of three battles (rule 12); index 0 is the attacker, 1 the defender."""
    kind: str                   # "unoccupied", "occupied" or "homeland"
    country: str
    sides: tuple[int, int]
    energy: list[int] = field(default_factory=lambda: [WAR_ENERGY, WAR_ENERGY])
    wins: list[int] = field(default_factory=lambda: [0, 0])
    destroyed: list[set] = field(default_factory=lambda: [set(), set()])


@dataclass
class Confrontation:
    """An end-game combat (rule 21); index 0 is the challenger (the lower record)."""
    sides: tuple[int, int]
    energy: list[int]
    attacking: int = 0                                   # who attacks the next battle
    barred: list = field(default_factory=lambda: [None, None])   # weapon lost last battle


@dataclass
class State:
    config: GameConfig
    players: list[Player]
    warchest: int
    holdings: dict[str, tuple[int, str]] = field(default_factory=dict)  # country -> (player, kind)
    phase: str = "order"    # order, homelands, home_alliances, turns, final_round, end_game, over
    current: int = 0
    first_player: int = 0
    first_turn: bool = False        # rule 8: the very first turn
    purchases: int = 0              # alliance purchases still allowed this turn (rules 9A, 13D)
    won: str = ""                   # the country the player to act has just won a war for (13D-E)
    last_defender: int | None = None   # rule 13E: rotation of unoccupied defence this turn
    war: War | None = None
    final_queue: list[int] = field(default_factory=list)
    pacts: list[set] = field(default_factory=list)
    broken: set = field(default_factory=set)       # frozensets of two players (rule 18F)
    bonuses_paid: set = field(default_factory=set)  # (player, zone) pairs (rule 7)
    ladder: list[int] = field(default_factory=list)
    champion: int | None = None
    confrontation: Confrontation | None = None
    winners: list[int] = field(default_factory=list)

    def __deepcopy__(self, memo):
        # Field by field: much faster than the generic deep copy every action pays for.
        war, con = self.war, self.confrontation
        return replace(
            self, players=[replace(p) for p in self.players], holdings=dict(self.holdings),
            war=war and replace(war, energy=list(war.energy), wins=list(war.wins),
                                destroyed=[set(d) for d in war.destroyed]),
            final_queue=list(self.final_queue), pacts=[set(g) for g in self.pacts],
            broken=set(self.broken), bonuses_paid=set(self.bonuses_paid), ladder=list(self.ladder),
            confrontation=con and replace(con, energy=list(con.energy), barred=list(con.barred)),
            winners=list(self.winners))

    @property
    def world(self) -> World:
        return self.config.world

    def name(self, p: int) -> str:
        return self.players[p].name

    def index(self, name: str) -> int:
        """The seat of the player called `name`, in any case (Ann and ann are one player)."""
        key = name.strip().casefold()
        for p, player in enumerate(self.players):
            if player.name.casefold() == key:
                return p
        raise RuleViolation("1", f"no player called {name!r}")

    def active(self) -> list[int]:
        return [p for p, player in enumerate(self.players) if not player.eliminated]

    def left_of(self, p: int) -> int:
        """The next player clockwise who is still in the game."""
        n = len(self.players)
        for step in range(1, n + 1):
            q = (p + step) % n
            if not self.players[q].eliminated:
                return q
        return p

    def holding_halves(self, p: int) -> int:
        """The record earned by holdings: conquests full value, alliances half (rules 5, 13C)."""
        pbu = self.world.pbu
        return sum(2 * pbu[c] if kind == CONQUERED else pbu[c] if kind == ALLIED else 0
                   for c, (owner, kind) in self.holdings.items() if owner == p)

    def record(self, p: int) -> int:
        """POWER BASE RECORD position in halves."""
        return self.holding_halves(p) + self.players[p].record_adjust

    def pact_of(self, p: int) -> set:
        for group in self.pacts:
            if p in group:
                return group
        return {p}

    def allied(self, p: int, q: int) -> bool:
        return q in self.pact_of(p)

    def clockwise_group(self, p: int) -> list[int]:
        """p's player alliance (or p alone), starting at p and going clockwise."""
        group, order, q = self.pact_of(p), [p], p
        for _ in range(len(self.players)):
            q = (q + 1) % len(self.players)
            if q in group and q not in order:
                order.append(q)
        return order

    def funds(self, p: int) -> int:
        """Chips p may spend: allied players pool their chips (rule 18B)."""
        return sum(self.players[q].chips for q in self.pact_of(p))

    def home_zone_players(self, zone: int) -> list[int]:
        return [p for p in self.active()
                if self.holdings.get(self.players[p].homeland, (None,))[0] == p
                and self.world.zone_of(self.players[p].homeland) == zone]

    def board_full(self) -> bool:
        return len(self.holdings) == len(self.world.pbu)

    def to_act(self) -> str:
        """Who must act next and how, in words."""
        if self.phase == "order":
            return "call numbers and stop the readout (board first)"
        if self.phase == "over":
            return "game over"
        if self.confrontation:
            c = self.confrontation
            return (f"end game: {self.name(c.sides[c.attacking])} attacks "
                    f"{self.name(c.sides[1 - c.attacking])} (board battle)")
        if self.war:
            a, d = self.war.sides
            return (f"war for {self.war.country}: {self.name(a)} attacks, {self.name(d)} defends "
                    f"(battles {self.war.wins[0]}-{self.war.wins[1]}; board battle)")
        return f"{self.name(self.current)} ({PHASE_WORDS[self.phase]})"


def new_game(config: GameConfig) -> State:
    names = config.players
    if not 2 <= len(names) <= 6:
        raise RuleViolation("1", f"the game is for 2 to 6 players, not {len(names)}")
    if len({n.strip().casefold() for n in names}) != len(names) or any(not n.strip() for n in names):
        raise RuleViolation("1", "player names must be distinct (Ann and ann are one player) and not empty")
    sides = config.world.sides
    if sides and len(sides) != len(names):
        raise RuleViolation("1", f"the scenario has {len(sides)} sides for {len(names)} players")
    if config.target is not None and config.target < 1:
        raise RuleViolation("variation 2", "the target record must be at least 1")
    if config.time_limit_minutes is not None and not 1 <= config.time_limit_minutes <= MAX_TIME_LIMIT_MINUTES:
        raise RuleViolation("variation 1", f"the time limit is 1 to {MAX_TIME_LIMIT_MINUTES} minutes (a week), "
                                           f"not {config.time_limit_minutes}")
    state = State(config=config, players=[Player(n) for n in names], warchest=config.world.warchest)
    for p, side in enumerate(sides):
        state.players[p].homeland = side.homeland
        state.holdings[side.homeland] = (p, HOMELAND)
        state.holdings.update({c: (p, ALLIED) for c in side.allied})
        state.holdings.update({c: (p, CONQUERED) for c in side.conquered})
        state.players[p].chips = side.chips
        state.warchest -= side.chips
    pacts: dict[str, set] = {}
    for p, side in enumerate(sides):
        if side.pact:
            pacts.setdefault(side.pact, set()).add(p)
    state.pacts = list(pacts.values())          # rule 18: the scenario's player alliances
    # A scenario's starting position is its premise: zones it already dominates earn no bonus.
    state.bonuses_paid = {(p, z) for p in range(len(names)) for z in range(len(config.world.zones))
                          if _dominates(state, p, z)}
    return state


def apply(state: State, action: Action) -> tuple[State, list[str]]:
    """The state after `action` and what happened, in words; `state` itself is never changed."""
    new = copy.deepcopy(state)
    notes = apply_in_place(new, action)
    return new, notes


def replay(config: GameConfig, actions) -> State:
    state = new_game(config)
    for action in actions:
        apply_in_place(state, action)
    return state


def apply_in_place(state: State, action: Action) -> list[str]:
    """Apply to `state` directly (replay of a validated log); may leave it half-changed if the
    action is illegal, so live play goes through apply()."""
    if state.phase == "over":
        raise RuleViolation("22", "the game is over")
    notes: list[str] = []
    handler = _HANDLERS[type(action)]
    handler(state, action, notes)
    _check_target(state, notes)
    return notes


# ---------------------------------------------------------------------------------------------
# Chips (the WARCHEST pays what it holds; nobody spends chips they do not have)

def _issue(state: State, p: int, amount: int, notes: list[str], why: str) -> None:
    """Chips from the WARCHEST to p's player alliance, divided equally (rule 18D)."""
    paid = min(amount, state.warchest)
    state.warchest -= paid
    _share(state, p, paid, notes, why)


def _share(state: State, p: int, amount: int, notes: list[str], why: str) -> None:
    group = state.clockwise_group(p)
    whole, spare = divmod(amount // CHIP, len(group))
    for i, q in enumerate(group):
        part = (whole + (1 if i < spare else 0)) * CHIP
        state.players[q].chips += part
        if part:
            notes.append(f"{state.name(q)} receives {part} PBU in chips ({why})")


def _pay(state: State, p: int, amount: int, rule: str, what: str, notes: list[str]) -> None:
    """p pays `amount` into the WARCHEST, own chips first, then allies' clockwise (rule 18B)."""
    if state.funds(p) < amount:
        raise RuleViolation(rule, f"{what} costs {amount} PBU and {state.name(p)} has only "
                                  f"{state.funds(p)} in chips")
    due, parts = amount, []
    for q in state.clockwise_group(p):
        part = min(due, state.players[q].chips)
        state.players[q].chips -= part
        due -= part
        if part:
            parts.append((q, part))
    state.warchest += amount
    if parts and parts != [(p, amount)]:    # pooled (18B): name each payer, for the real chips
        payers = " + ".join(f"{state.name(q)} {part}" for q, part in parts)
        notes.append(f"{payers} to the WARCHEST for {what} ({amount} PBU)")
    else:
        notes.append(f"{state.name(p)} pays {amount} PBU into the WARCHEST for {what}")


def _dominates(state: State, p: int, zone: int) -> bool:
    return all(state.holdings.get(c, (None,))[0] == p for c in state.world.zones[zone])


def _zone_bonuses(state: State, notes: list[str]) -> None:
    """Rule 7: 1000 PBUs per country of a fully held zone, the holder's own homeland excepted."""
    for p in state.active():
        for z, members in enumerate(state.world.zones):
            if (p, z) in state.bonuses_paid or not _dominates(state, p, z):
                continue
            state.bonuses_paid.add((p, z))
            count = sum(1 for c in members if c != state.players[p].homeland)
            if count:
                paid = min(count * ZONE_BONUS_PER_COUNTRY, state.warchest)
                state.warchest -= paid
                state.players[p].chips += paid
                notes.append(f"{state.name(p)} dominates zone {z + 1}: {paid} PBU bonus in chips")


# ---------------------------------------------------------------------------------------------
# Start up: first player, homelands, alliances in the homeland zone (rules 2-8)

def _choose_first(state: State, action: ChooseFirst, notes: list[str]) -> None:
    if state.phase != "order":
        raise RuleViolation("2", "the first player has already been chosen")
    names = [p.name for p in state.players]
    if sorted(action.numbers) != sorted(names):
        raise RuleViolation("2C", f"every player calls one number: expected {', '.join(names)}")
    called = list(action.numbers.values())
    if any(not isinstance(n, int) or not 0 <= n <= 9 for n in called):
        raise RuleViolation("2C", "each number is between 0 and 9")
    if len(set(called)) != len(called):
        raise RuleViolation("2C", "no two players may choose the same number")
    if not 0 <= action.readout <= 9:
        raise RuleViolation("2D", "the readout's last digit is between 0 and 9")
    # Closest to the readout; of two equally close (one above, one below) the higher goes first.
    first_name = min(action.numbers, key=lambda n: (abs(action.numbers[n] - action.readout),
                                                    -action.numbers[n]))
    first = state.index(first_name)
    state.first_player = state.current = first
    notes.append(f"readout {action.readout}: {first_name} (called {action.numbers[first_name]}) plays first")
    if state.world.sides:
        notes.append("the scenario sets homelands and holdings")
        _begin_turns(state, first, notes)
    else:
        state.phase = "homelands"


def _choose_homeland(state: State, action: ChooseHomeland, notes: list[str]) -> None:
    if state.phase != "homelands":
        raise RuleViolation("3", "homelands are chosen at the start only, after the first player")
    country = _country(state, action.country, "3")
    if country in state.holdings:
        raise RuleViolation("3", f"{country} is already {state.name(state.holdings[country][0])}'s homeland")
    p = state.current
    state.players[p].homeland = country
    state.holdings[country] = (p, HOMELAND)
    notes.append(f"{state.name(p)} chooses {country} (zone {state.world.zone_of(country) + 1}) as homeland")
    state.current = state.left_of(p)
    if state.current == state.first_player:
        state.phase = "home_alliances"
    _zone_bonuses(state, notes)


def _home_alliance(state: State, country: str, notes: list[str]) -> None:
    p = state.current
    homeland = state.players[p].homeland
    if state.world.zone_of(country) != state.world.zone_of(homeland):
        raise RuleViolation("4A", f"{country} is not in {homeland}'s zone; start-up alliances "
                                  f"are made within the homeland zone only")
    _check_unoccupied(state, country, "4A")
    allied = sum(state.world.pbu[c] for c, (owner, kind) in state.holdings.items()
                 if owner == p and kind == ALLIED)
    limit = state.world.pbu[homeland]
    if allied + state.world.pbu[country] > limit:
        raise RuleViolation("4A", f"alliances would total {allied + state.world.pbu[country]}, "
                                  f"more than {homeland}'s value {limit}")
    state.holdings[country] = (p, ALLIED)
    notes.append(f"{state.name(p)} allies with {country}: record {fmt_record(state.record(p))}")
    _zone_bonuses(state, notes)


def _begin_turns(state: State, p: int, notes: list[str]) -> None:
    state.phase = "turns"
    _start_turn(state, p, notes)
    state.first_turn = True
    if state.board_full():
        _begin_final_round(state, p, notes)


def _start_turn(state: State, p: int, notes: list[str]) -> None:
    state.current = p
    state.first_turn = False
    state.purchases = 1
    state.won = ""
    state.last_defender = None
    notes.append(f"the attack option passes to {state.name(p)}")


# ---------------------------------------------------------------------------------------------
# Turns: buying alliances, attacking (rules 8-17, 19)

def _country(state: State, name: str, rule: str) -> str:
    if name not in state.world.pbu:
        raise RuleViolation(rule, f"no country called {name!r} on the board")
    return name


def _check_unoccupied(state: State, country: str, rule: str) -> None:
    if country in state.holdings:
        owner, kind = state.holdings[country]
        raise RuleViolation(rule, f"{country} is occupied ({kind}, {state.name(owner)})")


def _no_war(state: State, what: str) -> None:
    if state.war:
        raise RuleViolation("12A", f"the war for {state.war.country} must end before {what}")


def _director(state: State, by: str) -> int:
    """Who directs the action: the player to act, or an ally taking a turn at it (rule 18B)."""
    if not by:
        return state.current
    q = state.index(by)
    if not state.allied(state.current, q):
        raise RuleViolation("18B", f"{state.name(q)} is not in a player alliance with "
                                   f"{state.name(state.current)}")
    return q


def _ally(state: State, action: Ally, notes: list[str]) -> None:
    country = _country(state, action.country, "9A")
    if state.phase == "home_alliances":
        if action.by and state.index(action.by) != state.current:
            raise RuleViolation("4A", "each player makes his or her own start-up alliances")
        return _home_alliance(state, country, notes)
    if state.phase in ("order", "homelands"):
        raise RuleViolation("4A", "alliances are made once every homeland is chosen")
    if state.phase == "final_round":
        raise RuleViolation("20A", "only attacks on occupied countries are left in the final round")
    if state.phase == "end_game":
        raise RuleViolation("21A", "no new alliances may be formed during the end game")
    _no_war(state, "buying an alliance")
    p = _director(state, action.by)
    if state.purchases < 1:
        raise RuleViolation("9A", "one alliance per turn, plus one after each war won (13D)")
    _check_unoccupied(state, country, "9A")
    zone = state.world.zone_of(country)
    others = [q for q in state.home_zone_players(zone) if q != p]
    if others:
        raise RuleViolation("9A", f"{country} is in {state.name(others[0])}'s homeland zone")
    _pay(state, p, state.world.pbu[country] * THOUSAND // 2, "9B", f"an alliance with {country}", notes)
    state.purchases -= 1
    state.holdings[country] = (p, ALLIED)
    notes.append(f"{state.name(p)} allies with {country}: record {fmt_record(state.record(p))}")
    _zone_bonuses(state, notes)
    _after_turn_action(state, notes)


def _next_defender(state: State, attacker: int) -> int:
    """Rules 11A, 13E: left of the attacker, then left of the last defender; never an ally."""
    q = state.last_defender if state.last_defender is not None else attacker
    for _ in range(len(state.players)):
        q = state.left_of(q)
        if q != attacker and not state.allied(attacker, q):
            return q
    raise RuleViolation("18C", f"every other player is allied with {state.name(attacker)}: "
                               f"no one may defend an unoccupied country")


def _attack(state: State, action: Attack, notes: list[str]) -> None:
    country = _country(state, action.country, "10A")
    if state.phase not in ("turns", "final_round"):
        raise RuleViolation("10A", f"no attacks during the {PHASE_WORDS[state.phase]}")
    _no_war(state, "another attack")
    p = _director(state, action.by)
    state.won = ""
    held = state.holdings.get(country)
    if held is None:
        # In the final round (20A) an unoccupied country can only be one freed by an
        # elimination: 19C makes it "fair game for the rest of the players", fought for as such.
        defender = _next_defender(state, p)
        state.war = War("unoccupied", country, (p, defender))
        notes.append(f"{state.name(p)} attacks unoccupied {country}; {state.name(defender)} defends")
        return
    owner, kind = held
    if owner == p:
        raise RuleViolation("15B", f"{country} is already {state.name(p)}'s")
    if state.allied(p, owner):
        raise RuleViolation("18C", f"allied players do not attack each other ({state.name(owner)})")
    if state.first_turn:
        raise RuleViolation("8B", "the first turn allows attacks on unoccupied countries only")
    if kind == HOMELAND:
        # 19A-B: each side must be "conquered" — "occupied" — by the attacker's side: a
        # conquest, but also the attacker's own homeland or alliance, which its own holder
        # could never conquer (board/RULES.md 19).
        for side in state.world.homeland_sides(country):
            side_owner, _ = state.holdings.get(side, (None, None))
            if side_owner is None or not state.allied(p, side_owner):
                raise RuleViolation("19A", f"{side}, beside {country}, must first be conquered by "
                                           f"{state.name(p)} or an ally")
    rule = "19B" if kind == HOMELAND else "15A"
    _pay(state, p, state.world.pbu[country] * THOUSAND, rule, f"attacking {country}", notes)
    state.war = War("homeland" if kind == HOMELAND else "occupied", country, (p, owner))
    notes.append(f"{state.name(p)} attacks {state.name(owner)}'s {country}")


def _battle(state: State, result: BattleResult, notes: list[str]) -> None:
    if state.phase == "end_game":
        return _endgame_battle(state, result, notes)
    war = state.war
    if war is None:
        raise RuleViolation("12A", "no war is being fought (board attack first)")
    _check_battle(result, war.energy, "12")
    weapons = (result.attacker_weapon, result.defender_weapon)
    for side in (0, 1):
        if weapons[side] in war.destroyed[side]:
            raise RuleViolation("12F", f"{state.name(war.sides[side])}'s {weapons[side]} was destroyed "
                                       f"earlier in this war")
    outcome = tally_battle(war, result)
    if result.winner == TIE:
        notes.append(f"battle for {war.country}: tie, both forces destroyed")
    else:
        won = 0 if result.winner == ATTACKER else 1
        notes.append(f"battle for {war.country}: {state.name(war.sides[won])}'s {weapons[won]} "
                     f"destroys the {weapons[1 - won]} ({war.wins[0]}-{war.wins[1]})")
    if outcome is not None:
        _end_war(state, outcome == 0, notes)


def _check_battle(result: BattleResult, energy: list[int], rule: str) -> None:
    if result.winner not in (ATTACKER, DEFENDER, TIE):
        raise RuleViolation(rule, f"the winner is attacker, defender or tie, not {result.winner!r}")
    for weapon in (result.attacker_weapon, result.defender_weapon):
        if weapon not in WEAPONS:
            raise RuleViolation(rule, f"weapons are {', '.join(WEAPONS)}, not {weapon!r}")
    for side, left in ((ATTACKER, result.attacker_energy), (DEFENDER, result.defender_energy)):
        had = energy[0 if side == ATTACKER else 1]
        if not 0 <= left <= had:
            raise RuleViolation(rule, f"the {side} had {had} energy units; {left} cannot be left")
    if result.winner == ATTACKER and result.attacker_energy == 0 or \
            result.winner == DEFENDER and result.defender_energy == 0:
        raise RuleViolation("12G", "a player out of energy cannot win the battle")


def tally_battle(war: War, result: BattleResult) -> int | None:
    """Counts a checked battle into the war (rule 12): the energy left, the win, the weapons destroyed.
    Returns the war's outcome: 0 the attacker has won it, 1 the defender, None it goes on."""
    weapons = (result.attacker_weapon, result.defender_weapon)
    war.energy = [result.attacker_energy, result.defender_energy]
    if result.winner == TIE:
        war.destroyed[0].add(weapons[0])
        war.destroyed[1].add(weapons[1])
    else:
        won = 0 if result.winner == ATTACKER else 1
        war.wins[won] += 1
        war.destroyed[1 - won].add(weapons[1 - won])
    return _war_outcome(war)


def _war_outcome(war: War) -> int | None:
    """0 if the attacker has won the war, 1 the defender, None if it goes on."""
    out = [e == 0 for e in war.energy]
    if any(out):                                  # rule 12G; both out: the attack failed
        return 0 if not out[0] else 1
    for side in (0, 1):
        if war.wins[side] >= 2:                   # rule 12A
            return side
    # Every battle destroys the loser's weapon, a tie both: the attacker's losses are the
    # defender's wins plus the ties, so this counts every battle fought.
    battles = war.wins[0] + len(war.destroyed[0])
    if battles >= MAX_BATTLES:                    # rules 10B, 12C: "the best of three battles"
        if war.wins[0] != war.wins[1]:
            return 0 if war.wins[0] > war.wins[1] else 1
        return 0 if war.energy[0] > war.energy[1] else 1
    spent = [len(d) == len(WEAPONS) for d in war.destroyed]
    if any(spent):                                # a side with no weapon left cannot fight on
        return 1 if spent[0] else 0
    return None


def _end_war(state: State, attacker_won: bool, notes: list[str]) -> None:
    war = state.war
    state.war = None
    a, d = war.sides
    winner, loser = (a, d) if attacker_won else (d, a)
    notes.append(f"{state.name(winner)} wins the war for {war.country}")
    energy = round_to(war.energy[1 if attacker_won else 0], CHIP)
    if attacker_won and war.kind == "homeland":
        # 19D: the energy won and the loser's chips are one booty, "divided equally": one split of the whole.
        paid = min(energy, state.warchest)
        state.warchest -= paid
        _eliminate(state, d, a, notes, paid)
    else:
        _issue(state, winner, energy, notes, "the loser's energy left on screen")
    if attacker_won:
        if war.kind != "homeland":
            state.holdings[war.country] = (a, CONQUERED)
        if war.kind == "unoccupied":
            state.last_defender = d
        state.purchases += 1
        state.won = war.country
        notes.append(f"{state.name(a)} conquers {war.country}: record {fmt_record(state.record(a))}"
                     + ("" if war.kind == "unoccupied" else
                        f"; {state.name(d)} {fmt_record(state.record(d))}"))
    elif war.kind == "unoccupied":
        state.holdings[war.country] = (d, ALLIED)
        notes.append(f"{state.name(d)} allies with {war.country}: record {fmt_record(state.record(d))}")
    _zone_bonuses(state, notes)
    if len(state.active()) == 1:
        return _game_over(state, notes)            # the last player left in the game
    if state.phase == "final_round":
        _next_turn(state, state.current, notes)     # the next player in the final round
    elif not attacker_won:
        _next_turn(state, a, notes)     # 14D: "passes to the losing attacker's left" (an ally too)
    else:
        _after_turn_action(state, notes)


def _eliminate(state: State, loser: int, victor: int, notes: list[str], energy: int = 0) -> None:
    """Rule 19C-D: the homeland and conquests go to the victor — to the victor's player
    alliance, dealt one at a time by PBU value, highest first (equal values in board order),
    clockwise from the victor — and the alliance shares the chips and the `energy` won (already
    taken from the WARCHEST) equally, as one amount."""
    booty = []
    for country, (owner, kind) in list(state.holdings.items()):
        if owner == loser:
            if kind == ALLIED:
                del state.holdings[country]
            else:
                booty.append(country)
    order = {c: i for i, c in enumerate(state.world.countries)}
    booty.sort(key=lambda c: (-state.world.pbu[c], order[c]))
    takers = [q for q in state.clockwise_group(victor) if q != loser]
    for i, country in enumerate(booty):
        taker = takers[i % len(takers)]
        state.holdings[country] = (taker, CONQUERED)
        if len(takers) > 1:
            notes.append(f"{state.name(taker)} takes {country} ({state.world.pbu[country]}) "
                         f"from {state.name(loser)}'s booty (19D)")
    chips, state.players[loser].chips = state.players[loser].chips, 0
    state.players[loser].eliminated = True
    state.pacts = [g - {loser} for g in state.pacts if len(g - {loser}) > 1]
    state.final_queue = [q for q in state.final_queue if q != loser]
    notes.append(f"{state.name(loser)} is out of the game")
    why = f"{state.name(loser)}'s chips" if not energy else \
        f"the loser's energy left on screen and {state.name(loser)}'s chips, shared as one (19D)"
    _share(state, victor, chips + energy, notes, why)


def _after_turn_action(state: State, notes: list[str]) -> None:
    if state.phase == "turns" and state.board_full():
        notes.append("every country is occupied")
        _begin_final_round(state, state.left_of(state.current), notes)


def _next_turn(state: State, after: int, notes: list[str]) -> None:
    """The attack option passes to the left (rules 14D, 20B)."""
    if state.phase == "final_round":
        if state.final_queue and state.final_queue[0] == after:
            state.final_queue.pop(0)
        if state.final_queue:
            state.current = state.final_queue[0]
            state.last_defender = None      # 14D: the defence starts left of each new attacker
            notes.append(f"final round: {state.name(state.current)} may attack once")
        else:
            _finish_final_round(state, notes)
    elif state.board_full():
        notes.append("every country is occupied")
        _begin_final_round(state, state.left_of(after), notes)
    else:
        _start_turn(state, state.left_of(after), notes)


def _pass(state: State, action: Pass, notes: list[str]) -> None:
    if state.phase == "home_alliances":
        p = state.current
        notes.append(f"{state.name(p)} ends start-up alliances at record {fmt_record(state.record(p))}")
        state.current = state.left_of(p)
        if state.current == state.first_player:
            # rule 8: the last to choose a homeland (right of the first player) has the first turn
            last = [q for q in state.active() if state.left_of(q) == state.first_player][0]
            _begin_turns(state, last, notes)
        return
    if state.phase not in ("turns", "final_round"):
        raise RuleViolation("20B", f"nothing to pass during the {PHASE_WORDS[state.phase]}")
    _no_war(state, "passing")
    notes.append(f"{state.name(state.current)} passes")
    _next_turn(state, state.current, notes)


# ---------------------------------------------------------------------------------------------
# Player alliances (rule 18)

def _form_pact(state: State, action: FormPact, notes: list[str]) -> None:
    if state.phase in ("final_round", "end_game"):
        raise RuleViolation("18A" if state.phase == "final_round" else "21A",
                            "player alliances are formed only until the board is filled")
    if len(state.active()) < 3:
        raise RuleViolation("18", "player alliances need a game of 3 or more players")
    members = [state.index(n) for n in action.players]
    if len(set(members)) < 2 or len(members) != len(set(members)):
        raise RuleViolation("18A", "an alliance needs two or more different players")
    group = set().union(*(state.pact_of(p) for p in members))
    missing = sorted(group - set(members))
    if missing:     # 18A: alliances are made between the players who make them
        raise RuleViolation("18A", f"{', '.join(state.name(q) for q in missing)} must agree too: an existing "
                                   f"alliance is joined with every member's consent (name them all)")
    for p in members:
        if state.players[p].eliminated:
            raise RuleViolation("19C", f"{state.name(p)} is out of the game")
    for p in group:
        for q in group:
            if p < q and frozenset((p, q)) in state.broken:
                raise RuleViolation("18F", f"the alliance of {state.name(p)} and {state.name(q)} "
                                           f"was broken and cannot be renewed")
    if group >= set(state.active()):
        raise RuleViolation("18C", "an alliance of every player would leave no one to fight")
    if state.war and set(state.war.sides) <= group:
        raise RuleViolation("18C", "the two sides of a war cannot ally during it")
    state.pacts = [g for g in state.pacts if not g & group] + [group]
    notes.append("player alliance: " + ", ".join(state.name(p) for p in sorted(group)))


def _break_pact(state: State, action: BreakPact, notes: list[str]) -> None:
    p = state.index(action.player)
    group = state.pact_of(p)
    if len(group) < 2:
        raise RuleViolation("18F", f"{state.name(p)} is in no player alliance")
    state.broken |= {frozenset((p, q)) for q in group if q != p}
    state.pacts = [g for g in state.pacts if g is not group]
    if len(group) > 2:
        state.pacts.append(group - {p})
    notes.append(f"{state.name(p)} breaks the alliance with "
                 + ", ".join(state.name(q) for q in sorted(group - {p})) + " for good")


# ---------------------------------------------------------------------------------------------
# Final round, end game, winner (rules 20-22) and the variations

def _begin_final_round(state: State, first: int, notes: list[str]) -> None:
    state.phase = "final_round"
    state.war = None
    state.won = ""
    state.first_turn = False
    queue, q = [first], first
    while (q := state.left_of(q)) != first:
        queue.append(q)
    state.final_queue = queue
    state.current = first
    state.last_defender = None
    notes.append(f"final round (rule 20): {state.name(first)} may attack once")


def _finish_final_round(state: State, notes: list[str]) -> None:
    """Rule 20C: chips, rounded to the nearest 500, move the record half a space per 500."""
    for p in state.active():
        player = state.players[p]
        halves = round_to(player.chips, RECORD_CHIPS_PER_HALF) // RECORD_CHIPS_PER_HALF
        player.record_adjust += halves
        state.warchest += player.chips
        notes.append(f"{player.name}'s {player.chips} PBU in chips: record {fmt_record(state.record(p))}")
        player.chips = 0
    state.phase = "end_game"
    seat = {p: (p - state.first_player) % len(state.players) for p in state.active()}
    state.ladder = sorted(state.active(), key=lambda p: (state.record(p), seat[p]))
    state.champion = state.ladder.pop(0)
    _next_confrontation(state, notes)


def _next_confrontation(state: State, notes: list[str]) -> None:
    """Rule 21B/H: the low player challenges the next highest; the greater goes on climbing."""
    while state.ladder:
        challenger, opponent = state.champion, state.ladder.pop(0)
        if state.allied(challenger, opponent):
            notes.append(f"{state.name(challenger)} and {state.name(opponent)} are allies: no combat")
            state.champion = challenger if state.record(challenger) > state.record(opponent) else opponent
            continue
        energy = [max(0, state.record(p)) * ENDGAME_ENERGY_PER_STEP // 2 for p in (challenger, opponent)]
        state.confrontation = Confrontation((challenger, opponent), energy)
        notes.append(f"end game: {state.name(challenger)} ({energy[0]} energy) challenges "
                     f"{state.name(opponent)} ({energy[1]} energy)")
        if 0 in energy:
            # 21C: a record of 0 enters no energy, so no battle can be fought; 21G's "leftover
            # screen units" are what remains after combat, and without one nobody has any.
            state.confrontation = None
            empty = [state.name(p) for p, e in zip((challenger, opponent), energy) if e == 0]
            notes.append(f"{' and '.join(empty)} ha{'ve' if len(empty) > 1 else 's'} no record to enter "
                         f"as energy: no combat, no leftover energy (rules 21C, 21G)")
            state.champion = opponent if state.record(opponent) >= state.record(challenger) else challenger
            continue
        return
    _game_over(state, notes)


def _endgame_battle(state: State, result: BattleResult, notes: list[str]) -> None:
    c = state.confrontation
    att = c.attacking
    order = (att, 1 - att)           # the result's attacker/defender as indices into c.sides
    energy = [c.energy[order[0]], c.energy[order[1]]]
    _check_battle(result, energy, "21")
    weapons = (result.attacker_weapon, result.defender_weapon)
    for role, side in enumerate(order):
        if weapons[role] == c.barred[side]:
            raise RuleViolation("21F", f"{state.name(c.sides[side])} lost the {weapons[role]} "
                                       f"in the last battle")
    c.energy[order[0]], c.energy[order[1]] = result.attacker_energy, result.defender_energy
    c.barred = [None, None]
    if result.winner == TIE:
        c.barred[order[0]], c.barred[order[1]] = weapons
        notes.append("end-game battle: tie, both forces destroyed")
    else:
        won_role = 0 if result.winner == ATTACKER else 1
        winner, loser = order[won_role], order[1 - won_role]
        c.barred[loser] = weapons[1 - won_role]
        state.players[c.sides[winner]].record_adjust += 2      # rule 21D: one position
        state.players[c.sides[loser]].record_adjust -= 2
        notes.append(f"end-game battle: {state.name(c.sides[winner])} wins "
                     f"({fmt_record(state.record(c.sides[winner]))}), {state.name(c.sides[loser])} "
                     f"retreats ({fmt_record(state.record(c.sides[loser]))})")
    c.attacking = 1 - c.attacking                              # rule 21E
    if 0 in c.energy:
        _end_confrontation(state, notes)
        _next_confrontation(state, notes)


def _end_confrontation(state: State, notes: list[str]) -> None:
    """Rule 21G: the player with energy left moves it to the record, half a space per 500."""
    c = state.confrontation
    state.confrontation = None
    survivor = None
    for side in (0, 1):
        if c.energy[side] > 0:
            survivor = side
            p = c.sides[side]
            halves = round_to(c.energy[side], RECORD_CHIPS_PER_HALF) // RECORD_CHIPS_PER_HALF
            state.players[p].record_adjust += halves
            notes.append(f"{state.name(p)} has {c.energy[side]} energy left: record "
                         f"{fmt_record(state.record(p))}")
    a, b = c.sides
    if state.record(a) != state.record(b):
        state.champion = a if state.record(a) > state.record(b) else b
    else:
        state.champion = c.sides[survivor] if survivor is not None else b


def _game_over(state: State, notes: list[str]) -> None:
    state.phase = "over"
    state.war = state.confrontation = None
    best = max(state.record(p) for p in state.active())
    state.winners = [p for p in state.active() if state.record(p) == best]
    notes.append("game over: " + " and ".join(state.name(p) for p in state.winners)
                 + f" win{'s' if len(state.winners) == 1 else ''} with record {fmt_record(best)} (rule 22)")


def _check_target(state: State, notes: list[str]) -> None:
    """Variation 2: the first player to reach the agreed record wins."""
    target = state.config.target
    if target is None or state.phase == "over":
        return
    reached = [p for p in state.active() if state.record(p) >= 2 * target]
    if reached:
        state.phase = "over"
        state.war = state.confrontation = None
        best = max(state.record(p) for p in reached)
        state.winners = [p for p in reached if state.record(p) == best]
        notes.append(f"{' and '.join(state.name(p) for p in state.winners)} reach{'es' if len(state.winners) == 1 else ''} "
                     f"the target record {target}: game over (variation 2)")


def _time_up(state: State, action: TimeUp, notes: list[str]) -> None:
    if state.config.time_limit_minutes is None:
        raise RuleViolation("variation 1", "this game has no time limit")
    notes.append("time is up (variation 1)")
    _game_over(state, notes)


_HANDLERS = {ChooseFirst: _choose_first, ChooseHomeland: _choose_homeland, Ally: _ally,
             Attack: _attack, BattleResult: _battle, Pass: _pass, FormPact: _form_pact,
             BreakPact: _break_pact, TimeUp: _time_up}
