"""tmu.read_png / write_png / render (issue 29 item 19).  Expected pixels come from libpng through
the tmu CLI (`tmu retile` with a linear tile mode writes a PNG's RGBA8 rows as raw bytes), from
PNG files built here with the specification's filter formulas (an encoder written in this test),
and from values worked by hand."""
import os
import struct
import subprocess
import zlib

import numpy as np
import pytest

import tmu
from conftest import SOURCE, cli_env

CLI = os.environ.get("TMU_CLI")


def chunk(tag, body):
    return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF)


def png(w, h, depth, ctype, rows, extra=b"", interlace=0):
    """A PNG from already filtered rows (each: filter byte + bytes)."""
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace))
            + extra + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))


def filter_row(ftype, row, prev, bpp):
    """PNG spec 9.2, written out per byte: the filtered bytes of `row` (prev = the row above)."""
    out = bytearray([ftype])
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = prev[i] if prev is not None else 0
        c = prev[i - bpp] if prev is not None and i >= bpp else 0
        if ftype == 0:
            p = 0
        elif ftype == 1:
            p = a
        elif ftype == 2:
            p = b
        elif ftype == 3:
            p = (a + b) // 2
        else:
            est = a + b - c
            pa, pb, pc = abs(est - a), abs(est - b), abs(est - c)
            p = a if pa <= pb and pa <= pc else b if pb <= pc else c
        out.append((x - p) % 256)
    return bytes(out)


def test_every_filter_type(rng):
    h, w = 10, 7
    px = rng.integers(0, 256, (h, w, 4), dtype=np.uint8)
    rows, prev = [], None
    for y in range(h):
        row = px[y].tobytes()
        rows.append(filter_row(y % 5, row, prev, 4))
        prev = row
    assert np.array_equal(tmu.read_png(png(w, h, 8, 6, rows)), px)


def test_colour_types_and_depths():
    # grey 8: 2x1 (0, 200) -> RGBA (v, v, v, 255)
    assert tmu.read_png(png(2, 1, 8, 0, [b"\x00\x00\xc8"])).tolist() == [[[0, 0, 0, 255], [200, 200, 200, 255]]]
    # grey + alpha
    assert tmu.read_png(png(1, 1, 8, 4, [b"\x00\x10\x20"])).tolist() == [[[16, 16, 16, 32]]]
    # RGB 16-bit: the high bytes
    assert tmu.read_png(png(1, 1, 16, 2, [b"\x00\x12\x34\x56\x78\x9a\xbc"])).tolist() == [[[0x12, 0x56, 0x9a, 255]]]
    # palette with tRNS: index 1 = (1, 2, 3) alpha 7; index 0 = (9, 9, 9) alpha 255 (tRNS shorter)
    pal = chunk(b"PLTE", bytes([9, 9, 9, 1, 2, 3])) + chunk(b"tRNS", bytes([255, 7]))
    assert tmu.read_png(png(2, 1, 8, 3, [b"\x00\x01\x00"], pal)).tolist() == [[[1, 2, 3, 7], [9, 9, 9, 255]]]
    # RGB with a tRNS colour key: (5, 6, 7) becomes transparent
    key = chunk(b"tRNS", struct.pack(">HHH", 5, 6, 7))
    assert tmu.read_png(png(2, 1, 8, 2, [b"\x00\x05\x06\x07\x05\x06\x08"], key))[..., 3].tolist() == [[0, 255]]


