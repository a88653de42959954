"""VDC registers as the CPU sees them: read-back masks and floating bits (Horton's register
maps), write and read locks while displaying (MAME oracle, Horton), status and interrupt,
collisions (8245 spec's classes; values measured on the oracle), beam position latches."""
from cart.asm.assembler import assemble_text
from emu.odyssey2 import Odyssey2
from vdc_roms import (CTRL_GRID, CTRL_OBJECTS, TRACER_CHARSET, WAIT, char, machine, read_to_iram,
                      setup, sprite)



def reads(pairs_before, regs, **kw):
    body = setup(pairs_before) + "".join(read_to_iram(r, 0x20 + i) for i, r in enumerate(regs))
    m = machine(body, **kw)
    m.run_frames(1)
    return [int(v) for v in m.iram[0x20:0x20 + len(regs)]]


def test_read_back_masks_and_floating_bits():
    # Horton's maps: value = (register AND mask) OR (address AND floating bits).
    regs = [0x00, 0x01, 0x02, 0x0F, 0x10, 0x12, 0x13, 0x7F, 0x80, 0x9F,
            0xA3, 0xB3, 0xA6, 0xA7, 0xA9, 0xAA, 0xAF, 0xC0, 0xC8, 0xC9, 0xD0, 0xD9, 0xE9, 0xEA, 0xF5]
    pairs = [(r, 0xFF) for r in regs if r not in (0xA3, 0xB3, 0xA6, 0xA7, 0xA9)]
    assert reads(pairs, regs) == [0xFF, 0xFF, 0x00, 0x00, 0xFE, 0xFF, 0x1F, 0x7F, 0xFF, 0xFF,
                                  0xA3, 0xB3, 0xA6, 0xA7, 0xA9, 0xBF, 0xAF, 0xFF, 0xFF, 0x00,
                                  0xD1, 0xD8, 0xFF, 0x00, 0xF5]


def test_status_bit5_floats_high_and_b0_bf_mirror_a0_af():
    values = reads([(0xB0, 0x02), (0xBA, 0x85)], [0xA1, 0xB1, 0xA0, 0xAA])
    assert values[0] & 0x30 == 0x20 and values[1] & 0x30 == 0x20
    assert values[2] == 0x02 and values[3] == 0x85


def test_object_and_grid_registers_lock_while_displayed_but_shapes_do_not():
    first = [(0x00, 0x11), (0x10, 0x22), (0x13, 0x33), (0x80, 0x44), (0xC0, 0x55), (0xE0, 0x66),
             (0xA0, CTRL_OBJECTS | CTRL_GRID)]
    locked = [0x00, 0x10, 0x13, 0x80, 0xC0, 0xE0]
    body = setup(first) + "".join(read_to_iram(r, 0x20 + i) for i, r in enumerate(locked))
    body += setup([(0x00, 0x12), (0x10, 0x24), (0x13, 0x35), (0x80, 0x47), (0xC0, 0x59), (0xE0, 0x6A),
                   (0xA0, 0x00)])
    body += "".join(read_to_iram(r, 0x28 + i) for i, r in enumerate(locked))
    m = machine(body)
    m.run_frames(1)
    assert [int(v) for v in m.iram[0x20:0x26]] == [0x00, 0x00, 0x10, 0x44, 0x00, 0x00]
    assert [int(v) for v in m.iram[0x28:0x2E]] == [0x11, 0x22, 0x13, 0x47, 0x55, 0x66]


def test_vblank_status_is_latched_until_status_is_read():
    m = machine("")
    m.run_frames(1)        # the frame boundary comes just after VBLANK (and its interrupt) rose
    assert m.vdc_regs[0xA1] & 0x08 == 0x08 and m.vdc_regs[0xA1] & 0x08 == 0x08   # peek keeps it
    m = machine(WAIT + read_to_iram(0xA1, 0x20) + read_to_iram(0xA1, 0x21))
    m.run_frames(2)
    assert m.iram[0x20] & 0x08 == 0x08 and m.iram[0x21] & 0x08 == 0


ISR_CART = """
        org 400h
        jmp start
        jmp isr
start:  mov a,#0B7h
        outl p1,a
        mov r7,#0
        en i
here:   jmp here
isr:    mov r1,#0A1h
        movx a,@r1          ; reading the status releases /INT
        inc r7
        retr
"""


def bios_with_vectors():
    return assemble_text("        org 0\n        jmp 400h\n        org 3\n        jmp 402h\n").image(1024, fill=0)


def test_one_vblank_interrupt_per_frame_when_status_is_read():
    m = Odyssey2(cart=assemble_text(ISR_CART).image(2048, fill=0), bios=bios_with_vectors(),
                 charset=TRACER_CHARSET)
    m.run_frames(1)
    first = int(m.cpu.r[7])
    m.run_frames(10)
    assert int(m.cpu.r[7]) - first == 10


def test_interrupt_stays_asserted_until_status_is_read():
    # Without the status read the ISR returns into a still-low /INT and is entered again at once.
    m = Odyssey2(cart=assemble_text(ISR_CART.replace("movx a,@r1", "nop")).image(2048, fill=0),
                 bios=bios_with_vectors(), charset=TRACER_CHARSET)
    m.run_frames(2)
    assert int(m.cpu.r[7]) > 100


