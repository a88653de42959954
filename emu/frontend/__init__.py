"""The front end of `o2 run`: the window, its sound, keys and on-screen panels, and the Session
that window and headless runs share.

    run      o2 run's window options and run_window() (what emu.cli registers; no SDL loaded)
    session  one run, window or headless: machine, movie, WAV, starting state (SessionOptions)
    window   the SDL loop: events, hotkeys, pacing; video, audio, osd, help draw and sound for it
    files    save-state slots, screenshots, WAV files
    sdl      pysdl2, imported once

May import: emu's core modules (emu.odyssey2, emu.native, emu.config, emu.input, emu.movie,
emu.keys, emu.commands, emu.errors), roms_free, and emu.debugger (the window's debug console,
imported when opened). Never emu.cli, board or cart. Only window, video, audio and sdl load SDL.
"""
