"""PC key names as SDL names them, and their SDL key codes, without loading SDL.

The settings file names PC keys the way SDL does ("Left Ctrl", "Keypad +", "F1"); checking a
settings file must not need SDL (a headless run reads it too), so the names SDL knows are listed
here. The table between the markers is generated from SDL (`python -m emu.key_names`, run after
changing the pysdl2-dll version); tests/frontend/test_key_names.py checks it against SDL.
"""
import sys

# A one-character name is that character's code (letters A-Z as their lower case); longer
# names are looked up case-insensitively in NAMED.
# ---- generated from SDL by `python -m emu.key_names`: do not edit ----
NAMED = {
    'ac back': 1073742094,
    'ac bookmarks': 1073742098,
    'ac forward': 1073742095,
    'ac home': 1073742093,
    'ac refresh': 1073742097,
    'ac search': 1073742092,
    'ac stop': 1073742096,
    'again': 1073741945,
    'alterase': 1073741977,
    'app1': 1073742107,
    'app2': 1073742108,
    'application': 1073741925,
    'audiofastforward': 1073742110,
    'audiomute': 1073742086,
    'audionext': 1073742082,
    'audioplay': 1073742085,
    'audioprev': 1073742083,
    'audiorewind': 1073742109,
    'audiostop': 1073742084,
    'backspace': 8,
    'brightnessdown': 1073742099,
    'brightnessup': 1073742100,
    'calculator': 1073742090,
    'call': 1073742113,
    'cancel': 1073741979,
    'capslock': 1073741881,
    'clear': 1073741980,
    'clear / again': 1073741986,
    'computer': 1073742091,
    'copy': 1073741948,
    'crsel': 1073741987,
    'currencysubunit': 1073742005,
    'currencyunit': 1073742004,
    'cut': 1073741947,
    'decimalseparator': 1073742003,
    'delete': 127,
    'displayswitch': 1073742101,
    'down': 1073741905,
    'eject': 1073742105,
    'end': 1073741901,
    'endcall': 1073742114,
    'escape': 27,
    'execute': 1073741940,
    'exsel': 1073741988,
    'f1': 1073741882,
    'f10': 1073741891,
    'f11': 1073741892,
    'f12': 1073741893,
    'f13': 1073741928,
    'f14': 1073741929,
    'f15': 1073741930,
    'f16': 1073741931,
    'f17': 1073741932,
    'f18': 1073741933,
    'f19': 1073741934,
    'f2': 1073741883,
    'f20': 1073741935,
    'f21': 1073741936,
    'f22': 1073741937,
    'f23': 1073741938,
    'f24': 1073741939,
    'f3': 1073741884,
    'f4': 1073741885,
    'f5': 1073741886,
    'f6': 1073741887,
    'f7': 1073741888,
    'f8': 1073741889,
    'f9': 1073741890,
    'find': 1073741950,
    'help': 1073741941,
    'home': 1073741898,
    'insert': 1073741897,
    'kbdillumdown': 1073742103,
    'kbdillumtoggle': 1073742102,
    'kbdillumup': 1073742104,
    'keypad !': 1073742031,
    'keypad #': 1073742028,
    'keypad %': 1073742020,
    'keypad &': 1073742023,
    'keypad &&': 1073742024,
    'keypad (': 1073742006,
    'keypad )': 1073742007,
    'keypad *': 1073741909,
    'keypad +': 1073741911,
    'keypad +/-': 1073742039,
    'keypad ,': 1073741957,
    'keypad -': 1073741910,
    'keypad .': 1073741923,
    'keypad /': 1073741908,
    'keypad 0': 1073741922,
    'keypad 00': 1073742000,
    'keypad 000': 1073742001,
    'keypad 1': 1073741913,
    'keypad 2': 1073741914,
    'keypad 3': 1073741915,
    'keypad 4': 1073741916,
    'keypad 5': 1073741917,
    'keypad 6': 1073741918,
    'keypad 7': 1073741919,
    'keypad 8': 1073741920,
    'keypad 9': 1073741921,
    'keypad :': 1073742027,
    'keypad <': 1073742021,
    'keypad =': 1073741927,
    'keypad = (as400)': 1073741958,
    'keypad >': 1073742022,
    'keypad @': 1073742030,
    'keypad ^': 1073742019,
    'keypad a': 1073742012,
    'keypad b': 1073742013,
    'keypad backspace': 1073742011,
    'keypad binary': 1073742042,
    'keypad c': 1073742014,
    'keypad clear': 1073742040,
    'keypad clearentry': 1073742041,
    'keypad d': 1073742015,
    'keypad decimal': 1073742044,
    'keypad e': 1073742016,
    'keypad enter': 1073741912,
    'keypad f': 1073742017,
    'keypad hexadecimal': 1073742045,
    'keypad memadd': 1073742035,
    'keypad memclear': 1073742034,
    'keypad memdivide': 1073742038,
    'keypad memmultiply': 1073742037,
    'keypad memrecall': 1073742033,
    'keypad memstore': 1073742032,
    'keypad memsubtract': 1073742036,
    'keypad octal': 1073742043,
    'keypad space': 1073742029,
    'keypad tab': 1073742010,
    'keypad xor': 1073742018,
    'keypad {': 1073742008,
    'keypad |': 1073742025,
    'keypad ||': 1073742026,
    'keypad }': 1073742009,
    'left': 1073741904,
    'left alt': 1073742050,
    'left ctrl': 1073742048,
    'left gui': 1073742051,
    'left shift': 1073742049,
    'mail': 1073742089,
    'mediaselect': 1073742087,
    'menu': 1073741942,
    'modeswitch': 1073742081,
    'mute': 1073741951,
    'numlock': 1073741907,
    'oper': 1073741985,
    'out': 1073741984,
    'pagedown': 1073741902,
    'pageup': 1073741899,
    'paste': 1073741949,
    'pause': 1073741896,
    'power': 1073741926,
    'printscreen': 1073741894,
    'prior': 1073741981,
    'return': 13,
    'right': 1073741903,
    'right alt': 1073742054,
    'right ctrl': 1073742052,
    'right gui': 1073742055,
    'right shift': 1073742053,
    'scrolllock': 1073741895,
    'select': 1073741943,
    'separator': 1073741983,
    'sleep': 1073742106,
    'softleft': 1073742111,
    'softright': 1073742112,
    'space': 32,
    'stop': 1073741944,
    'sysreq': 1073741978,
    'tab': 9,
    'thousandsseparator': 1073742002,
    'undo': 1073741946,
    'up': 1073741906,
    'volumedown': 1073741953,
    'volumeup': 1073741952,
    'www': 1073742088,
}
# ---- end of the generated table ----


def key_code(name) -> int:
    """SDL's key code for a PC key name, 0 for a name SDL does not know (as SDL_GetKeyFromName)."""
    if not isinstance(name, str) or not name:
        return 0
    if len(name) == 1:
        return ord(name.lower()) if "A" <= name <= "Z" else ord(name)
    return NAMED.get(name.lower(), 0)


def generated_table() -> dict[str, int]:
    """NAMED as SDL gives it: every scancode name longer than one character."""
    from emu.frontend.sdl import sdl2
    table = {}
    for scancode in range(sdl2.SDL_NUM_SCANCODES):
        name = sdl2.SDL_GetScancodeName(scancode).decode()
        if len(name) > 1:
            table.setdefault(name.lower(), sdl2.SDL_GetKeyFromName(name.encode()))
    return dict(sorted(table.items()))


def main() -> int:
    path = __file__
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    begin = text.index("NAMED = {\n")
    end = text.index("}\n# ---- end of the generated table ----")
    rows = "".join(f"    {name!r}: {code},\n" for name, code in generated_table().items())
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text[:begin] + "NAMED = {\n" + rows + text[end:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