SOUND_ISR_CART = ISR_CART.replace("""        mov r7,#0
""", """        mov r1,#0A9h
        mov a,#0AAh
        movx @r1,a
        mov r1,#0AAh
        mov a,#0AFh         ; sound on, a shift every 4 lines
        movx @r1,a
        mov r1,#0A0h
        mov a,#CONTROL
        movx @r1,a
        mov r7,#0
""").replace("""        inc r7
""", """        mov r0,#20h
        orl a,@r0
        mov @r0,a           ; every status bit seen
        inc r7
""")


def test_sound_interrupt_every_24_shift_clocks_when_enabled():
    def run(control):
        m = Odyssey2(cart=assemble_text(SOUND_ISR_CART.replace("CONTROL", f"0{control:02X}h")).image(2048, fill=0),
                     bios=bios_with_vectors(), charset=TRACER_CHARSET)
        m.run_frames(2)
        first = int(m.cpu.r[7])
        m.run_frames(10)
        return int(m.cpu.r[7]) - first, int(m.iram[0x20])
    # 10 frames = 2630 lines = 657 or 658 shift clocks: 27 services, plus 10 VBLANKs.
    count, status = run(0x04)
    assert count == 37 and status & 0x0C == 0x0C
    count, status = run(0x00)      # without the enable the status bit stays clear (MAME)
    assert count == 10 and status & 0x0C == 0x08


def collision_cart(masks):
    objects = (sprite(0, 0x30, 0x20, 0x08) + sprite(1, 0x30, 0x24, 0x10) + sprite(2, 0x18, 0x06, 0x18)
               + sprite(3, 0x80, 0x80, 0x28) + char(0, 0x30, 0x28, 0x100 - 0x18, 4)
               + [(0xC0, 0x01), (0xE0, 0x01), (0xA3, 0x07), (0xA0, CTRL_OBJECTS | CTRL_GRID)])
    body = setup(objects)
    for k, mask in enumerate(masks):   # select, let a frame pass, discard, let a frame pass, read
        body += setup([(0xA2, mask)]) + WAIT + read_to_iram(0xA2, 0x3F) + WAIT + read_to_iram(0xA2, 0x20 + k)
    return body


def test_collisions_report_the_classes_met_by_the_selected_ones():
    # Sprite 0 overlaps sprite 1; sprite 1 also a character; sprite 2 both grid pieces; sprite 3
    # nothing. A class never reports itself, and grid pieces do not collide with each other.
    masks = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x80, 0xFF, 0x00]
    m = machine(collision_cart(masks), charset=bytes([0xFF] * 512))
    m.run_frames(30)
    assert [int(v) for v in m.iram[0x20:0x20 + len(masks)]] == [0x02, 0x81, 0x30, 0x00, 0x04, 0x04,
                                                                 0x02, 0xB7, 0x00]


def test_overlapping_characters_set_the_major_overlap_status():
    def status(x1):
        objects = char(0, 0xC0, 0x60, 0x000, 1) + char(1, 0xC0, x1, 0x008, 2) + [(0xA0, CTRL_OBJECTS)]
        m = machine(setup(objects) + WAIT + read_to_iram(0xA1, 0x20) + WAIT + read_to_iram(0xA1, 0x21))
        m.run_frames(4)
        return int(m.iram[0x20]) & 0x80, int(m.iram[0x21]) & 0x80
    assert status(0x64) == (0x80, 0x80)     # set again every frame after the read cleared it
    assert status(0x68) == (0, 0)           # touching, not overlapping


def test_beam_registers_follow_the_beam_and_freeze_when_the_strobe_drops():
    body = (setup([(0xA0, 0x02)]) + "        mov r1,#0A5h\n        movx a,@r1\n        mov r5,a\n"
            "        movx a,@r1\n        mov r6,a\n        mov r1,#0A4h\n        movx a,@r1\n        mov r7,a\n"
            + setup([(0xA0, 0x00)]) + read_to_iram(0xA5, 0x20) + read_to_iram(0xA4, 0x21)
            + WAIT + read_to_iram(0xA5, 0x22) + read_to_iram(0xA4, 0x23))
    m = machine(body)
    m.run_frames(3)
    x1, x2, y = int(m.cpu.r[5]), int(m.cpu.r[6]), int(m.cpu.r[7])
    assert x2 - x1 == 30           # 3 machine cycles = 60 half-clocks = 30 X units
    # The Y read comes 5 cycles (100 half-clocks) after the second X read; Y counts the next
    # line from half-clock 413 on (Horton). The first line after power-on is 243 (as MAME).
    assert y == (0xF4 if 2 * x2 + 100 >= 413 else 0xF3)
    frozen = [int(v) for v in m.iram[0x20:0x24]]
    assert frozen[:2] == frozen[2:] and frozen[1] in (0xF3, 0xF4)


def test_no_collisions_past_the_framebuffers_last_column():
    # Sprites 2 and 3 overlap only in half-clocks 362-365 (before HBLANK): MAME reports nothing,
    # and we draw objects in half-clocks 0-359 only. Moved 8 units left they do collide.
    def hits(x2, x3):
        objects = sprite(2, 0x80, x2, 0x18) + sprite(3, 0x80, x3, 0x28) + [(0xA2, 0x04), (0xA0, CTRL_OBJECTS)]
        m = machine(setup(objects) + WAIT + read_to_iram(0xA2, 0x3F) + WAIT + read_to_iram(0xA2, 0x20))
        m.run_frames(4)
        return int(m.iram[0x20])
    assert hits(0xB0, 0xAE) == 0x00
    assert hits(0xA8, 0xA6) == 0x08
