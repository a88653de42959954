"""`board serve`: the game live in a browser, on the phones and the TV around the table.

    board serve                          this machine only: http://127.0.0.1:8048/
    board serve --host 0.0.0.0           the table's network: prints the address to open
    board serve --allow-actions          players may record actions from the page (token printed)
"""
from __future__ import annotations

import argparse
from pathlib import Path

# The web stack (the `serve` extra) is imported by run() only: `board` itself stays quick.

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8048
MISSING_STACK = ("board serve needs starlette, uvicorn and sse-starlette: "
                 "pip install 'odyssey2[serve]'")


def add_command(sub) -> None:
    """Adds `board serve` to the `board` command's subparsers."""
    p = sub.add_parser("serve", help="the game live in a browser (phones, a TV)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", nargs="?", metavar="GAME.db", help="the game file (default: as -g)")
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}: this machine only; "
                        "0.0.0.0 for every network this machine is on)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT} (0: any free port)")
    p.add_argument("--allow-actions", action="store_true",
                   help="let the page record actions; each needs the token printed at the start")
    p.set_defaults(func=run)


def local_addresses() -> list[str]:
    """This machine's address on the network a phone would use (the default route's), found
    without sending anything."""
    import socket
    addresses = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))      # TEST-NET-1: connect() on UDP sends nothing
            addresses.append(probe.getsockname()[0])
        except OSError:
            pass
    return [a for a in addresses if not a.startswith("127.")] or ["127.0.0.1"]


def run(args) -> int:
    import secrets
    import socket          # the server's modules load when it runs: `board` starts without them
    from ..log import LogError
    from ..record import game_path
    try:
        import uvicorn

        from .app import create_app
    except ImportError:
        raise LogError(MISSING_STACK) from None
    path = game_path(args) if args.file is None else Path(args.file)
    if path.is_dir():
        raise LogError(f"{path}: is a directory")
    if not 0 <= args.port <= 65535:
        raise LogError(f"--port {args.port}: not a port number (0 to 65535)")
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((args.host, args.port))
        sock.listen(2048)       # listening before the address is printed: no refused first look
    except (OSError, OverflowError) as err:
        sock.close()
        raise LogError(f"--host {args.host} --port {args.port}: {getattr(err, 'strerror', None) or err}") from None
    port = sock.getsockname()[1]
    token = secrets.token_urlsafe(16) if args.allow_actions else None
    app = create_app(path, allow_actions=args.allow_actions, token=token)
    hosts = local_addresses() if args.host in ("0.0.0.0", "::") else [args.host]
    query = f"?token={token}" if token else ""
    for host in hosts:
        shown = f"[{host}]" if ":" in host else host
        print(f"board serve: {path} at http://{shown}:{port}/{query}")
    if args.host in ("0.0.0.0", "::"):
        print("  open that address on the phones and the TV (same network as this machine)")
    if token:
        print(f"  actions allowed: each request needs the token {token} "
              "(the address above carries it; keep it to the table)")
    else:
        print("  read-only: nothing on the page changes the game (--allow-actions to record from it)")
    if not path.exists():
        print(f"  {path} does not exist yet: the page shows the game once `board new` writes it")
    print("  Ctrl-C stops", flush=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=2,
                            lifespan="on")
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:       # uvicorn stops gracefully, then passes Ctrl-C on
        pass
    finally:
        sock.close()
    return 0
