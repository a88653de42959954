"""The window's keys under given settings: the key map `o2 run --help` ends with and the F1
panel shows (emu.frontend.window)."""


def key_map(data) -> str:
    """The window's keys as `o2 run --help` lists them (the defaults; config.toml may change them)."""
    return "window keys (defaults; change them in config.toml):\n" + "".join(
        f"  {what:<18} {keys}\n" for what, keys in key_rows(data))


def key_rows(data) -> list[tuple[str, str]]:
    """(what, keys) for each of the window's keys under the settings `data` (Config.data)."""
    hot, left, right = data["hotkeys"], data["joystick"]["left"], data["joystick"]["right"]
    slots, modifier = hot["slots"], hot["save_modifier"]
    stick = lambda table: "/".join(table[d] for d in ("up", "left", "down", "right")) + f" + {table['fire']}"
    keys = f"{slots[0]}-{slots[-1]}" if len(slots) > 1 else slots[0]
    numbers = f"slots 1-{len(slots)}" if len(slots) > 1 else "slot 1"
    return [("Odyssey² keys", "the PC keys with the same characters"),
            ("Conquest, 1 player", "C at the entry: console plays it (C: level 2, 3, off)"),
            ("left joystick", stick(left)), ("right joystick", stick(right)),
            ("load / save state", f"{keys} / {modifier}+{keys} ({numbers})"),
            ("pause", hot["pause"]), ("frame advance", f"{modifier}+{hot['pause']}"),
            ("reset", hot["reset"]), ("fullscreen", hot["fullscreen"]),
            ("screenshot", hot["screenshot"]), ("typing mode", hot["typing_mode"]),
            ("debugger", hot["debug"]), ("key help", hot["help"] or "(none)"), ("quit", hot["quit"])]
