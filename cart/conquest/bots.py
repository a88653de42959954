"""Bots that play Conquest of the World through the joysticks, deciding from the wrapper's state
(positions, weapons, the shot in flight), so whole battles and wars run headless.

A bot is deterministic: its only randomness is a random.Random seeded by the caller, so the same
seeds give the same battle frame for frame. Positions are the RAM map's x/y (x grows to the
right, y downwards, as the VDC's); a bot never reads the screen.

    game = Conquest(machine); game.enter(red=("T", 300), blue=("P", 300))
    winner = play_battle(game, Bot("red", seed=1), Bot("blue", seed=2))
"""
import math
import random

# The eight joystick directions, by angle (0 = right, counter-clockwise, y up on screen).
DIRECTIONS = (
    frozenset({"right"}), frozenset({"up", "right"}), frozenset({"up"}), frozenset({"up", "left"}),
    frozenset({"left"}), frozenset({"down", "left"}), frozenset({"down"}), frozenset({"down", "right"}),
)
NEUTRAL = frozenset()
FIRE = "fire"
# How a bot behaves (in frames and position units of the RAM map).
STUCK_FRAMES = 20        # no progress this long: take a detour
DETOUR_FRAMES = 30
AIM_TOLERANCE = math.pi / 10   # fire when the target is this close to the heading
SUB_PERISCOPE_EVERY = 90       # a sub stops to look this often, for this long
SUB_PERISCOPE_FRAMES = 12
MISSILE_BLAST_DISTANCE = 6     # release the button (blast) when the missile is this near
BATTLE_FRAME_LIMIT = 60 * 60 * 10


def direction_index(dx: float, dy: float) -> int:
    """The joystick direction (0-7) closest to the screen vector (dx, dy), y down."""
    return round(math.atan2(-dy, dx) / (math.pi / 4)) % 8


def angle_between(a: float, b: float) -> float:
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


class Bot:
    """Plays one side: steers toward the enemy, fires when aimed, guides missiles home, detours
    when blocked (water, a tree line) and wanders a little so two bots never lock up."""

    def __init__(self, side: str, seed: int = 0, aggression: float = 1.0):
        self.side = side
        self.enemy = "blue" if side == "red" else "red"
        self.rng = random.Random(seed)
        self.aggression = aggression
        self.frame = 0
        self.last_position = None
        self.still = 0
        self.detour = 0
        self.detour_direction = 0
        self.last_direction = 0

    def decide(self, game) -> frozenset:
        """The buttons to hold this frame."""
        me, foe = game.side(self.side), game.side(self.enemy)
        self.frame += 1
        if not me.alive:
            return NEUTRAL
        dx, dy = foe.x - me.x, foe.y - me.y
        want = direction_index(dx, dy)
        position = (me.x, me.y)
        self.still = self.still + 1 if position == self.last_position else 0
        self.last_position = position
        if me.weapon == "S":
            return self._submarine(me, foe, want)
        if self.detour:
            self.detour -= 1
            direction = self.detour_direction
        elif self.still > STUCK_FRAMES and me.weapon == "T":
            self.detour = DETOUR_FRAMES
            self.detour_direction = (want + self.rng.choice((2, -2, 3, -3))) % 8
            self.still = 0
            direction = self.detour_direction
        else:
            direction = want if self.rng.random() < 0.9 * self.aggression else self.last_direction
        self.last_direction = direction
        buttons = set(DIRECTIONS[direction])
        heading = direction * math.pi / 4
        target = math.atan2(-dy, dx)
        if angle_between(heading, target) < AIM_TOLERANCE and self.frame % 4 == 0:
            buttons.add(FIRE)
        return frozenset(buttons)

    def _submarine(self, me, foe, want):
        in_flight = bool(me.shot_state)
        if in_flight and me.shot_x is not None:
            dx, dy = foe.x - me.shot_x, foe.y - me.shot_y
            if math.hypot(dx, dy) <= MISSILE_BLAST_DISTANCE:
                return NEUTRAL                      # release: the missile blasts here
            return frozenset(DIRECTIONS[direction_index(dx, dy)] | {FIRE})
        if self.frame % SUB_PERISCOPE_EVERY < SUB_PERISCOPE_FRAMES:
            return NEUTRAL                          # up periscope
        if self.frame % SUB_PERISCOPE_EVERY == SUB_PERISCOPE_FRAMES + 1:
            return frozenset({FIRE})                # launch (it starts upward)
        if self.still > STUCK_FRAMES:
            self.detour, self.still = DETOUR_FRAMES, 0
            self.detour_direction = (want + self.rng.choice((2, -2))) % 8
        if self.detour:
            self.detour -= 1
            return DIRECTIONS[self.detour_direction]
        return DIRECTIONS[want]


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
