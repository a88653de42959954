"""Save-state slots on disk and screenshot files."""
import numpy as np
from PIL import Image

from emu.frontend.files import SlotStore, next_screenshot_path, save_png


def test_slot_paths_are_per_cart(tmp_path):
    store = SlotStore(tmp_path, "ab" * 32)
    assert store.path(3) == tmp_path / ("ab" * 32) / "slot3.state"


def test_save_then_load_and_overwrite_leaves_no_temp_file(tmp_path):
    store = SlotStore(tmp_path, "cd" * 32)
    store.save(1, b"first")
    store.save(1, b"second")
    assert store.load(1) == b"second"
    assert sorted(p.name for p in store.folder.iterdir()) == ["slot1.state"]


def test_empty_slot_raises_file_not_found(tmp_path):
    store = SlotStore(tmp_path, "ef" * 32)
    try:
        store.load(2)
    except FileNotFoundError:
        pass
    else:
        raise AssertionError("an empty slot must raise FileNotFoundError")


def test_screenshot_numbering_continues_after_the_highest(tmp_path):
    assert next_screenshot_path(tmp_path, "demo") == tmp_path / "demo-0001.png"
    (tmp_path / "demo-0001.png").write_bytes(b"")
    (tmp_path / "demo-0007.png").write_bytes(b"")
    (tmp_path / "other-0009.png").write_bytes(b"")
    assert next_screenshot_path(tmp_path, "demo") == tmp_path / "demo-0008.png"


def test_png_holds_the_screen_pixels(tmp_path):
    screen = np.zeros((243, 360, 3), dtype=np.uint8)
    screen[10, 20] = (0x79, 0x00, 0x00)
    screen[242, 359] = (0xFF, 0xFF, 0xFF)
    path = save_png(screen, tmp_path / "shot.png")
    image = Image.open(path)
    assert image.size == (360, 243) and image.mode == "RGB"
    assert image.getpixel((20, 10)) == (0x79, 0x00, 0x00)
    assert image.getpixel((359, 242)) == (0xFF, 0xFF, 0xFF)
    assert image.getpixel((0, 0)) == (0, 0, 0)


def test_wav_file_holds_every_sample(tmp_path):
    import wave
    from emu.frontend.files import WavRecorder
    wav = WavRecorder(tmp_path / "out.wav", 48000)
    wav.write(np.array([0, 1, -1, 32767], dtype=np.int16))
    wav.write(np.array([-32768], dtype=np.int16))
    wav.close()
    with wave.open(str(tmp_path / "out.wav"), "rb") as f:
        assert (f.getnchannels(), f.getsampwidth(), f.getframerate(), f.getnframes()) == (1, 2, 48000, 5)
        assert f.readframes(5) == bytes([0, 0, 1, 0, 0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x80])
