"""The companion reads the cartridge's screen: frames from the emulator or a capture device
(capture), normalised and read field by field against a layout profile (picture, reader,
profile), followed over a war (tracker), a profile made from captures (calibrate), and the
`board watch`, `play` and `calibrate` commands (cli). Everything but cli and profile needs
OpenCV; cli imports the rest when a command runs.
"""
