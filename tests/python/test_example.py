"""examples/python/render.py: runs it, reads the PNG back with a decoder written here (zlib +
struct), and checks the picture: the sky gradient's top row, both checker colours in the near
floor, and the far floor converged to the colours' linear mean (the mip chain at work)."""
import os
import struct
import subprocess
import sys
import zlib

import numpy as np
import pytest

from conftest import SOURCE

SCRIPT = os.path.join(SOURCE, "examples", "python", "render.py")


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        n, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(tag + body) & 0xFFFFFFFF
        if tag == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif tag == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype = ihdr[:4]
    assert (depth, ctype) == (8, 2)
    raw = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(h, 1 + 3 * w)
    assert np.all(raw[:, 0] == 0)                      # filter type 0 on every row
    return raw[:, 1:].reshape(h, w, 3)


def srgb8(c):
    c = np.asarray(c, np.float64)
    s = np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)
    return np.round(s * 255)


def run(tmp_path, *args):
    out = tmp_path / "floor.png"
    r = subprocess.run([sys.executable, SCRIPT, "-o", str(out)] + list(args), capture_output=True, text=True)
    return r, out


def test_render_writes_the_expected_picture(tmp_path):
    sys.path.insert(0, os.path.dirname(SCRIPT))
    import render
    r, out = run(tmp_path, "--size", "256x128")
    assert r.returncode == 0, r.stderr
    img = read_png(out).astype(np.int64)
    assert img.shape == (128, 256, 3)
    horizon = 128 // 3
    # sky: row 0 is the blend at f = 0.5 / horizon
    f = 0.5 / horizon
    want = srgb8((1 - f) * np.array(render.SKY_TOP) + f * np.array(render.SKY_HORIZON))
    assert np.abs(img[0] - want).max() <= 1
    # near floor (bottom rows): magnified squares, both colours appear as they are
    a, b = srgb8(render.COLOR_A), srgb8(render.COLOR_B)
    bottom = img[-6:].reshape(-1, 3)
    near_a = np.mean(np.abs(bottom - a).max(axis=1) <= 2)
    near_b = np.mean(np.abs(bottom - b).max(axis=1) <= 2)
    assert near_a > 0.2 and near_b > 0.2 and near_a + near_b > 0.5, (near_a, near_b)
    # far floor (just below the horizon): the mip chain has averaged the squares in linear light
    mean = srgb8((np.array(render.COLOR_A) + np.array(render.COLOR_B)) / 2)
    far = img[horizon + 1, 64:192]
    assert np.abs(far - mean).max() <= 4, (far[:4], mean)


def test_render_without_mips_aliases(tmp_path):
    """Without mips the far floor keeps the raw checker colours instead of their mean."""
    sys.path.insert(0, os.path.dirname(SCRIPT))
    import render
    r, out = run(tmp_path, "--size", "256x128", "--mips", "none", "--filter", "nearest")
    assert r.returncode == 0, r.stderr
    img = read_png(out).astype(np.int64)
    far = img[128 // 3 + 1, 64:192]
    a, b = srgb8(render.COLOR_A), srgb8(render.COLOR_B)
    assert np.all((np.abs(far - a).max(axis=1) <= 1) | (np.abs(far - b).max(axis=1) <= 1))


@pytest.mark.parametrize("size", ["255x128", "0x0", "big", "100000x100000"])
def test_render_refuses_bad_sizes_and_keeps_files(tmp_path, size):
    out = tmp_path / "floor.png"
    out.write_bytes(b"precious")
    r = subprocess.run([sys.executable, SCRIPT, "-o", str(out), "--size", size], capture_output=True, text=True)
    assert r.returncode == 2 and "--size" in r.stderr
    assert out.read_bytes() == b"precious"
