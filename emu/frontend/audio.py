"""Sound out: the SDL audio queue that paces the emulation.

Pacing: the machine produces one frame of samples (`machine.audio`, mono int16 at the sample
rate) per frame. The window loop queues them with SDL_QueueAudio and then waits until the queue
holds no more than `latency_frames` frames of sound. The audio device drains the queue at exactly
the sample rate, so the emulation runs at the machine's real frame rate (59.83 Hz NTSC, 49.7 Hz
PAL) locked to the sound card's clock: no drift, no resampling, no gap. An underrun is a moment
the queue ran empty while the emulation was running; they are counted for `--stats`.
When drawing a frame would take longer than the sound left in the queue, drawing is what gives:
the window loop skips showing that frame (it still runs it), and the queue's depth grows to
cover the time drawing takes, so a slow display costs latency, not crackle.
"""
import ctypes
import time

from emu.frontend.sdl import sdl2

SAMPLE_BYTES = 2          # int16 mono
DEVICE_BUFFER = 512       # samples per SDL callback period (about 11 ms at 44.1 kHz)
STALL_SECONDS = 0.5       # a queue that does not drain for this long: the device has gone


class AudioUnavailable(Exception):
    pass


class AudioOut:
    def __init__(self, sample_rate, frame_rate, latency_frames):
        wanted = sdl2.SDL_AudioSpec(sample_rate, sdl2.AUDIO_S16SYS, 1, DEVICE_BUFFER)
        have = sdl2.SDL_AudioSpec(0, 0, 0, 0)
        self.device = sdl2.SDL_OpenAudioDevice(None, 0, ctypes.byref(wanted), ctypes.byref(have), 0)
        if self.device == 0:
            raise AudioUnavailable(sdl2.SDL_GetError().decode(errors="replace") or "no audio device")
        self.bytes_per_second = have.freq * SAMPLE_BYTES
        self.frame_seconds = 1 / frame_rate
        self.base_target = round(have.freq / frame_rate * latency_frames) * SAMPLE_BYTES
        self.target_bytes = self.base_target
        self.underruns = 0
        self.started = False     # an underrun counts only once sound has been flowing

    def queue(self, samples):
        """Queue one frame of int16 samples (a C-contiguous numpy array)."""
        if self.started and sdl2.SDL_GetQueuedAudioSize(self.device) == 0:
            self.underruns += 1
        sdl2.SDL_QueueAudio(self.device, samples.ctypes.data_as(ctypes.c_void_p), samples.nbytes)
        if not self.started and sdl2.SDL_GetQueuedAudioSize(self.device) >= self.target_bytes:
            sdl2.SDL_PauseAudioDevice(self.device, 0)   # start playing once the queue is primed
            self.started = True

    def wait_for_room(self):
        """Block until the queue is down to the target depth: this is the frame pacing.
        False if the device stopped playing (nothing drained for STALL_SECONDS)."""
        if not self.started:
            return True
        stalled_since, last = None, None
        while True:
            queued = sdl2.SDL_GetQueuedAudioSize(self.device)
            excess = queued - self.target_bytes
            if excess <= 0:
                return True
            if queued != last:
                stalled_since, last = time.perf_counter(), queued
            elif time.perf_counter() - stalled_since > STALL_SECONDS:
                return False
            # Sleep about as long as the device needs to play the excess, then look again.
            time.sleep(max(0.0005, excess / self.bytes_per_second * 0.9))

    def slack(self):
        """Seconds of sound still queued: how long the loop may spend before it must queue more."""
        return sdl2.SDL_GetQueuedAudioSize(self.device) / self.bytes_per_second if self.started else 0.0

    def cover(self, seconds):
        """Keep at least `seconds` (plus a frame) queued: drawing takes that long right now."""
        wanted = round((seconds + self.frame_seconds) * self.bytes_per_second / SAMPLE_BYTES) * SAMPLE_BYTES
        self.target_bytes = max(self.base_target, wanted)

    def pause(self):
        """Stop the sound (emulation paused); the queue refills before it plays again."""
        sdl2.SDL_PauseAudioDevice(self.device, 1)
        sdl2.SDL_ClearQueuedAudio(self.device)
        self.started = False

    def close(self):
        sdl2.SDL_CloseAudioDevice(self.device)


class ClockPacer:
    """Frame pacing from the wall clock, for when there is no sound device."""

    def __init__(self, frame_rate):
        self.period = 1.0 / frame_rate
        self.deadline = time.perf_counter()

    def wait(self):
        self.deadline += self.period
        delay = self.deadline - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        elif delay < -0.25:          # fell far behind (paused, dragged window): start afresh
            self.deadline = time.perf_counter()

    def slack(self):
        """Seconds until the next frame is due."""
        return self.deadline + self.period - time.perf_counter()

    def restart(self):
        self.deadline = time.perf_counter()
