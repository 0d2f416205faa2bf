#!/usr/bin/env python3
"""Random Adreno a6xx / a7xx surface specs for tests/tools/fdl_oracle.sh fill.

usage: gen_adreno_surfaces.py SEED N GPU...

Writes N specs per GPU, one a line: 'gpu fmt w h d layers levels samples tile ubwc is3d mutable'
(fmt: a Mesa pipe_format name without PIPE_FORMAT_; tile: TILE6_LINEAR / TILE6_2 / TILE6_3, the
tile mode asked for; ubwc: UBWC asked for).  Knows nothing of tmu or of Mesa's layout rules: it
draws the kinds of surface the vector file's coverage line lists (1D-ish and tiny levels,
non-powers-of-two, 3D, arrays, mipmaps down to 1x1, block-compressed formats, MSAA, depth /
stencil, two-component 8-bit formats, Y8, mutable, every tile and UBWC request, and wide short
surfaces whose row pitches are multiples of large powers of two) from Python's
random.Random(SEED), keeping each surface's texel bytes under a budget (about 6 MiB) so that the
oracle, which tags every texel, stays quick.  Deterministic for a given SEED, N and GPU list.
"""
import random
import sys

# (name, bytes per block, block w, block h): Mesa pipe_format names; the byte sizes are the
# formats' (the oracle takes its own from Mesa's format table; these only size the budget).
FORMATS = [
    ("R8_UINT", 1, 1, 1), ("R8_UNORM", 1, 1, 1), ("A8_UNORM", 1, 1, 1), ("L8_UNORM", 1, 1, 1),
    ("S8_UINT", 1, 1, 1), ("Y8_UNORM", 1, 1, 1),
    ("R16_UINT", 2, 1, 1), ("R16_FLOAT", 2, 1, 1), ("R8G8_UNORM", 2, 1, 1), ("R8G8_UINT", 2, 1, 1),
    ("R8G8_SNORM", 2, 1, 1), ("L8A8_UNORM", 2, 1, 1), ("B5G6R5_UNORM", 2, 1, 1),
    ("B4G4R4A4_UNORM", 2, 1, 1), ("B5G5R5A1_UNORM", 2, 1, 1), ("Z16_UNORM", 2, 1, 1),
    ("R32_UINT", 4, 1, 1), ("R32_FLOAT", 4, 1, 1), ("R8G8B8A8_UNORM", 4, 1, 1),
    ("B8G8R8A8_SRGB", 4, 1, 1), ("R10G10B10A2_UNORM", 4, 1, 1), ("R16G16_FLOAT", 4, 1, 1),
    ("R16G16_UNORM", 4, 1, 1), ("Z24_UNORM_S8_UINT", 4, 1, 1), ("Z24X8_UNORM", 4, 1, 1),
    ("X8Z24_UNORM", 4, 1, 1), ("S8_UINT_Z24_UNORM", 4, 1, 1), ("Z32_FLOAT", 4, 1, 1),
    ("R11G11B10_FLOAT", 4, 1, 1), ("R9G9B9E5_FLOAT", 4, 1, 1),
    ("R32G32_UINT", 8, 1, 1), ("R16G16B16A16_FLOAT", 8, 1, 1), ("R32G32_FLOAT", 8, 1, 1),
    ("Z32_FLOAT_S8X24_UINT", 8, 1, 1),
    ("R32G32B32A32_UINT", 16, 1, 1), ("R32G32B32A32_FLOAT", 16, 1, 1),
    ("DXT1_RGBA", 8, 4, 4), ("DXT1_SRGB", 8, 4, 4), ("DXT5_RGBA", 16, 4, 4), ("RGTC1_UNORM", 8, 4, 4),
    ("RGTC2_UNORM", 16, 4, 4), ("BPTC_RGBA_UNORM", 16, 4, 4), ("ETC1_RGB8", 8, 4, 4),
    ("ETC2_RGB8", 8, 4, 4), ("ETC2_RGBA8", 16, 4, 4), ("ASTC_4x4", 16, 4, 4), ("ASTC_5x4", 16, 5, 4),
    ("ASTC_5x5", 16, 5, 5), ("ASTC_6x5", 16, 6, 5), ("ASTC_6x6", 16, 6, 6), ("ASTC_8x5", 16, 8, 5),
    ("ASTC_8x6", 16, 8, 6), ("ASTC_8x8", 16, 8, 8), ("ASTC_10x5", 16, 10, 5),
    ("ASTC_10x10", 16, 10, 10), ("ASTC_12x10", 16, 12, 10), ("ASTC_12x12", 16, 12, 12),
]

