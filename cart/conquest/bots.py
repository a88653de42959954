"""Bots that play Conquest of the World through the joysticks, with graded skill, so whole battles
and wars run headless and the balance of the weapons can be measured.

A bot knows what a player at the screen knows: the ground (the playfield's table), where each
weapon is while it is drawn (a submerged sub only at a sonar ding, a jet off the screen or
flashing on autopilot not at all: the bot keeps the last place it saw), and the shots in flight.
It reads them from RAM through the game's symbols, never the screen. Its skill (`LEVELS`) is

- reaction: it acts on what it saw that many frames ago (a human's ~0.2-0.5 s);
- aim: the target it aims at is off by a random error (units across, steps up and down), drawn
  afresh every second, and it fires only once the target is within `tolerance` of the line;
- dodge: the chance it steps out of the way of an enemy shot coming at it (a sub: goes deep, out
  of reach, from an enemy missile, letting its own go);
- cover: whether it keeps out of the enemy's lines of fire while its own gun reloads (a tank, a
  jet) or keeps moving submerged (a sub), and uses woods and water to approach;
- periscope: a sub that stops to look (seen) now and then, as a careless player does;
- lookahead: how far ahead a jet looks for trees and mountains (steps), and whether it turns
  sharply (the stick one angle at a time) or leaves the turns to the autopilot.

A bot is deterministic: its only randomness is a random.Random seeded by the caller, so the same
seeds give the same battle frame for frame. Coordinates are the RAM map's: x in units (a sprite's
X register), y in lines; a step of any weapon or shot is 1 unit across or 2 lines up or down, so
the bots reason in steps (u = x, v = y / 2), where every heading is a multiple of 45 degrees.

    game = Conquest(machine); game.enter(red=("T", 2500), blue=("P", 2500))
    winner = play_battle(game, Bot("red", seed=1, level=3), Bot("blue", seed=2, level=1))
"""
import math
import random
from collections import deque
from dataclasses import dataclass

# The eight joystick directions by heading, 0-7 clockwise from up (the cartridge's headings).
DIRECTIONS = (
    frozenset({"up"}), frozenset({"up", "right"}), frozenset({"right"}), frozenset({"down", "right"}),
    frozenset({"down"}), frozenset({"down", "left"}), frozenset({"left"}), frozenset({"up", "left"}),
)
STEP = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))   # (du, dv) a step
NEUTRAL = frozenset()
FIRE = "fire"
BATTLE_FRAME_LIMIT = 60 * 60 * 10

# The cartridge's playfield and rules (cart/conquest/combat.asm, README.md "Battles").
FIELD_X0, FIELD_Y0, COLUMNS, ROWS, CELL_X, CELL_Y = 0x08, 0x18, 9, 7, 16, 24
LAND, WOODS, MOUNTAIN, MINE, WATER = 0, 1, 2, 3, 4
RANGE = {"T": 60, "S": 56, "P": 70}               # steps
SHOT_SPEED = {"T": 90, "S": 34, "P": 90}          # steps a second
SHELL_NEAR, SHELL_NEAR_ACROSS = 24, 32
JET_OFF = {"S": 50, "T": 50, "P": 40}          # steps a jet (level 2) keeps from each enemy
JET_OFF_COVER = {"S": 58, "T": 56, "P": 40}    # level 3 (cover): at a shell's reach, beyond a missile's
HIT_U, HIT_V = 4, 4                               # a weapon's sprite: 8 units x 16 lines, in steps
BLAST_U, BLAST_V = 8, 8                         # a missile's blast, in steps from its middle
SIDE_BLOCK = {"red": 0x10, "blue": 0x20}          # external RAM (ram.inc side_red / side_blue)
SIDE_SHOT_HEADING, SIDE_SHOWN, SIDE_SHOT_BOOM = 4, 8, 12
FIELD_COPY, SONAR_SHOWS = 0x30, 0x0C


