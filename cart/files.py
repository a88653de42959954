"""Reading the files a user names and writing the files a user asks for, safely.

Every program (o2, o2asm, o2dis, board) reads its inputs through `read_input` and writes its
outputs through `atomic_output`, so that:
- a FIFO, a device such as /dev/zero, or a directory is refused with one line instead of
  hanging or filling memory; a symlink loop is named as such;
- at most the largest valid size plus one byte is ever read (a 1 GiB "cartridge" costs 16 KiB);
- an output appears whole or not at all: it is written to a temporary file beside the target,
  flushed to disk and renamed over it; a symlink is written through to its target, and a target
  that is not a regular file (/dev/full, a FIFO, a directory) is refused;
- a full disk is one line (`... : No space left on device`), with nothing half-written left.

This module imports nothing from the project, so emu, cart and board may all use it.
"""
from __future__ import annotations

import errno
import os
import stat
from contextlib import contextmanager
from pathlib import Path

KIB = 1024
MIB = 1024 * KIB
TEXT_LIMIT = 4 * MIB        # a source, config or scenario file larger than this is a mistake


class InputFileError(Exception):
    """A file that cannot be read as an input; the message is one line naming it, `reason`
    the same without the name (for a caller's own wording)."""

    def __init__(self, path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.reason = reason


class OutputFileError(OSError):
    """A file that cannot be written as an output: str() is one line, `PATH: cannot write
    (REASON)`, and `reason` the reason alone. An OSError, so that callers that catch those keep
    working."""

    def __init__(self, path, reason: str):
        super().__init__(f"{path}: cannot write ({reason})")
        self.reason = self.strerror = reason
        self.errno, self.filename = None, str(path)

    def __str__(self):
        return self.args[0]


_KINDS = ((stat.S_ISDIR, "is a directory"), (stat.S_ISFIFO, "is a FIFO (named pipe)"),
          (stat.S_ISCHR, "is a character device"), (stat.S_ISBLK, "is a block device"),
          (stat.S_ISSOCK, "is a socket"))


def _kind(mode: int) -> str:
    return next((words for test, words in _KINDS if test(mode)), "is a special file")


NUL_IN_NAME = "a file name cannot hold a NUL byte"     # os calls raise ValueError for one


def _reason(err: OSError) -> str:
    if err.errno in (errno.ELOOP, errno.ENOENT):
        return _output_reason(err)
    return f"cannot read ({err.strerror or err})"


def _output_reason(err: OSError) -> str:
    if err.errno == errno.ELOOP:
        return "is a symlink loop (too many levels of symbolic links)"
    if err.errno == errno.ENOENT:
        return "no such file"
    return err.strerror or str(err)


def regular_file_size(path) -> int:
    """The size of the regular file at `path` (symlinks followed); InputFileError otherwise.
    A missing file's error has the FileNotFoundError as its __cause__."""
    try:
        info = os.stat(path)
    except OSError as err:
        raise InputFileError(path, _reason(err)) from err
    except ValueError:              # the operating system cannot take a name with a NUL byte
        raise InputFileError(path, NUL_IN_NAME) from None
    if not stat.S_ISREG(info.st_mode):
        raise InputFileError(path, f"{_kind(info.st_mode)}, not a regular file")
    return info.st_size


def read_input(path, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file at `path`, refusing anything longer than `limit` bytes.

    The file is opened without blocking (a FIFO swapped in after a check cannot hang the open)
    and checked on the open descriptor, so what is read is what was checked."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise InputFileError(path, _reason(err)) from err
    except ValueError:
        raise InputFileError(path, NUL_IN_NAME) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise InputFileError(path, f"{_kind(mode)}, not a regular file")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(limit + 1 - total, MIB))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as err:
        raise InputFileError(path, _reason(err)) from err
    finally:
        os.close(fd)
    if total > limit:
        raise InputFileError(path, f"too large for a {what} (more than {_size(limit)})")
    return b"".join(chunks)


def read_text(path, limit: int = TEXT_LIMIT, what: str = "text file") -> str:
    """`read_input` decoded as UTF-8 (a BOM allowed); a bad byte is named by its line."""
    data = read_input(path, limit, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InputFileError(f"{path}:{line}", f"not UTF-8 text (byte 0x{data[err.start]:02X})") from None


def _size(n: int) -> str:
    return f"{n // MIB} MiB" if n % MIB == 0 else f"{n // KIB} KiB" if n % KIB == 0 else f"{n} bytes"


def output_target(path) -> Path:
    """Where writing `path` really goes: through symlinks to their target. A target that
    exists must be a regular file, and its folder must exist."""
    path = Path(path)
    try:
        real = Path(os.path.realpath(path, strict=False))
        info = os.stat(real) if os.path.lexists(real) else None
    except OSError as err:
        raise OutputFileError(path, _output_reason(err)) from None
    except ValueError:
        raise OutputFileError(path, NUL_IN_NAME) from None
    if os.path.islink(real):        # realpath stops at a loop and leaves the link
        raise OutputFileError(path, _output_reason(OSError(errno.ELOOP, "")))
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise OutputFileError(path, f"{_kind(info.st_mode)}, not a regular file")
    if not real.parent.is_dir():
        raise OutputFileError(path, "no such folder")
    return real


@contextmanager
def atomic_output(path, text: bool = False):
    """A file to write `path` through: a temporary file beside the target, flushed to disk and
    renamed over it when the block ends without an exception, removed otherwise. A failed
    write (a full disk) is an OutputFileError naming `path`."""
    import tempfile                # only where something is written: every program starts faster
    real = output_target(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".part", dir=real.parent)
    except OSError as err:
        raise OutputFileError(path, _output_reason(err)) from None
    handle = None
    try:
        handle = os.fdopen(fd, "w" if text else "wb", **({"encoding": "utf-8"} if text else {}))
        yield handle
        handle.flush()
        os.fsync(handle.fileno())
        handle.close()
        os.chmod(temp, _mode_for(real))
        os.replace(temp, real)
    except OutputFileError:
        _discard(handle, fd, temp)
        raise
    except OSError as err:
        _discard(handle, fd, temp)
        raise OutputFileError(path, _output_reason(err)) from None
    except BaseException:
        _discard(handle, fd, temp)
        raise


def write_output(path, data: bytes | str) -> Path:
    """`data` written whole to `path` (see atomic_output); returns the file really written."""
    with atomic_output(path, text=isinstance(data, str)) as handle:
        handle.write(data)
    return output_target(path)


def _mode_for(real: Path) -> int:
    """An existing target keeps its permissions; a new one gets the usual 0666 less the umask."""
    try:
        return stat.S_IMODE(os.stat(real).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _discard(handle, fd: int, temp: str) -> None:
    try:
        if handle is not None:
            try:
                handle.close()          # a buffered write may fail again here: nothing to keep
            except OSError:
                pass
        else:
            os.close(fd)
    except OSError:
        pass
    try:
        os.unlink(temp)
    except OSError:
        pass
