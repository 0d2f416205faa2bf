#!/usr/bin/env python3
"""Random AMD gfx6-8 (SI / CI / VI, PS4 Liverpool) tile-index surfaces for addrlib to fill.

    gen_amd_surfaces_gfx6.py SEED N tests/data/amd-tiling-gfx6-8.tsv > in.tsv
    addrlib_oracle.sh fill6 in.tsv > vectors.tsv     (tests/tools/addrlib_oracle_driver.cpp)

Reads only the '#chip' rows and the input columns (chip, tile_index, flags, samples) of a vector
file in the format of tests/data/amd-tiling-gfx6-8.tsv, so that the fresh surfaces use the same
chips (their exact GB_TILE_MODE / GB_MACROTILE_MODE dwords) and, per chip and tile index, the
same kinds of flags that file uses (depth / display / plain texture / volume with
disallowLargeThickDegrade; MSAA 2/4/8 as 'depth' or 'color' only where the file has MSAA for
that index, one level).  Writes the '#chip' rows and N random surfaces per chip as rows of the
11 input columns plus a column of coordinates 'x,y,slice,sample': bpp 8..128 (MSAA: the bpp the
file uses for that kind), level-0 sizes 1..2048, array layers, cubes (6 faces), volumes, mip
chains (flag pow2Pad, as Mesa sets for mipmapped surfaces) with one row for each of a few levels.
Coordinates: the level's corners, the first micro/macro tile edges, the rest random.  Knows
nothing of tmu.  Python's random.Random(SEED)."""
import random
import sys


def extent(rnd, big):
    k = rnd.randrange(5)
    if k == 0:
        return rnd.randint(1, 8)
    if k == 1:
        return rnd.randint(1, 64)
    if k == 2:
        return 1 << rnd.randrange(big.bit_length())
    if k == 3:
        return (1 << rnd.randrange(1, big.bit_length())) + rnd.choice((-1, 1))
    return rnd.randint(1, big)


def coords(rnd, w, h, d, samples, n):
    pts = set()
    for x in (0, w - 1):
        for y in (0, h - 1):
            for z in (0, d - 1):
                pts.add((x, y, z, 0))
                pts.add((x, y, z, samples - 1))
    for x, y in ((1, 0), (0, 1), (1, 1), (7, 7), (8, 0), (0, 8), (8, 8), (15, 16), (16, 15),
                 (31, 31), (32, 32), (63, 1), (64, 64), (127, 63), (128, 128), (255, 255),
                 (256, 256)):
        if x < w and y < h:
            pts.add((x, y, rnd.randrange(d), rnd.randrange(samples)))
    while len(pts) < min(n, w * h * d * samples):
        pts.add((rnd.randrange(w), rnd.randrange(h), rnd.randrange(d), rnd.randrange(samples)))
    return " ".join("%d,%d,%d,%d" % p for p in sorted(pts))


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: gen_amd_surfaces_gfx6.py SEED N VECTOR_FILE")
    rnd = random.Random(int(sys.argv[1]))
    n = int(sys.argv[2])
    chips, kinds = [], {}
    with open(sys.argv[3]) as f:
        for line in f:
            t = line.rstrip("\n").split("\t")
            if t[0] == "#chip":
                chips.append((t[1], line.rstrip("\n")))
                continue
            if line.startswith("#") or t[0] == "chip" or len(t) < 11:
                continue
            base = ",".join(x for x in t[10].split(",") if x not in ("cube", "pow2Pad"))
            samples = int(t[8])
            kinds.setdefault(t[0], {}).setdefault((int(t[9]), base, samples > 1), set()).add(
                int(t[2]))
    for _, row in chips:
        print(row)
    for name, _ in chips:
        ks = sorted(kinds.get(name, {}).items())
        if not ks:
            sys.exit("chip %s has no rows to learn tile indices from" % name)
        for _ in range(n):
            (index, base, msaa), bpps = rnd.choice(ks)
            flags = base.split(",") if base else []
            samples, mips, slices = 1, 1, 1
            if msaa:
                bpp = rnd.choice(sorted(bpps))
                samples = rnd.choice((2, 4, 8))
                w, h = extent(rnd, 1024), extent(rnd, 1024)
            else:
                bpp = rnd.choice((8, 16, 32, 64, 128))
                w, h = extent(rnd, 2048), extent(rnd, 2048)
                if "volume" in flags:
                    slices = extent(rnd, 256)
                elif rnd.randrange(6) == 0:
                    flags.append("cube")
                    w = h = max(w, h)
                    slices = 6
                elif rnd.randrange(3) == 0:
                    slices = extent(rnd, 64)
            while w * h * slices * samples * bpp // 8 > (48 << 20):
                if slices > 1 and "cube" not in flags:
                    slices = (slices + 1) // 2
                elif w >= h:
                    w = (w + 1) // 2
                    if "cube" in flags:
                        h = w
                else:
                    h = (h + 1) // 2
            if samples == 1 and rnd.randrange(2):
                full = max(w, h, slices if "volume" in flags else 1).bit_length()
                mips = full if rnd.randrange(2) else rnd.randint(1, full)
            if mips > 1:
                flags.append("pow2Pad")
            levels = sorted(set([0, mips - 1] + [rnd.randrange(mips) for _ in range(2)]))
            for lev in levels:
                lw, lh = max(1, w >> lev), max(1, h >> lev)
                ld = max(1, slices >> lev) if "volume" in flags else slices
                print("\t".join(map(str, (name, dict(chips)[name].split("\t")[2], bpp, w, h,
                                          slices, mips, lev, samples, index,
                                          ",".join(flags),
                                          coords(rnd, lw, lh, ld, samples, 48)))))


main()