@dataclass(frozen=True)
class Skill:
    reaction: int        # frames between seeing and acting
    aim: float           # the aiming error's spread (steps, at 40 steps away; it grows with distance)
    tolerance: float     # fire when the aimed point is this near the line of fire (steps)
    dodge: float         # chance to step out of an incoming shot's way
    cover: bool          # keeps out of the enemy's lines while reloading / keeps submerged
    periscope: float     # a sub's share of frames it stops to look (seen)
    lookahead: int       # a jet's look ahead for trees and mountains (steps)
    sharp: bool          # a jet turns with the stick one angle at a time (else the autopilot)
    wander: float        # share of decisions that keep the last direction (inattention)
    lead: float          # how much of the target's movement during the shot's flight it aims ahead
    strafe: bool         # in range, keeps moving across the enemy's lines rather than standing
    steer: int           # a sub's missile: frames between the hand's corrections of its course
    mines: float         # a tank's chance each frame to see a mine right ahead and turn
    launch: float        # a sub launches within this share of the missile's range
    standoff: int        # a tank's distance to fight from (steps); kept from a hidden sub (+4)


LEVELS = {
    1: Skill(reaction=24, aim=22.0, tolerance=4.0, dodge=0.2, cover=False, periscope=0.35,
             lookahead=8, sharp=False, wander=0.25, lead=0.0, strafe=False, steer=12, mines=0.9, launch=0.75,
             standoff=36),
    2: Skill(reaction=14, aim=16.0, tolerance=2.5, dodge=0.7, cover=False, periscope=0.1,
             lookahead=16, sharp=True, wander=0.1, lead=0.5, strafe=True, steer=5, mines=1.0, launch=0.6,
             standoff=36),
    3: Skill(reaction=6, aim=3.0, tolerance=2.0, dodge=0.95, cover=True, periscope=0.0,
             lookahead=24, sharp=True, wander=0.0, lead=1.0, strafe=True, steer=1, mines=1.0, launch=0.7,
             standoff=48),
}


def heading_to(du: float, dv: float) -> int:
    """The heading (0-7, clockwise from up) closest to the step vector (du, dv), v downwards."""
    return round(math.atan2(du, -dv) / (math.pi / 4)) % 8


