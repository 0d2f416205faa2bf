#!/usr/bin/env python3
"""Random AMD gfx9 / gfx10 / gfx10.3 swizzle-mode surfaces for addrlib to fill (docs/layouts.md).

    gen_amd_surfaces.py SEED N > in.tsv
    addrlib-oracle fill in.tsv > vectors.tsv     (tests/tools/addrlib_oracle_driver.cpp)

Writes the '#chip' rows of tests/data/amd-tiling-gfx9-10.tsv (vega10, raven, navi10, navi14,
navi21, navi21_8pipe: the same chip2 commands) and N rows per chip of its 12 input columns plus
a column of coordinates 'x,y,slice,sample,mip'; addrlib fills every output column and address
and drops the surfaces it refuses.  Knows nothing of tmu.  Covers what that file covers: resource
types 1d / 2d / 3d, every swizzle mode name 0..31 of addrlib's AddrSwizzleMode but the reserved
ones (addrlib refuses those a chip lacks), bpp 8..128, sizes 1..16384, array layers / depth, mip
chains up to the full one, 2d MSAA 2/4/8 samples (one level; flags
'depth' and bpp 8..32 for the Z modes, 'color' for the others), and for the _X / _T
modes a pipe_bank_xor of 0, 1..7 or 0..1023 (addrlib keeps the bits the chip uses).  Coordinates:
every corner of every level, a few block-edge ones, the rest random.  Python's
random.Random(SEED)."""
import random
import sys

CHIPS = [("vega10", "gfx9", 141, 1, 0x2a114042), ("raven", "gfx9", 142, 1, 0x24000042),
         ("navi10", "gfx10", 143, 3, 0x00100044), ("navi14", "gfx10", 143, 21, 0x00000043),
         ("navi21", "gfx10.3", 143, 40, 0x00000444),
         ("navi21_8pipe", "gfx10.3", 143, 40, 0x00000343)]
MODES = ["SW_LINEAR", "SW_256B_S", "SW_256B_D", "SW_256B_R", "SW_4KB_Z", "SW_4KB_S", "SW_4KB_D",
         "SW_4KB_R", "SW_64KB_Z", "SW_64KB_S", "SW_64KB_D", "SW_64KB_R", None, None, None, None,
         "SW_64KB_Z_T", "SW_64KB_S_T", "SW_64KB_D_T", "SW_64KB_R_T", "SW_4KB_Z_X", "SW_4KB_S_X",
         "SW_4KB_D_X", "SW_4KB_R_X", "SW_64KB_Z_X", "SW_64KB_S_X", "SW_64KB_D_X", "SW_64KB_R_X",
         "SW_VAR_Z_X", None, None, "SW_VAR_R_X"]


def extent(rnd, big):
    k = rnd.randrange(5)
    if k == 0:
        return rnd.randint(1, 8)
    if k == 1:
        return rnd.randint(1, 64)
    if k == 2:
        return 1 << rnd.randrange(13)
    if k == 3:
        return rnd.randint(1, big)
    return rnd.randint(1, 600)


def surface(rnd, chip):
    rsrc = rnd.choice(["1d", "2d", "2d", "3d"])
    sw = rnd.choice([i for i, m in enumerate(MODES) if m])
    bpp = 8 << rnd.randrange(5)
    samples, flags = 1, "texture"
    if rsrc == "1d":
        w, h = extent(rnd, 16384), 1
        sl = 1 if rnd.randrange(3) else rnd.randint(1, 16)
    elif rsrc == "2d":
        w, h = extent(rnd, 4096), extent(rnd, 4096)
        sl = 1 if rnd.randrange(3) else rnd.randint(1, 12)
        if rnd.randrange(4) == 0:
            samples, flags = 2 << rnd.randrange(3), "color"
            if "_Z" in MODES[sw]:  # addrlib takes MSAA Z modes for depth surfaces only
                flags, bpp = "depth", 8 << rnd.randrange(3)
            w, h = rnd.randint(1, 1024), rnd.randint(1, 1024)
    else:
        w, h, sl = extent(rnd, 512), extent(rnd, 512), extent(rnd, 256)
    while w * h * sl * bpp // 8 * samples > 64 << 20:
        if sl > 1:
            sl = (sl + 1) // 2
        elif w > h:
            w = (w + 1) // 2
        else:
            h = (h + 1) // 2
    mips = 1
    if samples == 1 and rnd.randrange(2):
        full = max(w, h, sl if rsrc == "3d" else 1).bit_length()
        mips = min(16, full if rnd.randrange(2) else rnd.randint(1, full))
    pbx = 0
    if sw >= 16:
        pbx = rnd.choice([0, rnd.randint(1, 7), rnd.randrange(1024)])
    coords = []
    per = 96 if mips == 1 else 96 // mips + 8
    for m in range(mips):
        mw, mh = max(1, w >> m), max(1, h >> m)
        md = max(1, sl >> m) if rsrc == "3d" else sl
        lv = {(0, 0, 0, 0), (mw - 1, 0, 0, 0), (0, mh - 1, 0, 0),
              (mw - 1, mh - 1, md - 1, samples - 1)}
        for e in (7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256):
            if e < mw and e < mh:
                lv.add((e, e, rnd.randrange(md), rnd.randrange(samples)))
        while len(lv) < min(per, mw * mh * md * samples):
            lv.add((rnd.randrange(mw), rnd.randrange(mh), rnd.randrange(md), rnd.randrange(samples)))
        coords += ["%d,%d,%d,%d,%d" % (x, y, z, s, m) for (x, y, z, s) in sorted(lv)]
    return [chip[0], chip[1], rsrc, MODES[sw], bpp, w, h, sl, mips, samples, flags, pbx,
            " ".join(coords)]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen_amd_surfaces.py SEED N")
    rnd = random.Random(int(sys.argv[1]))
    n = int(sys.argv[2])
    print("# gen_amd_surfaces.py %s %d: inputs for addrlib-oracle fill" % (sys.argv[1], n))
    for name, gen, fam, rev, gb in CHIPS:
        print("#chip\t%s\t%s\tchip2 name=%s family=%d rev=%d gb_addr_config=0x%08x"
              % (name, gen, name, fam, rev, gb))
    for chip in CHIPS:
        for _ in range(n):
            print("\t".join(str(v) for v in surface(rnd, chip)))


main()
