"""The words at the table: who acts next and the command that does it (`next:`), and what the rules allow now
(`board options`, counted by `board status`), each possibility with its command. Found by trying actions on
the rules engine, so the words never disagree with it (board/RULES.md, items 29-31)."""
from __future__ import annotations

import re

from . import rules
from .rules import RuleViolation


def next_line(state) -> str:
    """Who acts next and the command that does it (UPPER CASE: what to fill in; a|b: one of them)."""
    name, phase = state.name(state.current), state.phase
    if phase == "order":
        return "each player calls a number 0-9, one stops the readout: board first NAME=N ... --readout D"
    if phase == "over":
        return "game over"
    if state.confrontation:
        c = state.confrontation
        att, dfn = state.name(c.sides[c.attacking]), state.name(c.sides[1 - c.attacking])
        return (f"end game: {att} attacks {dfn}: board battle {att}|{dfn}|tie --weapons {att}=WEAPON,{dfn}=WEAPON "
                f"--energy {att}=LEFT,{dfn}=LEFT (the winner, each player's weapon and energy left on screen; "
                "rule 21E: attack and defence alternate; board options lists the weapons)")
    if state.war:
        war = state.war
        att, dfn = state.name(war.sides[0]), state.name(war.sides[1])
        return (f"war for {war.country}: {att} attacks, {dfn} defends (battles {war.wins[0]}-{war.wins[1]}): "
                f"board battle attacker|defender|tie --weapons ATT,DEF --energy ATT,DEF (the winner, each side's "
                "weapon and energy left on screen; board options lists the weapons)")
    if phase == "homelands":
        return f"{name} (choice of homelands): board homeland COUNTRY (board options lists the free homelands)"
    if phase == "home_alliances":
        return (f"{name} (start-up alliances, rule 4): board ally COUNTRY, or board pass to end them "
                "(board options lists them)")
    if phase == "final_round":
        return (f"{name} (final round, rule 20: one attack on an occupied country): board attack COUNTRY, "
                "or board pass (board options lists them)")
    if state.won:
        affordable = state.purchases and any(_legal(state, rules.Ally(c)) is not None for c in state.world.countries)
        may = (["buy one more alliance, board ally COUNTRY (13D)"] if affordable else []) + \
              ["continue attacking, board attack COUNTRY (13E)", "or pass the attack option, board pass"]
        unpaid = "" if affordable or not state.purchases else \
            "; its extra alliance purchase (13D) finds no country it can pay for now"
        return f"{name} won the war for {state.won} and may {', '.join(may)}{unpaid} (board options lists them)"
    return f"{name} (turns): board attack COUNTRY, board ally COUNTRY or board pass (board options lists them)"


def battle_sides(state) -> tuple[str, str] | None:
    """The names of this battle's attacker and defender (rule 21E: they alternate in the end game)."""
    if state.confrontation:
        c = state.confrontation
        return state.name(c.sides[c.attacking]), state.name(c.sides[1 - c.attacking])
    if state.war:
        return state.name(state.war.sides[0]), state.name(state.war.sides[1])
    return None


def summary(line: str) -> str:
    """An options line in a few words: "attack occupied 3 (board attack COUNTRY)", "or pass (board pass)"."""
    label, colon, items = line.partition(": ")
    if not colon or " may use" in label:
        return line
    label, _, command = label.partition(" (")
    count = len(items.split("), ")) if "(" in items else len(items.split(", "))
    return f"{label}: {count} ({command}"


def _cost(notes) -> str:
    paid = [re.search(r"(\d+) PBU\)?$|pays (\d+) PBU", n) for n in notes if "WARCHEST for" in n]
    amounts = [int(m.group(1) or m.group(2)) for m in paid if m]
    return f"{amounts[0]} PBU" if amounts else "free"


def _legal(state, action) -> list[str] | None:
    """The notes of `action` if the rules allow it now, else None."""
    try:
        return rules.apply(state, action)[1]
    except RuleViolation:
        return None


def _weapons_line(role: str, name: str, allowed, why: str, energy: int) -> str:
    return f"{role} {name} may use: {', '.join(allowed)}{why}; up to {energy} energy left"


def options(state) -> list[str]:
    """What the player to act may do now, found by trying each action on the rules engine
    (so this never disagrees with it), each line naming its command: the free homelands,
    alliances, attacks on unoccupied countries, occupied countries and homelands with their
    cost, what an ally may direct (--by, rule 18B), player alliances, and in a war or the end
    game the weapons and energy each side may use."""
    if state.phase in ("order", "over"):
        return []
    if state.war:
        war = state.war
        return [_weapons_line(role, state.name(side), [w for w in rules.WEAPONS if w not in war.destroyed[i]],
                              f" ({', '.join(sorted(war.destroyed[i]))} destroyed in this war, rule 12F)"
                              if war.destroyed[i] else "", war.energy[i])
                for i, (role, side) in enumerate((("attacker", war.sides[0]), ("defender", war.sides[1])))]
    if state.confrontation:
        c = state.confrontation
        return [_weapons_line(role, state.name(c.sides[i]), [w for w in rules.WEAPONS if w != c.barred[i]],
                              f" (the {c.barred[i]} is barred for this battle, rule 21F)" if c.barred[i] else "",
                              c.energy[i])
                for role, i in (("attacker", c.attacking), ("defender", 1 - c.attacking))]
    me = state.current
    groups: dict[str, list[str]] = {}
    if state.phase == "homelands":
        groups["choose a homeland (board homeland COUNTRY)"] = [
            f"{c} ({state.world.pbu[c]})" for c in state.world.countries
            if _legal(state, rules.ChooseHomeland(c)) is not None]
    directors = [(me, "")] + [(q, state.name(q)) for q in sorted(state.pact_of(me) - {me})
                             if state.phase in ("turns", "final_round")]
    for q, by in directors:
        via = f" --by {by}" if by else ""
        led = f", directed by {by} (rule 18B)" if by else ""
        for country in state.world.countries:
            notes = _legal(state, rules.Ally(country, by) if by else rules.Ally(country))
            if notes is not None:
                groups.setdefault(f"ally with{led} (board ally COUNTRY{via})", []).append(
                    f"{country} ({_cost(notes)})")
        for country in state.world.countries:
            notes = _legal(state, rules.Attack(country, by) if by else rules.Attack(country))
            if notes is not None:
                held = state.holdings.get(country)
                label = ("attack unoccupied" if held is None else
                         "attack a homeland" if held[1] == rules.HOMELAND else "attack occupied")
                owner = f", {state.name(held[0])}" if held else ""
                groups.setdefault(f"{label}{led} (board attack COUNTRY{via})", []).append(
                    f"{country} ({_cost(notes)}{owner})")
    partners = []
    for q in state.active():
        if q in state.pact_of(me):
            continue
        members = sorted(state.pact_of(me) | state.pact_of(q))
        partner = " + ".join(state.name(p) for p in sorted(state.pact_of(q)))
        if partner not in partners and \
                _legal(state, rules.FormPact(tuple(state.name(p) for p in members))) is not None:
            partners.append(partner)
    if partners:
        ours = " ".join(state.name(p) for p in sorted(state.pact_of(me)))
        groups[f"player alliance with (board pact {ours} PLAYER, rule 18)"] = partners
    lines = [f"{label}: {', '.join(items)}" for label, items in groups.items() if items]
    if _legal(state, rules.Pass()) is not None:
        lines.append("or pass (board pass)")
    return lines
