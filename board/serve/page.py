"""The page: the state document drawn as HTML. Every piece of text from the game (player,
scenario and country names, event summaries) goes through html.escape; the page's script only
swaps in this HTML and the clock's words, so there is one drawing of the page, here."""
from __future__ import annotations

import re
from html import escape
from importlib import resources

from ..view import PLAYER_COLOURS

STATIC = resources.files(__package__) / "static"


def _e(value) -> str:
    return escape(str(value), quote=True)


def _colour(seat: int) -> str:
    r, g, b = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    return f"#{r:02x}{g:02x}{b:02x}"


def panel(doc: dict) -> str:
    """The live part of the page for one revision of the state document."""
    out = [f'<div id="panel" data-revision="{int(doc["revision"])}">']
    file = doc["file"]
    if file["status"] != "ok":
        what = "The game file is missing" if file["status"] == "missing" else "The game file is damaged"
        out.append(f'<p class="problem" role="alert"><strong>{what}:</strong> {_e(file["problem"])}'
                   + ("<br>Below: the game as last read." if doc["game"] else "") + "</p>")
    game = doc["game"]
    if game is None:
        out.append("</div>")
        return "".join(out)
    out.append(f'<h1>{_e(game["scenario"])} <small>{_e(game["phase_words"])}</small></h1>')
    if game["game_over"]:
        winners = ", ".join(game["winners"]) or "nobody"
        out.append(f'<p class="winner">Game over. Winner: {_e(winners)}</p>')
    out.append(f'<p class="next"><span class="label">next:</span> {_e(game["next"])}</p>')
    clock = game["clock"]
    if clock:
        words = clock["countdown"] or "game over"
        out.append(f'<p class="clock{" paused" if clock["paused"] else ""}">time limit '
                   f'{int(clock["time_limit_minutes"])} minutes: <span id="countdown">{_e(words)}</span>'
                   + (" (time is up: the next action records it)" if clock["time_call_due"] else "")
                   + "</p>")
    out.append(f'<p class="chest">WARCHEST {int(game["warchest"])} PBU'
               + (f' · playing to record {int(game["target"])}' if game["target"] else "") + "</p>")
    if game["war"]:
        w = game["war"]
        out.append(f'<p class="war">war for {_e(w["country"])}: {_e(w["attacker"])} attacks, '
                   f'{_e(w["defender"])} defends; battles {int(w["wins"][0])}-{int(w["wins"][1])}; '
                   f'energy {int(w["energy"][0])} vs {int(w["energy"][1])}</p>')
    if game["confrontation"]:
        c = game["confrontation"]
        out.append(f'<p class="war">end game: {_e(c["sides"][0])} {int(c["energy"][0])} vs '
                   f'{_e(c["sides"][1])} {int(c["energy"][1])} energy</p>')
    out.append('<div class="players">')
    for player in game["players"]:
        flags = (" out" if player["eliminated"] else "") + (" won" if player["winner"] else "")
        out.append(f'<section class="player{flags}"><h2><span class="swatch" '
                   f'style="background:{_colour(player["seat"])}"></span>{_e(player["name"])}'
                   + (" <em>WINNER</em>" if player["winner"] else "")
                   + (" <em>OUT</em>" if player["eliminated"] else "") + "</h2>"
                   f'<p><span class="record">POWER BASE RECORD {_e(player["record"])}</span> · '
                   f'chips {int(player["chips"])} PBU · homeland {_e(player["homeland"] or "-")}</p>')
        for kind in ("conquered", "allied"):
            if player[kind]:
                out.append(f'<p class="held">{kind}: {_e(", ".join(player[kind]))}</p>')
        if player["alliance"]:
            out.append(f'<p class="held">player alliance with {_e(", ".join(player["alliance"]))}</p>')
        out.append("</section>")
    out.append("</div>")
    if game["options"]:
        out.append(f'<div class="options"><p>{_e(game["options_heading"])}</p><ul>'
                   + "".join(f"<li>{_e(line)}</li>" for line in game["options"]) + "</ul></div>")
    out.append(f'<img class="board" src="board.png?rev={int(doc["revision"])}" '
               f'alt="the board: zone charts and the POWER BASE RECORD track">')
    if game["last_events"]:
        out.append('<h2>Last events</h2><ol class="events" reversed>')
        for event in reversed(game["last_events"]):
            undone = "" if event["in_force"] else ' <span class="undone">(undone)</span>'
            notes = "".join(f"<li>{_e(n)}</li>" for n in event["notes"])
            out.append(f'<li value="{int(event["seq"])}"><span class="seq">#{int(event["seq"])}</span> '
                       f'{_e(event["summary"])}{undone}'
                       f' <time>{_e(event["recorded_at"])}</time>'
                       + (f"<ul>{notes}</ul>" if notes else "") + "</li>")
        out.append("</ol>")
    out.append("</div>")
    return "".join(out)


def page(doc: dict, allow_actions: bool = False) -> str:
    """The whole page: the shell from static/page.html with the current panel inside."""
    shell = (STATIC / "page.html").read_text(encoding="utf-8")
    title = doc["game"]["scenario"] if doc["game"] else doc["file"]["name"]
    actions = (STATIC / "actions.html").read_text(encoding="utf-8") if allow_actions else ""
    parts = {"title": _e(title), "panel": panel(doc), "actions": actions}
    # One pass over the shell: a marker typed in a player's name is not a marker.
    return re.sub(r"\{\{(\w+)\}\}", lambda m: parts[m.group(1)], shell)
