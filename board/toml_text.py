"""TOML text read for the companion's files (scenarios, combat mappings, screen profiles): what
the parser refuses becomes the file's own error, one line naming the file."""


def parse_toml(text: str, error, what: str, syntax: str = "") -> dict:
    """`text` parsed; a syntax error, or a nesting deeper than the parser can follow, raised as
    error(message) (`syntax` put before the parser's message; `what` names the kind of file)."""
    import tomllib         # only where a file is read: `board` starts without the parser
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise error(f"{syntax}{err}") from None
    except RecursionError:
        raise error(f"nested too deeply for {what}") from None