def test_refusals(tmp_path):
    good = png(1, 1, 8, 6, [b"\x00\x01\x02\x03\x04"])
    with pytest.raises(tmu.DecodeError, match="bad signature"):
        tmu.read_png(b"GIF89a" + good[6:])
    bad = bytearray(good)
    bad[29] ^= 1  # IHDR's CRC
    with pytest.raises(tmu.DecodeError, match="CRC mismatch"):
        tmu.read_png(bytes(bad))
    with pytest.raises(tmu.DecodeError, match="truncated"):
        tmu.read_png(good[:-5])
    # a header claiming 100000 x 100000 is refused before anything is inflated
    with pytest.raises(tmu.InvalidArgumentError, match="more than the limit"):
        tmu.read_png(png(100000, 100000, 8, 6, [b"\x00"]))
    with pytest.raises(tmu.UnsupportedError, match="interlaced"):
        tmu.read_png(png(1, 1, 8, 6, [b"\x00\x01\x02\x03\x04"], interlace=1))
    with pytest.raises(tmu.UnsupportedError, match="bit depth 4"):
        tmu.read_png(png(2, 1, 4, 0, [b"\x00\x12"]))
    with pytest.raises(tmu.DecodeError, match="needs"):
        tmu.read_png(png(2, 2, 8, 6, [b"\x00" + bytes(8)]))
    with pytest.raises(tmu.ParseError, match="unknown PNG filter type 9"):
        tmu.read_png(png(1, 1, 8, 6, [b"\x09\x01\x02\x03\x04"]))
    with pytest.raises(tmu.FileError):
        tmu.read_png(str(tmp_path / "missing.png"))
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.write_png(None, np.zeros((2, 2, 5), np.uint8))
    target = tmp_path / "keep.png"
    target.write_bytes(b"precious")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.write_png(str(target), np.zeros((2, 2), np.int64))
    assert target.read_bytes() == b"precious"


def linear_rgba(path, w, h, tmp_path):
    """libpng's decoding of `path` (RGBA8 rows), through `tmu retile` with a linear tile mode."""
    raw = tmp_path / "linear.bin"
    subprocess.run([CLI, "retile", "--chip", "ps4", "--tile-index", "8", "--bpp", "32", "--size", "%dx%d" % (w, h),
                    "-o", str(raw), str(path)], check=True, capture_output=True, env=cli_env())
    return np.frombuffer(raw.read_bytes(), np.uint8).reshape(h, w, 4)


@pytest.mark.skipif(not CLI, reason="TMU_CLI (the tmu binary) not set; ctest sets it")
def test_read_png_equals_libpng(tmp_path):
    path = os.path.join(SOURCE, "docs", "gcn.png")  # written by libpng with its adaptive filters
    assert np.array_equal(tmu.read_png(path), linear_rgba(path, 256, 256, tmp_path))


@pytest.mark.skipif(not CLI, reason="TMU_CLI (the tmu binary) not set; ctest sets it")
def test_write_png_read_by_libpng(rng, tmp_path):
    px = rng.integers(0, 256, (64, 64, 4), dtype=np.uint8)
    out = tmp_path / "w.png"
    data = tmu.write_png(str(out), px)
    assert out.read_bytes() == data
    assert np.array_equal(linear_rgba(out, 64, 64, tmp_path), px)
    # floats: clamped and rounded to 8 bits, NaN = 0; grey written as grey
    f = np.array([[0.0, 0.5, 1.5, np.nan]], np.float32)
    assert tmu.read_png(tmu.write_png(None, f))[0, :, 0].tolist() == [0, 128, 255, 0]


def test_render_by_hand():
    # 2x1 r8 (0, 1), linear, clamp: pixel centres u = 1/8, 3/8, 5/8, 7/8 -> texel space u*2 - 0.5 =
    # -0.25, 0.25, 0.75, 1.25 -> 0, 0.25, 0.75, 1 (clamped at both ends)
    t = tmu.Texture(np.array([[0, 255]], np.uint8), "r8_unorm")
    pic = tmu.render(t, {"address": "clamp_to_edge"}, (4, 2))
    assert pic.shape == (2, 4, 4)
    assert pic[0, :, 0].tolist() == [0.0, 0.25, 0.75, 1.0] and pic[1, :, 0].tolist() == pic[0, :, 0].tolist()
    # uv: the right half only -> texel space 0.75 .. 1.25 on 2 pixels: u = 5/8, 7/8
    assert tmu.render(t, {"address": "clamp_to_edge"}, (2, 2), uv=(0.5, 0, 1, 1))[0, :, 0].tolist() == [0.75, 1.0]
    with pytest.raises(tmu.InvalidArgumentError, match="even"):
        tmu.render(t, None, (3, 2))
    with pytest.raises(tmu.UnsupportedError):
        tmu.render(tmu.Texture(np.zeros((4, 4, 4), np.float32), "r32_float", dim="3d"), None, (2, 2))
