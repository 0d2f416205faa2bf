"""PNG files and pictures of textures, as ``tmu render`` and the CLI's ``png:FILE`` textures
have them: :func:`read_png` (any 8-bit PNG, or 16-bit reduced to 8, as RGBA8), :func:`write_png`
and :func:`render` (a texture seen through a sampler, one sample per pixel with the level of
detail from each 2x2 quad).  The PNG codec is the PNG specification's (zlib streams, CRC-checked
chunks, the five row filters); nothing beyond the standard library, NumPy and the extension."""

import os
import struct
import tempfile
import zlib

import numpy as np

from ._native import ffi, lib
from .errors import DecodeError, FileError, InvalidArgumentError, UnsupportedError, check

_SIG = b"\x89PNG\r\n\x1a\n"
# colour type -> samples per pixel (PNG spec 11.2.2)
_SAMPLES = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
#: Largest picture :func:`read_png` decodes unless told otherwise (4096 x 4096, the CLI's default)
MAX_PIXELS = 1 << 24


def _read_bytes(source, where):
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), "<bytes>"
    try:
        with open(source, "rb") as f:
            return f.read(), os.fspath(source)
    except TypeError:
        raise InvalidArgumentError("expected a path or PNG bytes, got %s" % type(source).__name__, where) from None
    except OSError as e:
        raise FileError("%s: cannot read: %s" % (source, e.strerror), where) from None


def read_png(source, *, max_pixels=MAX_PIXELS):
    """Decodes a PNG file (a path, or the file's bytes) into an (H, W, 4) uint8 RGBA array.

    Grey, grey + alpha, RGB, RGBA and palette images of 8 bits per sample are read as they are
    (tRNS transparency included); 16-bit samples keep their high byte.  Refused, naming the
    chunk or field: a bad signature or CRC, a picture of more than ``max_pixels`` pixels (checked
    from the header, before anything is inflated), interlaced images and bit depths below 8.

    Example::

        >>> px = np.zeros((2, 3, 4), np.uint8); px[..., 0] = 255; px[..., 3] = 255
        >>> tmu.read_png(tmu.write_png(None, px))[1, 2].tolist()
        [255, 0, 0, 255]
    """
    where = "read_png"
    data, name = _read_bytes(source, where)
    if data[:8] != _SIG:
        raise DecodeError("%s: not a PNG file (bad signature)" % name, where, offset=0)
    pos, ihdr, plte, trns, idat = 8, None, None, None, []
    while True:
        if pos + 8 > len(data):
            raise DecodeError("%s: truncated before IEND" % name, where, offset=pos)
        n, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if len(body) != n or pos + 12 + n > len(data):
            raise DecodeError("%s: chunk %r at byte %d is truncated" % (name, tag, pos), where, offset=pos)
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        if crc != zlib.crc32(tag + body) & 0xFFFFFFFF:
            raise DecodeError("%s: chunk %r at byte %d: CRC mismatch" % (name, tag, pos), where, offset=pos)
        if ihdr is None and tag != b"IHDR":
            raise DecodeError("%s: the first chunk is %r, not IHDR" % (name, tag), where, offset=pos)
        if tag == b"IHDR":
            if n != 13:
                raise DecodeError("%s: IHDR of %d bytes, not 13" % (name, n), where, offset=pos)
            ihdr = struct.unpack(">IIBBBBB", body)
            w, h, depth, ctype, _, _, interlace = ihdr
            if ctype not in _SAMPLES or w == 0 or h == 0:
                raise DecodeError("%s: IHDR: bad colour type %d or size %dx%d" % (name, ctype, w, h), where)
            if w * h > max_pixels:
                raise InvalidArgumentError("%s: %dx%d pixels is more than the limit of %d (max_pixels=)"
                                           % (name, w, h, max_pixels), where)
            if depth not in (8, 16) or (ctype == 3 and depth != 8):
                raise UnsupportedError("%s: IHDR: bit depth %d (colour type %d); 8 and 16 are read"
                                       % (name, depth, ctype), where)
            if interlace:
                raise UnsupportedError("%s: IHDR: interlaced (Adam7) images are not read" % name, where)
        elif tag == b"PLTE":
            plte = np.frombuffer(body, np.uint8).reshape(-1, 3) if n % 3 == 0 else None
        elif tag == b"tRNS":
            trns = body
        elif tag == b"IDAT":
            idat.append(body)
        elif tag == b"IEND":
            break
        pos += 12 + n
    w, h, depth, ctype = ihdr[:4]
    spp = _SAMPLES[ctype]
    bpp = spp * depth // 8
    rowbytes = w * bpp
    raw_size = h * (rowbytes + 1)
    z = zlib.decompressobj()
    try:
        raw = z.decompress(b"".join(idat), raw_size)
    except zlib.error as e:
        raise DecodeError("%s: IDAT: %s" % (name, e), where) from None
    if len(raw) != raw_size:
        raise DecodeError("%s: IDAT holds %d bytes, the %dx%d image needs %d" % (name, len(raw), w, h, raw_size),
                          where)
    px = np.empty(h * rowbytes, np.uint8)
    diag = ffi.new("tmu_diag *")
    check(lib.tmupy_png_unfilter(ffi.from_buffer(raw), h, rowbytes, bpp, ffi.cast("uint8_t *", px.ctypes.data),
                                 diag), diag, where)
    s = px.reshape(h, w, spp * depth // 8)
    if depth == 16:
        s = s[..., 0::2]  # big-endian samples: the high byte
    out = np.empty((h, w, 4), np.uint8)
    if ctype == 3:
        if plte is None:
            raise DecodeError("%s: palette image without a valid PLTE" % name, where)
        idx = s[..., 0]
        if idx.size and idx.max() >= len(plte):
            raise DecodeError("%s: palette index %d past the %d PLTE entries" % (name, idx.max(), len(plte)), where)
        out[..., :3] = plte[idx]
        alpha = np.full(256, 255, np.uint8)
        if trns:
            alpha[:len(trns)] = np.frombuffer(trns[:256], np.uint8)
        out[..., 3] = alpha[idx]
        return out
    grey = ctype in (0, 4)
    out[..., :3] = s[..., :1] if grey else s[..., :3]
    out[..., 3] = s[..., spp - 1] if ctype in (4, 6) else 255
    if trns and ctype in (0, 2) and len(trns) == (2 if grey else 6):
        key = np.frombuffer(trns, ">u2").astype(np.uint32)  # the transparent colour, full depth
        full = px.reshape(h, w, -1)
        if depth == 16:
            full = full.view(">u2")
        match = np.all(full.reshape(h, w, -1)[..., :len(key)] == key, axis=-1)
        out[..., 3][match] = 0
    return out


def _png_bytes(rgba):
    h, w, c = rgba.shape
    ctype = {1: 0, 2: 4, 3: 2, 4: 6}[c]
    rows = np.zeros((h, 1 + w * c), np.uint8)  # filter type 0 on every row
    rows[:, 1:] = rgba.reshape(h, w * c)

    def chunk(tag, body):
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF)

    return (_SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, ctype, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6)) + chunk(b"IEND", b""))


