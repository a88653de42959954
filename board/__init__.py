"""The Conquest of the World companion (`board`).

    rules    the engine: pure Python, new_game() and apply(state, action)
    log      one game as a durable SQLite log of actions
    record   the one path an action is recorded by (board battle, the screen companion)
    world    the board and scenario files; view: the board drawn
    cli      the `board` command
    screen   reading the cartridge's screen (OpenCV, the `capture` extra, loaded only there)
    combat   other war games' battles decided on the cartridge

May import: emu (the emulator for `board play`), cart (the cartridge and its wrapper), roms_free.
Nothing outside board imports it.
"""