BUDGET = 6 << 20


def dim(r):
    """a side length: tiny, around the 16-texel line, non-powers-of-two, powers of two, large"""
    k = r.random()
    if k < 0.15:
        return r.randint(1, 8)
    if k < 0.30:
        return r.randint(9, 40)
    if k < 0.50:
        return 1 << r.randint(4, 10)
    if k < 0.60:
        return (1 << r.randint(4, 10)) + r.choice([-1, 1, 3])
    if k < 0.90:
        return r.randint(17, 700)
    return r.randint(700, 2500)


def one(r, gpu):
    fmt, bs, bw, bh = r.choice(FORMATS)
    kind = r.random()
    samples, is3d, layers, d = 1, 0, 1, 1
    w, h = dim(r), dim(r)
    if kind < 0.12 and bw == 1:
        samples = r.choice([2, 4, 8])
    elif kind < 0.27:
        is3d = 1
        d = r.choice([2, 3, r.randint(2, 40), 1 << r.randint(1, 6)])
        w, h = min(w, 300), min(h, 300)
    elif kind < 0.45:
        layers = r.choice([2, 3, r.randint(2, 12), r.randint(13, 64)])
    elif kind < 0.50:
        h = 1  # 1D-like
    elif kind < 0.62:
        # wide and short: pitches of many kilobytes, multiples of large powers of two
        w = r.choice([1 << r.randint(11, 14), r.randint(2, 16) << 10, r.randint(2048, 16384)])
        h = r.choice([r.randint(1, 16), r.randint(17, 160)])
    mx = max(w, h, d if is3d else 1)
    maxlv = mx.bit_length()
    if samples > 1:
        levels = 1
    else:
        levels = r.choice([1, maxlv, maxlv, r.randint(1, maxlv)])
    tile = r.choices(["TILE6_LINEAR", "TILE6_2", "TILE6_3"], [3, 1, 6])[0]
    ubwc = 1 if tile == "TILE6_3" and r.random() < 0.4 else 0
    mutable = 1 if r.random() < 0.15 else 0
    # keep the texel bytes under the budget: shrink the largest side, then layers / depth
    def nbytes():
        return (-(-w // bw)) * (-(-h // bh)) * bs * samples * layers * d * 2
    while nbytes() > BUDGET:
        if h > 1 and w >= 2048:
            h = max(1, h // 2)
        elif layers > 1:
            layers = max(1, layers // 2)
        elif is3d and d > 2:
            d = max(2, d // 2)
        elif w >= h:
            w = max(1, w // 2)
        else:
            h = max(1, h // 2)
    mx = max(w, h, d if is3d else 1)
    levels = min(levels, mx.bit_length())
    return f"{gpu}\t{fmt}\t{w}\t{h}\t{d}\t{layers}\t{levels}\t{samples}\t{tile}\t{ubwc}\t{is3d}\t{mutable}"


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: gen_adreno_surfaces.py SEED N GPU...")
    seed, n = int(sys.argv[1]), int(sys.argv[2])
    r = random.Random(seed)
    print(f"# gen_adreno_surfaces.py {seed} {n} {' '.join(sys.argv[3:])}")
    for gpu in sys.argv[3:]:
        for _ in range(n):
            print(one(r, gpu))


if __name__ == "__main__":
    main()
