"""The Starlette application behind `board serve`.

    GET /             the page (phone layout; a TV layout with large type on wide screens)
    GET /panel        the page's live part for the current revision (the page's script swaps it in)
    GET /board.png    the board as `board show --png` draws it
    GET /state.json   the state document (board/serve/state.py, docs/serve.md)
    GET /events       text/event-stream: "state" (the document), "game" (each new event, undo
                      and redo included) and "clock" (the countdown's words, each second)
    POST /action      only with --allow-actions and the printed token: one `board` command
    GET /static/...   the page's stylesheet, script and font (shipped in the package)

Nothing here writes the game file except POST /action, which runs the `board` command itself
(`python -m board.cli -g FILE ...`): the same argument handling, rules engine and log as typing
it, with its own printed lines as the answer.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shlex
import sys
from pathlib import Path

from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..view import FONT_FILE
from . import page
from .watch import POLL_SECONDS, GameWatcher

# The `board` commands a player may send from the page: the game's actions, the clock, undo and
# redo. Not `new`, `import` or `export` (they name other files), nor the readers.
ACTION_COMMANDS = ("first", "homeland", "ally", "attack", "battle", "pass", "pact", "break",
                   "timeup", "pause", "resume", "undo", "redo")
ACTION_SECONDS = 30         # a command waits up to 10 s for another's lock (board/log.py)
MAX_ACTION_CHARS = 2000
SSE_PING_SECONDS = 15
SEND_TIMEOUT_SECONDS = 30   # a viewer that takes nothing for this long (a phone asleep) is dropped

SECURITY_HEADERS = {
    # No inline script may run, even if some text escaped its escaping.
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "style-src-attr 'unsafe-inline'; img-src 'self'; font-src 'self'; connect-src 'self'; "
                               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class _Headers:
    """ASGI middleware adding SECURITY_HEADERS to every HTTP answer."""

    def __init__(self, app):
        self.app = app
        self.extra = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": list(message.get("headers", [])) + self.extra}
            await send(message)
        await self.app(scope, receive, sending)


def create_app(path: str | Path, allow_actions: bool = False, token: str | None = None,
               interval: float = POLL_SECONDS) -> Starlette:
    """The application for the game file `path`. With `allow_actions`, POST /action needs
    `token` in the X-Board-Token header."""
    path = Path(path)
    if allow_actions and not token:
        raise ValueError("actions need a token")
    holder: dict = {}

    def watcher() -> GameWatcher:
        return holder["watcher"]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        holder["watcher"] = GameWatcher(path, interval)
        task = asyncio.create_task(holder["watcher"].run())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            holder["watcher"].close()

    async def index(request: Request):
        html = page.page(watcher().current(), allow_actions)
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def panel(request: Request):
        w = watcher()
        return HTMLResponse(w.panel_html, headers={"Cache-Control": "no-store",
                                                   "X-Board-Revision": str(w.revision)})

    async def picture(request: Request):
        data = await watcher().picture()
        if data is None:
            return Response("no game to draw", status_code=404, media_type="text/plain")
        return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})

    async def state_json(request: Request):
        return JSONResponse(watcher().current(), headers={"Cache-Control": "no-store"})

    async def events(request: Request):
        import anyio
        shutdown = anyio.Event()        # set by sse-starlette when the server stops (Ctrl-C)
        return EventSourceResponse(_stream(watcher(), shutdown), ping=SSE_PING_SECONDS,
                                   shutdown_event=shutdown, shutdown_grace_period=1,
                                   send_timeout=SEND_TIMEOUT_SECONDS,
                                   headers={"Cache-Control": "no-store"})

    lock = asyncio.Lock()

    async def action(request: Request):
        if not allow_actions:
            return JSONResponse({"error": "this page is read-only (board serve --allow-actions "
                                          "lets players act from it)"}, status_code=403)
        given = request.headers.get("x-board-token", "")
        if not secrets.compare_digest(given.encode(), token.encode()):
            return JSONResponse({"error": "wrong or missing token (the one board serve printed)"},
                                status_code=403)
        try:
            body = json.loads(await request.body())
            line = body["command"]
            if not isinstance(line, str) or len(line) > MAX_ACTION_CHARS or "\x00" in line:
                raise ValueError("command must be a line of text")
            argv = shlex.split(line)
        except (ValueError, KeyError, TypeError) as err:
            return JSONResponse({"error": f"expected {{\"command\": \"attack Indonesia\"}} ({err})"},
                                status_code=400)
        if argv[:1] == ["board"]:
            argv = argv[1:]
        if not argv or argv[0] not in ACTION_COMMANDS:
            return JSONResponse({"error": f"not a game action; one of: {', '.join(ACTION_COMMANDS)}"},
                                status_code=400)
        if any(a == "-g" or a.startswith(("-g", "--game", "--g")) for a in argv[1:]):
            return JSONResponse({"error": "the game file is the one being served"}, status_code=400)
        async with lock:
            status, output = await _run_board(path, argv)
        await watcher().refresh()
        return JSONResponse({"status": status, "output": output},
                            status_code=200 if status == 0 else 422)

    static = StaticFiles(directory=str(page.STATIC))

    async def font(request: Request):
        return Response(FONT_FILE.read_bytes(), media_type="font/ttf",
                        headers={"Cache-Control": "max-age=86400"})

    app = Starlette(routes=[
        Route("/", index), Route("/panel", panel), Route("/board.png", picture),
        Route("/state.json", state_json), Route("/events", events),
        Route("/action", action, methods=["POST"]), Route("/font.ttf", font),
        Mount("/static", static),
    ], lifespan=lifespan)
    app.add_middleware(_Headers)
    app.state.holder = holder
    return app


async def _stream(watcher: GameWatcher, shutdown):
    """One viewer's events: the state now, then each change, until the viewer leaves or the
    server stops (then the stream ends properly); counted while connected."""
    async def on_shutdown():
        await shutdown.wait()
        watcher.wake_viewers()
    stopper = asyncio.ensure_future(on_shutdown())
    watcher.viewers += 1
    try:
        revision, clock = watcher.revision, watcher.clock
        yield {"event": "state", "id": str(revision), "data": watcher.current_json()}
        while True:
            await watcher.wait(revision, clock, shutdown)
            if shutdown.is_set():
                return
            if watcher.revision != revision:
                for event in watcher.news_since(revision) or []:
                    yield {"event": "game", "id": str(watcher.revision), "data": json.dumps(event)}
                revision, clock = watcher.revision, watcher.clock
                yield {"event": "state", "id": str(revision), "data": watcher.current_json()}
            else:
                clock = watcher.clock
                yield {"event": "clock", "id": str(revision), "data": json.dumps(clock)}
    finally:
        watcher.viewers -= 1
        stopper.cancel()


async def _run_board(path: Path, argv: list[str]) -> tuple[int, str]:
    """`board -g PATH ARGV...` in its own process; its exit status and printed lines."""
    env = {k: v for k, v in os.environ.items() if k != "BOARD_GAME"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "board.cli", "-g", str(path.resolve()), *argv,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT, env=env)
    try:
        output, _ = await asyncio.wait_for(process.communicate(), ACTION_SECONDS)
    except asyncio.TimeoutError:
        process.kill()
        await process.wait()
        return 1, f"board {' '.join(argv)}: no answer within {ACTION_SECONDS} s"
    return process.returncode, output.decode("utf-8", "replace")
