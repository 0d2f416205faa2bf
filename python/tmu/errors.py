"""Errors: every failure of a tmu call raises a subclass of :class:`tmu.Error`.

The exception carries the C status (``status``, ``status_name``) and the diagnostic the
library filled (``where`` = the entry point and position, ``message`` = what, plus ``line``,
``column`` and ``offset`` as in ``tmu_diag``).  Arguments Python refuses before calling C
(wrong shape, dtype, unknown name) raise :class:`InvalidArgumentError` the same way.

Example::

    >>> try:
    ...     tmu.asm('gcn', 'image_sample v[0:3], v4, s[8:15]', gpu='gfx9')
    ... except tmu.Error as e:
    ...     print(type(e).__name__, '|', e.status_name, '|', e)
    ParseError | syntax error | asm gcn (line 1, column 33): expected ',' after SRSRC
"""

from ._native import ffi, lib


class Error(Exception):
    """Base class of every tmu error.

    Attributes: ``status`` (the ``tmu_status`` value), ``status_name`` (``tmu_status_str``),
    ``where`` (entry point, and "line L, column C" / "offset N" when known), ``message`` (what),
    ``line``, ``column`` (1-based, 0 = not applicable), ``offset`` (byte or bit, -1 = none).

    Example: ``except tmu.Error as e: print(e.where, e.message)``
    """

    status = 0

    def __init__(self, message, where="", line=0, column=0, offset=-1, status=None):
        if status is not None:
            self.status = int(status)
        self.message = message
        self.line = int(line)
        self.column = int(column)
        self.offset = int(offset)
        pos = []
        if self.line:
            pos.append("line %d" % self.line)
        if self.column:
            pos.append("column %d" % self.column)
        if self.offset >= 0 and not pos:
            pos.append("offset %d" % self.offset)
        self.where = where + (" (" + ", ".join(pos) + ")" if pos else "")
        super().__init__("%s: %s" % (self.where, message) if self.where else message)

    @property
    def status_name(self):
        """``tmu_status_str(status)``, e.g. ``"parse error"``."""
        return ffi.string(lib.tmu_status_str(self.status)).decode()


class InvalidArgumentError(Error, ValueError):
    """TMU_ERR_INVALID_ARGUMENT: a parameter is out of range, of the wrong shape or type.

    Example: ``tmu.decode('r8_unorm', b'')`` works (no texels); ``tmu.decode('nope', b'')`` raises it.
    """
    status = lib.TMU_ERR_INVALID_ARGUMENT


class UnsupportedError(Error):
    """TMU_ERR_UNSUPPORTED: well-formed but not supported (format, generation, mode).

    Example: linear filtering of an integer format raises it.
    """
    status = lib.TMU_ERR_UNSUPPORTED


class DecodeError(Error, ValueError):
    """TMU_ERR_DECODE: a binary word does not decode to an instruction (``offset`` = bit).

    Example: ``tmu.disasm('gcn', [0], gpu='gfx9')`` raises it.
    """
    status = lib.TMU_ERR_DECODE


class ParseError(Error, ValueError):
    """TMU_ERR_PARSE: text does not parse (``line``/``column`` say where).

    Example: ``tmu.asm('ir3', 'sam (f32', gpu='a6xx')`` raises it.
    """
    status = lib.TMU_ERR_PARSE


class InvalidError(Error, ValueError):
    """TMU_ERR_INVALID: parses, but the ISA's rules reject it.

    Example: a GCN instruction whose VDATA does not match its DMASK.
    """
    status = lib.TMU_ERR_INVALID


class BufferTooSmallError(Error):
    """TMU_ERR_BUFFER_TOO_SMALL: an output buffer was too small.  The binding sizes its buffers, so
    this reaches Python only through ``tmu.lib`` calls.  Example: ``tmu.errors.error_class(6)``."""
    status = lib.TMU_ERR_BUFFER_TOO_SMALL


class NotFoundError(Error, LookupError):
    """TMU_ERR_NOT_FOUND: a name (GPU, format, class) or binding does not exist.

    Example: ``tmu.disasm('gcn', [0], gpu='gfx99')`` raises it.
    """
    status = lib.TMU_ERR_NOT_FOUND


class RangeError(Error, ValueError):
    """TMU_ERR_RANGE: a value does not fit the field that must hold it.

    Example: encoding a GCN instruction struct whose VADDR field is 256 (``tmu.lib.tmu_gcn_encode``).
    """
    status = lib.TMU_ERR_RANGE


class FileError(Error, OSError):
    """TMU_ERR_IO: reading or writing a file failed (the C library's CLI helpers).

    Example: ``issubclass(tmu.FileError, OSError)`` is True."""
    status = lib.TMU_ERR_IO


_BY_STATUS = {cls.status: cls for cls in (InvalidArgumentError, UnsupportedError, DecodeError, ParseError,
                                          InvalidError, BufferTooSmallError, NotFoundError, RangeError,
                                          FileError)}


def error_class(status):
    """The :class:`Error` subclass of a ``tmu_status`` value (``Error`` for unknown ones)."""
    return _BY_STATUS.get(int(status), Error)


def from_diag(status, diag, where):
    """The exception for a failed call: ``status`` and a ``tmu_diag *`` (may be ffi.NULL)."""
    if diag is not None and diag != ffi.NULL:
        msg = ffi.string(diag.message).decode("utf-8", "replace")
        line, column, offset = diag.line, diag.column, diag.offset
    else:
        msg, line, column, offset = "", 0, 0, -1
    if not msg:
        msg = ffi.string(lib.tmu_status_str(status)).decode()
    return error_class(status)(msg, where, line, column, offset, status=status)


def check(status, diag, where):
    """Raises the exception of ``status`` unless it is TMU_OK."""
    if status != lib.TMU_OK:
        raise from_diag(status, diag, where)


def invalid(where, message):
    """An :class:`InvalidArgumentError` for an argument Python refuses before calling C."""
    return InvalidArgumentError(message, where)