class Ground:
    """The playfield of the battle under way, from its copy in external RAM (fields.inc's format)."""

    def __init__(self, table: bytes):
        self.cells = [[LAND] * COLUMNS for _ in range(ROWS)]
        for column in range(5):
            for row in range(ROWS):
                if table[column] >> row & 1:
                    self._set(column, row, WATER)
        for i in (5, 7, 9):
            if table[i]:
                self._set(table[i + 1] >> 4, table[i + 1] & 0x0F, table[i])
        if table[11]:
            for k in range(4):
                self._set((table[12] >> 4) + k, table[12] & 0x0F, table[11])

    def _set(self, column, row, kind):
        if 0 <= column < COLUMNS and 0 <= row < ROWS:
            self.cells[row][column] = kind
            self.cells[row][COLUMNS - 1 - column] = kind

    def at_point(self, u: float, v: float):
        """The ground at step point (u, v) (a middle), None off the field."""
        x, y = u - FIELD_X0, 2 * v - FIELD_Y0
        if 0 <= x < COLUMNS * CELL_X and 0 <= y < ROWS * CELL_Y:
            return self.cells[int(y // CELL_Y)][int(x // CELL_X)]
        return None

    @staticmethod
    def cell_of(u, v):
        return int((u - FIELD_X0) // CELL_X), int((2 * v - FIELD_Y0) // CELL_Y)

    @staticmethod
    def middle(column, row):
        """The step point of a cell's middle."""
        return FIELD_X0 + CELL_X * column + CELL_X / 2, (FIELD_Y0 + CELL_Y * row + CELL_Y / 2) / 2


def can_be(kind: str, ground) -> bool:
    if ground is None:
        return kind == "P"
    if kind == "T":
        return ground in (LAND, WOODS)
    if kind == "S":
        return ground == WATER
    return ground in (LAND, WATER, MINE)


@dataclass
class Seen:
    """One side as the screen shows it in a frame (middles in steps)."""
    u: float
    v: float
    shown: bool
    alive: bool
    shot: int
    shot_u: float
    shot_v: float
    shot_heading: int
    heading: int
    boom: int = 0        # frames its ended shot still explodes: its gun reloads


class Bot:
    """Plays one side at a skill level (1 the weakest, 3 the strongest)."""

    def __init__(self, side: str, seed: int = 0, level: int = 2):
        if side not in SIDE_BLOCK:
            raise ValueError(f"side must be 'red' or 'blue', not {side!r}")
        if level not in LEVELS:
            raise ValueError(f"level must be one of {sorted(LEVELS)}, not {level!r}")
        self.side, self.enemy = side, ("blue" if side == "red" else "red")
        self.level, self.skill = level, LEVELS[level]
        self.rng = random.Random(seed)
        self.frame = 0
        self.ground = None
        self.addresses = None
        self.seen = deque(maxlen=self.skill.reaction + 1)
        self.known = None                 # the enemy's last seen middle (u, v), as of the reaction
        self.error = (0.0, 0.0)
        self.fire_was = False
        self.last = NEUTRAL
        self.last_place = None
        self.still = 0
        self.detour = 0
        self.detour_heading = 0
        self.goal = None
        self.look = 0
        self.velocity = (0.0, 0.0)
        self.routes = {}                  # (start cell, goal cells): the next cell (the ground is fixed)
        self.sea = {}                     # target cell: the water cells within a missile's easy reach
        self.strafe_turn = 2 if seed % 2 else 6
        self.strafe_left = 0
        self.dodging = None               # (the shot's heading, the way out of it or None: unseen)
        self.diving = None                # against the enemy sub's missile in flight: dives or not

    # ---- what the bot sees

    def _setup(self, game):
        fields = game.map.fields
        self.addresses = {name: fields[name].address for name in fields}
        self.ground = Ground(bytes(game.machine.xram[FIELD_COPY:FIELD_COPY + 16]))
        self.kind = game.side(self.side).weapon
        self.enemy_kind = game.side(self.enemy).weapon

    def _read(self, iram, xram, name) -> Seen:
        a = self.addresses
        block = SIDE_BLOCK[name]
        shot = xram[a[f"{name}_shot_state"]]
        return Seen(u=iram[a[f"{name}_x"]] + 4, v=(iram[a[f"{name}_y"]] + 8) / 2,
                    shown=bool(xram[block + SIDE_SHOWN]), alive=bool(iram[a[f"{name}_alive"]]),
                    shot=shot, shot_u=xram[a[f"{name}_shot_x"]], shot_v=xram[a[f"{name}_shot_y"]] / 2,
                    shot_heading=xram[block + SIDE_SHOT_HEADING], heading=iram[a[f"{name}_heading"]],
                    boom=xram[block + SIDE_SHOT_BOOM])

    def decide(self, game) -> frozenset:
        """The buttons to hold this frame."""
        if self.ground is None:
            self._setup(game)
        iram, xram = bytes(game.machine.iram), bytes(game.machine.xram)
        me, foe = self._read(iram, xram, self.side), self._read(iram, xram, self.enemy)
        self.frame += 1
        self.seen.append(foe)
        late = self.seen[0]               # what it saw `reaction` frames ago
        if late.shown and late.alive:
            if self.known is not None and len(self.seen) > 1:
                step = (late.u - self.known[0], late.v - self.known[1])
                if abs(step[0]) < 4 and abs(step[1]) < 4:     # (not a jet's wrap)
                    self.velocity = (0.8 * self.velocity[0] + 0.2 * step[0],
                                     0.8 * self.velocity[1] + 0.2 * step[1])
            self.known = (late.u, late.v)
        if self.frame % 60 == 1:
            self.error = (self.rng.gauss(0, 1), self.rng.gauss(0, 1))
        if not me.alive:
            return NEUTRAL
        self.me = me
        place = (me.u, me.v)
        self.still = self.still + 1 if place == self.last_place else 0
        self.last_place = place
        if self.kind == "S":
            buttons = self._submarine(me, late)
        elif self.kind == "P":
            buttons = self._jet(me, late)
        else:
            buttons = self._tank(me, late)
            if self.rng.random() < self.skill.mines:
                buttons = self._no_mine(me, buttons)
        self.fire_was = FIRE in buttons
        self.last = buttons
        return buttons

    # ---- shared reasoning

    def _target(self, flight=0.0):
        """Where it aims: the enemy where it last saw it, moved on by `flight` frames of its
        movement as far as the skill leads, off by the aiming error."""
        if self.known is None:
            return None
        lead = self.skill.lead * flight
        distance = max(abs(self.known[0] - self.me.u), abs(self.known[1] - self.me.v))
        spread = self.skill.aim * max(0.5, distance / 40)      # an angle: the farther, the wider
        return (self.known[0] + self.error[0] * spread + self.velocity[0] * lead,
                self.known[1] + self.error[1] * spread + self.velocity[1] * lead)

    def _line_clear(self, u, v, heading, steps, kind):
        """Whether a shot of `kind` flies `steps` from (u, v) along `heading` without ending on the
        ground (mountains end every shot, trees all but a shell near its tank)."""
        du, dv = STEP[heading]
        near = SHELL_NEAR_ACROSS if heading in (2, 6) else SHELL_NEAR
        for n in range(2, int(steps) + 1, 2):
            ground = self.ground.at_point(u + du * n, v + dv * n)
            if ground == MOUNTAIN or (ground == WOODS and (kind != "T" or n >= near)):
                return False
        return True

    def _aligned(self, u, v, target, reach, kind):
        """The heading along which a shot from (u, v) passes within `tolerance` of target and
        reaches it, or None."""
        tu, tv = target
        du, dv = tu - u, tv - v
        for heading in range(8):
            su, sv = STEP[heading]
            along = max(abs(du), abs(dv)) if su and sv else (du * su + dv * sv)
            if along <= 0 or along > reach:
                continue
            off_u, off_v = du - su * along, dv - sv * along
            if max(abs(off_u), abs(off_v)) <= self.skill.tolerance \
                    and self._line_clear(u, v, heading, along, kind):
                return heading
        return None

    def _incoming(self, me, shot: Seen):
        """The enemy's shot in flight will pass over me: how many steps away it is, else None."""
        if not shot.shot or shot.shot_heading > 7:
            return None
        su, sv = STEP[shot.shot_heading]
        for n in range(0, min(shot.shot, 40), 2):
            u, v = shot.shot_u + su * n, shot.shot_v + sv * n
            if abs(u - me.u) <= HIT_U + 1 and abs(v - me.v) <= HIT_V + 1:
                return n
        return None

    def _threatened(self, me, foe: Seen):
        """The enemy is in a line of fire onto me (it could shoot me now)."""
        if self.known is None or foe.shot:
            return False
        return self._aligned(self.known[0], self.known[1], (me.u, me.v), RANGE[self.enemy_kind],
                             self.enemy_kind) is not None

    def _ready(self, me):
        """Its gun can fire: no shot of its own in flight and, for a player who watches the
        explosion of the last one (cover), none still exploding (the reload)."""
        return not me.shot and not (self.skill.cover and me.boom)

    def _fire(self, heading):
        """Point `heading` and press fire (a fresh press: released every other frame)."""
        buttons = set(DIRECTIONS[heading]) if heading is not None else set()
        if not self.fire_was:
            buttons.add(FIRE)
        return frozenset(buttons)

    def _no_mine(self, me, buttons):
        """A tank's way turned off a mine right ahead (the nearest heading with none within a few
        steps); the fire button is kept."""
        moving = [h for h in range(8) if DIRECTIONS[h] == buttons - {FIRE}]
        if not moving:
            return buttons
        heading = moving[0]
        for turn in (0, 1, -1, 2, -2, 3, -3, 4):
            h = (heading + turn) % 8
            du, dv = STEP[h]
            if all(self.ground.at_point(me.u + du * n + cu, me.v + dv * n + cv) != MINE
                   for n in (2, 4, 6) for cu, cv in ((0, 0), (3, 3), (-3, -3), (3, -3), (-3, 3))):
                return DIRECTIONS[h] | (buttons & {FIRE})
        return NEUTRAL | (buttons & {FIRE})

    def _dodge(self, me, foe):
        """The heading that steps out of the enemy's shot coming at me, or None. Whether to dodge
        a shot is decided once, when it is first seen coming (the skill's chance), and the side
        is kept until the shot has passed or ended, so a step off its line is not undone by the
        next frame's plans; a skilled player (dodge 0.9 and up) takes the nearer way off the
        line that has room, another a side at random."""
        if not foe.shot or foe.shot_heading > 7:
            self.dodging = None
            return None
        su, sv = STEP[foe.shot_heading]
        du, dv = me.u - foe.shot_u, me.v - foe.shot_v
        ahead = max(abs(du), abs(dv)) if su and sv else du * su + dv * sv
        side = du * -sv + dv * su                      # > 0: right of the line
        if self.dodging is None or self.dodging[0] != foe.shot_heading:
            if self._incoming(me, foe) is None:
                return None
            if self.rng.random() >= self.skill.dodge:
                self.dodging = (foe.shot_heading, None)   # this one it does not see coming
                return None
            across = [(foe.shot_heading + 2) % 8, (foe.shot_heading + 6) % 8]
            if self.skill.dodge < 0.9:
                self.rng.shuffle(across)
            else:
                if side < 0:
                    across.reverse()
                need = (HIT_U + 2 - abs(side), HIT_U + 2 + abs(side))
                rooms = [self._room(me, h) for h in across]
                if rooms[0] < need[0] and rooms[1] > rooms[0]:
                    across.reverse()
            self.dodging = (foe.shot_heading, across[0])
        heading = self.dodging[1]
        if heading is None or ahead < -HIT_U or abs(side) > HIT_U + 3:
            return None                                 # passed, or well off its line
        return heading

    def _room(self, me, heading, most=12):
        """How many steps along `heading` this weapon can move (at most `most`)."""
        du, dv = STEP[heading]
        room = 0
        while room < most and self._may_step_at(me.u + du * (room + 5), me.v + dv * (room + 5)):
            room += 1
        return room

    def _may_step(self, me, heading):
        du, dv = STEP[heading]
        return self._may_step_at(me.u + 6 * du, me.v + 6 * dv)

    def _may_step_at(self, u, v):
        ground = self.ground.at_point(u, v)
        return can_be(self.kind, ground) and ground != MINE

    def _route(self, me, goals):
        """The next cell's middle on a shortest way (breadth first over cells this weapon can be
        in, mines avoided) to the nearest of `goals` (cells); None when none is reachable."""
        start = self.ground.cell_of(me.u, me.v)
        if not (0 <= start[0] < COLUMNS and 0 <= start[1] < ROWS):
            return None
        goals = frozenset(goals)
        key = (start, goals)
        if key not in self.routes:
            self.routes[key] = self._search(start, goals)
        return self.routes[key]

    def _search(self, start, goals):
        if start in goals:
            return start
        previous = {start: None}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if cell in goals:
                while previous[cell] != start and previous[cell] is not None:
                    cell = previous[cell]
                return cell
            c, r = cell
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
                nxt = (c + dc, r + dr)
                if not (0 <= nxt[0] < COLUMNS and 0 <= nxt[1] < ROWS) or nxt in previous:
                    continue
                ground = self.ground.cells[nxt[1]][nxt[0]]
                if not can_be(self.kind, ground) or ground == MINE:
                    continue
                if dc and dr and not (can_be(self.kind, self.ground.cells[r][c + dc])
                                      and can_be(self.kind, self.ground.cells[r + dr][c])):
                    continue              # no corner cutting past a blocked cell
                previous[nxt] = cell
                queue.append(nxt)
        return None

    def _go(self, me, u, v):
        """Buttons that move toward step point (u, v), with a detour when stuck."""
        if self.detour:
            self.detour -= 1
            return DIRECTIONS[self.detour_heading]
        if self.still > 12:
            self.still = 0
            self.detour = 10 + self.rng.randrange(20)
            self.detour_heading = self.rng.randrange(8)
            return DIRECTIONS[self.detour_heading]
        if self.skill.wander and self.rng.random() < self.skill.wander and self.last:
            return frozenset(b for b in self.last if b != FIRE)
        du, dv = u - me.u, v - me.v
        if abs(du) < 1 and abs(dv) < 1:
            return NEUTRAL
        return DIRECTIONS[heading_to(du, dv)]

    def _firing_cells(self, target, distance):
        """Cells from which `target` lies along a heading at about `distance` steps."""
        tu, tv = target
        cells = []
        for heading in range(8):
            su, sv = STEP[heading]
            u, v = tu - su * distance, tv - sv * distance
            ground = self.ground.at_point(u, v)
            if can_be(self.kind, ground) and ground != MINE \
                    and self._line_clear(u, v, heading, distance, self.kind):
                cells.append(self.ground.cell_of(u, v))
        return cells

    # ---- the weapons

    def _missile_flight(self, me, foe):
        """Against a sub: a heading away from its missile in flight (a missile is slower than a
        jet and gains on a tank slowly: distance saves), or None."""
        if self.enemy_kind != "S" or not foe.shot or self.rng.random() >= self.skill.dodge:
            return None
        du, dv = me.u - foe.shot_u, me.v - foe.shot_v
        if max(abs(du), abs(dv)) > 40:
            return None
        if self.skill.cover and self.kind == "T":
            return self._open_way(me, foe.shot_u, foe.shot_v)
        return heading_to(du, dv)

    def _answer_missile(self, me, foe, away, distance):
        """A skilled tank against a sub whose missile flies: the sub stands, seen, while it
        steers, so the tank shoots it when its gun bears, moves across to line it up when that
        takes little and the missile is still far, and else drives away along an open way."""
        target = self._target(flight=distance * 60 / SHOT_SPEED["T"])
        if self._ready(me):
            heading = self._aligned(me.u, me.v, target, RANGE["T"] - 4, "T")
            if heading is not None:
                return self._fire(heading)
        missile = max(abs(foe.shot_u - me.u), abs(foe.shot_v - me.v))
        line = self._line_up(me, target)
        if line is not None and missile > 24 and distance <= RANGE["T"] - 4:
            return DIRECTIONS[line]
        return DIRECTIONS[away]

    def _line_up(self, me, target, most=10):
        """The heading to move along to bring `target` onto one of the eight lines of fire,
        when that takes at most `most` steps on ground it can drive, else None."""
        du, dv = target[0] - me.u, target[1] - me.v
        ways = [(abs(du), 2 if du > 0 else 6), (abs(dv), 4 if dv > 0 else 0)]   # onto a column or a row
        slant = abs(abs(du) - abs(dv))
        if abs(du) > abs(dv):
            ways.append((slant, 2 if du > 0 else 6))        # onto a diagonal: across
        else:
            ways.append((slant, 4 if dv > 0 else 0))        # onto a diagonal: up or down
        for cost, heading in sorted(ways):
            if cost <= most and self._may_step(me, heading):
                return heading
        return None

    def _open_way(self, me, u, v):
        """The heading that gets a tank farthest from (u, v) along a way it can drive for a while
        (not straight into the edge or a lake: the skilled player's flight uses the ground)."""
        best, score = heading_to(me.u - u, me.v - v), None
        for heading in range(8):
            du, dv = STEP[heading]
            room, woods = 0, 0
            while room < 24 and self._may_step_at(me.u + du * (room + 6), me.v + dv * (room + 6)):
                woods += self.ground.at_point(me.u + du * (room + 6), me.v + dv * (room + 6)) == WOODS
                room += 2
            if room < 6:
                continue
            far = max(abs(me.u + du * room - u), abs(me.v + dv * room - v))
            worth = far + room / 2 - 2 * woods          # woods halve a tank's speed
            if score is None or worth > score:
                best, score = heading, worth
        return best

    def _keep_off(self, me, foe, distance):
        """Against a hidden sub: stay out of its missile's easy reach, wait for it to show."""
        if self.enemy_kind != "S" or self.level == 1:         # the careless player walks in
            return False
        return not foe.shown and distance < self.skill.standoff + 4

    def _tank(self, me, foe):
        dodge = self._dodge(me, foe) if self.enemy_kind != "S" else None   # a guided missile: flee
        if dodge is not None:
            return DIRECTIONS[dodge]
        target = self._target()
        if target is None:
            return NEUTRAL
        distance = max(abs(target[0] - me.u), abs(target[1] - me.v))
        away = self._missile_flight(me, foe)
        if away is not None and self.skill.cover and foe.shown:
            return self._answer_missile(me, foe, away, distance)
        if away is not None and not (foe.shown and not me.shot
                                     and self._aligned(me.u, me.v, (foe.u, foe.v), RANGE["T"] - 4, "T")):
            return self._go(me, me.u + 8 * STEP[away][0], me.v + 8 * STEP[away][1])
        if self._keep_off(me, foe, distance):
            if self.skill.cover:
                return DIRECTIONS[self._open_way(me, *target)]
            return self._go(me, 2 * me.u - target[0], 2 * me.v - target[1])
        if self._ready(me):
            aim = self._target(flight=distance * 60 / SHOT_SPEED["T"])     # frames
            heading = self._aligned(me.u, me.v, aim, RANGE["T"] - 4, "T")
            if heading is not None:
                return self._fire(heading)
        if (self.skill.strafe or (self.skill.cover and self._threatened(me, foe))) \
                and distance <= RANGE["T"] - 8:
            return self._strafe(me, target)
        return self._approach(me, target, self.skill.standoff)

    def _strafe(self, me, target):
        """Moves across the line to the enemy, turning back now and then or when blocked."""
        if self.strafe_left <= 0:
            self.strafe_turn = self.rng.choice((2, 6, 3, 5))
            self.strafe_left = 20 + self.rng.randrange(50)
        self.strafe_left -= 1
        heading = (heading_to(target[0] - me.u, target[1] - me.v) + self.strafe_turn) % 8
        du, dv = STEP[heading]
        if not can_be(self.kind, self.ground.at_point(me.u + 6 * du, me.v + 6 * dv)) \
                or self.ground.at_point(me.u + 6 * du, me.v + 6 * dv) == MINE or self.still > 3:
            self.strafe_turn = 8 - self.strafe_turn
            self.strafe_left = 20 + self.rng.randrange(40)
            self.still = 0
            heading = (heading_to(target[0] - me.u, target[1] - me.v) + self.strafe_turn) % 8
        return DIRECTIONS[heading]

    def _approach(self, me, target, distance):
        goals = self._firing_cells(target, distance) or self._firing_cells(target, distance // 2)
        cell = self._route(me, goals) if goals else None
        if cell is None:
            return self._go(me, *target)
        if cell == self.ground.cell_of(me.u, me.v):
            su, sv = target[0] - me.u, target[1] - me.v
            heading = heading_to(su, sv)
            # line up: move across the line to the target until it is along a heading
            if abs(abs(su) - abs(sv)) < abs(su) and abs(abs(su) - abs(sv)) < abs(sv):
                if abs(su) > abs(sv):
                    return self._go(me, me.u + (abs(su) - abs(sv)) * (1 if su > 0 else -1), me.v)
                return self._go(me, me.u, me.v + (abs(sv) - abs(su)) * (1 if sv > 0 else -1))
            if abs(su) < abs(sv):
                return self._go(me, target[0], me.v)
            return self._go(me, me.u, target[1]) if abs(sv) > 0.5 else DIRECTIONS[heading]
        return self._go(me, *self.ground.middle(*cell))

    def _submarine(self, me, foe):
        if me.shot:                        # guide the missile; let go when the blast reaches
            if foe.shot and max(abs(foe.shot_u - me.u), abs(foe.shot_v - me.v)) <= 20:
                dive = self._dive(me, foe)          # the enemy's missile is close: let go, go deep
                if dive is not None:
                    return DIRECTIONS[dive]
            target = self._target()
            if target is None:
                return frozenset({FIRE, "up"})
            du, dv = target[0] - me.shot_u, target[1] - me.shot_v
            if abs(du) <= BLAST_U - 4 and abs(dv) <= BLAST_V - 4:
                return NEUTRAL
            if self.frame % self.skill.steer and FIRE in self.last:
                return self.last          # the hand corrects the course only now and then
            return frozenset(DIRECTIONS[heading_to(du, dv)] | {FIRE})
        target = self._target()
        dodge = self._dodge(me, foe)
        if dodge is not None:
            return DIRECTIONS[dodge]      # moving is submerging
        dive = self._dive(me, foe)
        if dive is not None:
            return DIRECTIONS[dive]
        if self.look:
            self.look -= 1
            return NEUTRAL
        if self.rng.random() < self.skill.periscope / 30:
            self.look = 30                # up periscope for half a second
            return NEUTRAL
        if target is None:
            return self._go(me, *self.ground.middle(COLUMNS // 2, ROWS // 2))
        du, dv = target[0] - me.u, target[1] - me.v
        reach = RANGE["S"] * self.skill.launch
        if max(abs(du), abs(dv)) <= reach and not self.fire_was and foe.alive:
            return frozenset({FIRE})      # launch (it starts upward)
        near = self.ground.cell_of(*target)
        if near not in self.sea:
            middle = Ground.middle(*near)
            self.sea[near] = [(c, r) for r in range(ROWS) for c in range(COLUMNS)
                              if self.ground.cells[r][c] == WATER
                              and max(abs(Ground.middle(c, r)[0] - middle[0]),
                                      abs(Ground.middle(c, r)[1] - middle[1])) <= reach - 8]
        goals = self.sea[near]
        cell = self._route(me, goals) if goals else None
        if cell is None or cell == self.ground.cell_of(me.u, me.v):
            if self.skill.cover:          # keep moving: a moving sub is submerged
                return DIRECTIONS[(self.frame // 20) % 2 * 4]
            return self._go(me, *target)
        return self._go(me, *self.ground.middle(*cell))

    def _dive(self, me, foe):
        """Against an enemy sub's missile in flight: a heading away from it (a sub that moves is
        deep below, out of the blast's reach), or None. Whether to dive is decided once a missile
        (the skill's dodge chance): the careless player stays up and watches it come."""
        if self.enemy_kind != "S" or not foe.shot:
            self.diving = None
            return None
        if self.diving is None:
            self.diving = self.rng.random() < self.skill.dodge
        if not self.diving:
            return None
        away = heading_to(me.u - foe.shot_u, me.v - foe.shot_v)
        for turn in (0, 1, -1, 2, -2, 3, -3, 4):
            if self._may_step(me, (away + turn) % 8):
                return (away + turn) % 8
        return away

    def _jet(self, me, foe):
        target = self._target()
        heading = me.heading
        want = heading
        if target is not None:
            du, dv = target[0] - me.u, target[1] - me.v
            if self._ready(me):
                aim = self._target(flight=max(abs(du), abs(dv)) * 60 / SHOT_SPEED["P"])
                aimed = self._aligned(me.u, me.v, aim, RANGE["P"] - 4, "P")
                if aimed == heading:
                    return self._fire(heading)
            want = heading_to(du, dv)
            if self._keep_off(me, foe, max(abs(du), abs(dv))) or (
                    self.level > 1 and max(abs(du), abs(dv)) < (JET_OFF_COVER if self.skill.cover
                                                           else JET_OFF).get(self.enemy_kind, 0)):
                want = heading_to(-du, -dv)     # a jet strikes from beyond the enemy's easy reach
            elif max(abs(du), abs(dv)) < {"P": 16, "S": 28}.get(self.enemy_kind, 0) and self.skill.dodge:
                want = (heading_to(du, dv) + self.strafe_turn) % 8    # break off: no head-on pass,
                                                                      # nor over a sub's launch
        sights = self._in_sights(me)
        if sights is not None and self.rng.random() < self.skill.dodge \
                and (target is None or want != heading or me.shot):
            want = (sights + self.strafe_turn) % 8   # out of the line its nose points along
        dodge = self._dodge(me, foe)
        if dodge is not None:
            want = dodge
        away = self._missile_flight(me, foe)
        if away is not None:
            want = away
        if self.skill.wander and self.rng.random() < self.skill.wander:
            want = heading                 # inattention: flies straight on
        want = self._clear_heading(me, want)          # trees and mountains ahead
        turn = (want - heading) % 8
        if turn == 0:
            return DIRECTIONS[heading]
        if self.skill.sharp or turn in (1, 7):
            ways = (1, -1) if turn <= 4 else (-1, 1)
            for way in ways:               # the way round whose next heading is clear
                if self._clear(me, (heading + way) % 8):
                    return DIRECTIONS[(heading + way) % 8]
            return DIRECTIONS[heading]
        return DIRECTIONS[want]            # the autopilot turns it, slowly

    def _in_sights(self, me):
        """The heading the enemy moves along (as seen) when it points at me within its range,
        else None: a jet or tank that moves points its gun where it goes."""
        if self.known is None or self.enemy_kind == "S":
            return None
        vu, vv = self.velocity
        if abs(vu) < 0.1 and abs(vv) < 0.1:
            return None
        heading = heading_to(vu, vv)
        su, sv = STEP[heading]
        du, dv = me.u - self.known[0], me.v - self.known[1]
        along = max(abs(du), abs(dv)) if su and sv else du * su + dv * sv
        if 0 < along <= RANGE[self.enemy_kind] and \
                max(abs(du - su * along), abs(dv - sv * along)) <= HIT_U + 2:
            return heading
        return None

    def _clear(self, me, heading, lookahead=None):
        """No tree or mountain within the lookahead along `heading` (a jet's way)."""
        su, sv = STEP[heading]
        for n in range(1, (lookahead or self.skill.lookahead) + 1):
            if self.ground.at_point(me.u + su * n, me.v + sv * n) in (WOODS, MOUNTAIN):
                return False
        return True

    def _clear_heading(self, me, want):
        for turn in (0, 1, -1, 2, -2, 3, -3, 4):
            h = (want + turn) % 8
            if self._clear(me, h):
                return h
        return want


def play_battle(game, red_bot, blue_bot, limit: int = BATTLE_FRAME_LIMIT, on_frame=None) -> str:
    """Runs the battle under way to its end with the bots on the sticks; the winner ("red",
    "blue" or "tie"). TimeoutError after `limit` frames. on_frame(game) is called each frame."""
    frames = 0
    while game.mode == "combat":
        if frames >= limit:
            raise TimeoutError(f"the battle did not end in {limit} frames "
                               f"(energies {game.red.energy}/{game.blue.energy})")
        game.sticks(red=red_bot.decide(game), blue=blue_bot.decide(game))
        game.tick()
        frames += 1
        if on_frame is not None:
            on_frame(game)
    game.sticks(red=NEUTRAL, blue=NEUTRAL)
    return game.winner
