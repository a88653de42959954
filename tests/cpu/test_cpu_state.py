"""The CPU's save-state visitor (cpu8048_state) keeps every field of the register file.

Checked through the console's save/load, the only caller of the visitor."""
from emu.native import Machine, ffi

# A distinct, valid value for every o2_cpu_state field (psw keeps bit 3; pc 12 bits; 0/1 flags; the
# clock within a frame of the VDC's beam, which a fresh machine has at 0: a state whose CPU clock and
# beam are further apart is refused as damaged).
VALUES = {"cycles": 0x1234, "pc": 0x9AB, "a": 0xA5, "psw": 0xDD, "f1": 1, "mb": 1,
          "in_irq": 1, "xirq_enabled": 1, "tirq_enabled": 1, "timer_flag": 1, "tirq_pending": 1,
          "timer": 0x3C, "prescaler": 29, "timer_mode": 2, "p1": 0x81, "p2": 0x42, "bus": 0x24,
          "t0": 1, "t1": 1, "int_pin": 1}


def test_every_cpu_field_is_saved_and_loaded():
    m = Machine("ntsc")
    cpu = m.cpu
    assert {name for name, _ in ffi.typeof("o2_cpu_state").fields} == set(VALUES) | {"ram"}
    for name, value in VALUES.items():
        setattr(cpu, name, value)
    m.iram[:] = range(64, 128)
    state = m.save_state()
    for name in VALUES:
        setattr(cpu, name, 0)
    m.iram[:] = 0
    assert m.load_state(state) is None
    assert {name: getattr(cpu, name) for name in VALUES} == VALUES
    assert list(m.iram) == list(range(64, 128))
