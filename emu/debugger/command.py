"""`o2 debug`'s options and command: what the command registry (emu.cli) imports. The debugger
itself (emu.debugger.core, which loads the compiled core) is imported when the command runs, so
`o2 --version` and the other commands start without it."""
from emu.commands import add_machine_options, build_machine


def cmd_debug(args) -> int:
    from emu.debugger.core import Debugger, symbols_beside
    machine = build_machine(args, args.cart)
    debugger = Debugger(machine, symbols=args.symbols or symbols_beside(args.cart))
    try:
        if args.script:
            return debugger.run_script(args.script)
        debugger.run_prompt()
        return 0
    except KeyboardInterrupt:        # Ctrl-C during a script
        return 130
    finally:
        debugger.close()


def register(subparsers, commands):
    parser = subparsers.add_parser("debug", help="debug a cartridge: breakpoints, steps, back in time")
    add_machine_options(parser)
    parser.add_argument("--symbols", metavar="FILE.sym.json",
                        help="labels and source lines from o2asm (default: CART's .sym.json beside it)")
    parser.add_argument("--script", metavar="FILE", help="run these debugger commands and exit")
    parser.set_defaults(func=cmd_debug)
    commands["debug"] = parser