def write_png(path, pixels):
    """Writes an (H, W) or (H, W, 1..4) picture as an 8-bit PNG (grey, grey + alpha, RGB or RGBA)
    and returns the file's bytes; ``path`` None only returns them.  uint8 pixels are written as
    they are; float pixels are clamped to [0, 1] and rounded to 8 bits (NaN = 0), as ``tmu render``
    does.  The file is written beside the target and renamed over it when complete, so a failure
    never leaves a damaged file.

    Example::

        >>> len(tmu.write_png(None, np.zeros((4, 4, 3), np.float32))) > 40
        True
    """
    where = "write_png"
    a = np.asarray(pixels)
    if a.ndim == 2:
        a = a[..., None]
    if a.ndim != 3 or not 1 <= a.shape[2] <= 4 or a.shape[0] == 0 or a.shape[1] == 0 or \
            a.shape[0] >= 2**31 or a.shape[1] >= 2**31:
        raise InvalidArgumentError("expected an (H, W) or (H, W, 1..4) picture, got shape %s" % (a.shape,), where)
    if a.dtype.kind == "f":
        with np.errstate(invalid="ignore"):
            a = np.rint(np.clip(np.nan_to_num(a.astype(np.float32), nan=0.0), 0.0, 1.0) * 255.0).astype(np.uint8)
    elif a.dtype != np.uint8:
        raise InvalidArgumentError("pixels must be uint8 or floats in [0, 1], not %s" % a.dtype, where)
    data = _png_bytes(np.ascontiguousarray(a))
    if path is None:
        return data
    target = os.path.realpath(os.fspath(path))
    if os.path.isdir(target):
        raise FileError("%s: is a directory" % path, where)
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", dir=os.path.dirname(target) or ".")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise FileError("%s: cannot write: %s" % (path, e.strerror), where) from None
    return data


def render(texture, sampler=None, size=(256, 256), *, uv=(0.0, 0.0, 1.0, 1.0), layer=None):
    """A picture of a 2D (or 2D array) texture as ``tmu render`` draws it: an (H, W, 4) float32
    array with one sample per pixel at the pixel's centre, coordinates running from (U0, V0) at
    the top-left corner to (U1, V1) at the bottom-right (``uv``), the level of detail taken from
    each 2x2 quad of pixels (implicit LOD).  ``size`` = (W, H), both even.

    Example::

        >>> t = tmu.Texture(np.array([[0, 255], [255, 0]], np.uint8), 'r8_unorm')
        >>> pic = tmu.render(t, {'mag_filter': 'nearest', 'min_filter': 'nearest'}, (4, 4))
        >>> pic[..., 0].tolist()[0]
        [0.0, 0.0, 1.0, 1.0]
    """
    from .unit import quads, sample, unquads

    where = "render"
    try:
        w, h = (int(v) for v in size)
    except (TypeError, ValueError):
        raise InvalidArgumentError("size must be (W, H), got %r" % (size,), where) from None
    if w <= 0 or h <= 0 or w % 2 or h % 2 or w * h > MAX_PIXELS:
        raise InvalidArgumentError("size (W, H) must be even, positive and at most %d pixels, got %r"
                                   % (MAX_PIXELS, (w, h)), where)
    if texture.dim not in ("2d", "2d_array"):
        raise UnsupportedError("render draws 2d and 2d_array textures, not %s" % texture.dim, where)
    u0, v0, u1, v1 = (float(c) for c in uv)
    x = (np.arange(w, dtype=np.float64) + 0.5) / w
    y = (np.arange(h, dtype=np.float64) + 0.5) / h
    grid = np.empty((h, w, 2), np.float32)
    grid[..., 0] = (u0 + (u1 - u0) * x)[None, :]
    grid[..., 1] = (v0 + (v1 - v0) * y)[:, None]
    kw = {} if layer is None else {"layer": layer}
    return unquads(sample(texture, quads(grid), sampler, level="implicit", **kw), h, w)
