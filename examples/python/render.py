#!/usr/bin/env python3
"""Renders a checkered floor in perspective with tmu's texture unit and writes a PNG.

Every pixel of the floor is one sample: the pixel grid is put into 2x2 quads (tmu.quads) so
the texture unit derives the level of detail from the quad's coordinate differences, as a GPU
does, and filters trilinearly from the generated mip chain (an sRGB texture, averaged in linear
light).  The PNG is written with the standard library only (zlib, struct).

    python3 examples/python/render.py -o floor.png --size 512x256 --mips linear
"""
import argparse
import os
import struct
import sys
import tempfile
import zlib

import numpy as np

import tmu

# the two checker colours (linear RGB) and the sky's top and horizon colours
COLOR_A = (0.90, 0.35, 0.05)
COLOR_B = (0.05, 0.20, 0.60)
SKY_TOP = (0.10, 0.25, 0.70)
SKY_HORIZON = (0.75, 0.85, 1.00)


def checker(n=256, squares=8):
    """An n x n checkerboard of COLOR_A / COLOR_B as linear RGBA values."""
    y, x = np.mgrid[0:n, 0:n]
    a = ((x * squares // n + y * squares // n) % 2 == 0)[..., None]
    rgb = np.where(a, COLOR_A, COLOR_B)
    return np.concatenate([rgb, np.ones((n, n, 1))], axis=-1)


def floor_coords(w, h, horizon):
    """Texture coordinates (h, w, 2) of a floor seen from above it, looking at the horizon."""
    y, x = np.mgrid[0:h, 0:w] + 0.5
    dy = np.maximum(y - horizon, 0.5)
    z = h / dy                               # distance along the floor
    s = (x - w / 2) / w * z * 2.0
    t = z * 0.5
    return np.stack([s, t], axis=-1).astype(np.float32)


def sky(w, h, horizon):
    """Linear RGB of the sky: a vertical blend from SKY_TOP (row 0) to SKY_HORIZON."""
    f = (np.arange(h) + 0.5)[:, None, None] / max(horizon, 1)
    f = np.clip(f, 0, 1)
    rgb = (1 - f) * np.array(SKY_TOP) + f * np.array(SKY_HORIZON)
    return np.broadcast_to(rgb, (h, w, 3))


def render(w, h, filt="linear", mips="linear"):
    """The picture as (h, w, 3) uint8 sRGB."""
    tex = tmu.Texture.from_values(checker(), "r8g8b8a8_srgb", levels="full" if mips != "none" else 1)
    smp = tmu.Sampler(mag_filter=filt, min_filter=filt, mip_filter=mips, address="repeat")
    horizon = h // 3
    lanes = tmu.quads(floor_coords(w, h, horizon))          # (h * w, 2), quads in lane order
    floor = tmu.unquads(tmu.sample(tex, lanes, smp, level="implicit"), h, w)[..., :3]
    y = np.arange(h)[:, None, None]
    rgb = np.where(y < horizon, sky(w, h, horizon), floor)
    rgba = np.concatenate([rgb, np.ones((h, w, 1))], axis=-1)
    srgb = np.frombuffer(tmu.encode("r8g8b8a8_srgb", rgba), np.uint8).reshape(h, w, 4)
    return np.ascontiguousarray(srgb[..., :3])


def png_bytes(rgb8):
    """A PNG file (8-bit RGB, no interlace) of an (h, w, 3) uint8 array."""
    h, w, _ = rgb8.shape
    raw = b"".join(b"\x00" + rgb8[row].tobytes() for row in range(h))   # filter type 0 per row

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def write_file(path, data):
    """Writes beside the target and renames, so an error never leaves a truncated file."""
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".render-", suffix=".png", dir=d)
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.fchmod(fd, 0o666 & ~mask)          # what open() would have given
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-o", "--output", default="floor.png", help="PNG file to write (default floor.png)")
    ap.add_argument("--size", default="512x256", help="WIDTHxHEIGHT, both even (default 512x256)")
    ap.add_argument("--filter", default="linear", choices=["nearest", "linear"])
    ap.add_argument("--mips", default="linear", choices=["none", "nearest", "linear"])
    args = ap.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
        if w < 2 or h < 2 or w % 2 or h % 2 or w * h > 16 << 20:
            raise ValueError
    except ValueError:
        ap.error("--size needs WIDTHxHEIGHT, even numbers, at most 16 M pixels")
    try:
        write_file(args.output, png_bytes(render(w, h, args.filter, args.mips)))
    except (tmu.Error, OSError) as e:
        print("render.py: error: %s" % e, file=sys.stderr)
        return 1
    print("wrote %s (%dx%d)" % (args.output, w, h))
    return 0


if __name__ == "__main__":
    sys.exit(main())
