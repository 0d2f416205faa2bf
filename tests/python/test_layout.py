"""tmu.Surface / tmu.amd_chips (tmu/layout.h): AMD surface layouts against AMD addrlib's own
outputs (tests/data/amd-tiling-*.tsv: every surface-info column and every sample address of the
rows used), detile / retile against those addresses, round trips, and the argument checks that
keep Python from ever handing the C library a buffer smaller than it needs."""
import doctest
import os

import numpy as np
import pytest

import tmu
from conftest import read_tsv

GFX6 = "amd-tiling-gfx6-8.tsv"
GFX9 = "amd-tiling-gfx9-10.tsv"
GFX11 = "amd-tiling-gfx11.tsv"


def _chip_rows(path):
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#chip"):
                _, name, gen, cmd = line.rstrip("\n").split("\t")
                kv = dict(w.split("=", 1) for w in cmd.split()[1:])
                out[name] = (gen, kv)
    return out


def _gfx6_rows(data_dir, every=1):
    for i, f in enumerate(read_tsv(os.path.join(data_dir, GFX6))):
        if i % every == 0:
            yield f


def _gfx9_rows(data_dir, every=1, name=GFX9):
    for i, f in enumerate(read_tsv(os.path.join(data_dir, name))):
        if i % every == 0:
            yield f


def _gfx6_surface(f):
    return tmu.Surface(f[0], tile_index=int(f[9]), bpp=int(f[2]), width=int(f[3]), height=int(f[4]),
                       slices=int(f[5]), levels=int(f[6]), samples=int(f[8]), flags=f[10])


def _gfx9_surface(f):
    return tmu.Surface(f[0], swizzle=f[3], rsrc=f[2], bpp=int(f[4]), width=int(f[5]), height=int(f[6]),
                       slices=int(f[7]), levels=int(f[8]), samples=int(f[9]), flags=f[10],
                       pipe_bank_xor=int(f[11]))


def _samples(field):
    for s in field.split():
        coord, addr = s.split(":")
        yield tuple(int(v) for v in coord.split(",")), int(addr)


# ---- chips ------------------------------------------------------------------------------------

def test_amd_chips_are_the_vectors_registers(data_dir):
    chips = {c["name"]: c for c in tmu.amd_chips()}
    want = _chip_rows(os.path.join(data_dir, GFX6))
    want.update(_chip_rows(os.path.join(data_dir, GFX9)))
    want.update(_chip_rows(os.path.join(data_dir, GFX11)))
    assert set(chips) == set(want) and len(chips) == 19
    for name, (gen, kv) in want.items():
        c = chips[name]
        assert c["gen"] == gen
        assert c["family"] == int(kv["family"]) and c["revision"] == int(kv["rev"])
        assert c["gb_addr_config"] == int(kv["gb_addr_config"], 16)
        if "tile" in kv:
            assert c["tile_mode"] == [int(v, 16) for v in kv["tile"].split(",")]
        if "macro" in kv:
            assert c["macrotile_mode"] == [int(v, 16) for v in kv["macro"].split(",")]


# ---- addrlib's outputs -------------------------------------------------------------------------

def test_gfx6_8_rows_info_and_addresses(data_dir):
    rows = addresses = 0
    for f in _gfx6_rows(data_dir):
        s = _gfx6_surface(f)
        L = int(f[7])
        lv = s.info["levels"][L]
        got = (lv["pitch"], lv["padded_height"], lv["padded_depth"], lv["size"], lv["slice_size"], lv["base_align"],
               lv["tile_mode"], lv["tile_type"], lv["tile_index"], lv["macro_index"], lv["banks"], lv["bank_width"],
               lv["bank_height"], lv["macro_aspect"], lv["tile_split"], lv["pipe_config"], lv["offset"])
        want = tuple(int(v) if v.lstrip("-").isdigit() else v for v in f[11:28])
        assert got == want, (f[:11], got, want)
        off = int(f[27])
        for (x, y, sl, sm), a in _samples(f[28]):
            assert s.address(x, y, sl, sm, L) == off + a, (f[:11], x, y, sl, sm)
            addresses += 1
        rows += 1
    assert rows > 4000 and addresses > 300000


@pytest.mark.parametrize("name,every,min_rows,min_addresses",
                         [(GFX9, 1, 2800, 240000), (GFX11, 2, 1499, 150000)])
def test_gfx9_10_11_rows_info_and_addresses(data_dir, name, every, min_rows, min_addresses):
    rows = addresses = 0
    for f in _gfx9_rows(data_dir, every, name):
        s = _gfx9_surface(f)
        i = s.info
        got = (i["pitch"], i["height"], i["depth"], i["size"], i["slice_size"], i["base_align"]) + i["block"] + (
            i["mip_chain_in_tail"], i["first_tail_mip"])
        assert got == tuple(int(v) for v in f[12:23]), (f[:12], got)
        cols = [[int(v) for v in f[23 + c].split(",")] for c in range(5)]
        for m, lv in enumerate(i["levels"]):
            assert (lv["offset"], lv["pitch"], lv["padded_height"], lv["padded_depth"], lv["mip_tail_offset"]) == \
                tuple(col[m] for col in cols), (f[:12], m)
        for (x, y, sl, sm, m), a in _samples(f[28]):
            assert s.address(x, y, sl, sm, m) == a, (f[:12], x, y, sl, sm, m)
            addresses += 1
        rows += 1
    assert rows > min_rows and addresses > min_addresses


# ---- detile / retile against addrlib's addresses ---------------------------------------------------

def _check_detile(s, f_samples, rng):
    b = s.info["desc"]["bpp"] // 8
    mem = rng.integers(0, 256, s.size, dtype=np.uint8)
    raw = mem.tobytes()
    groups = {}
    for (coord, a) in f_samples:
        x, y, sl, sm, m = coord
        groups.setdefault((m, sl, sm), []).append((x, y, a))
    for (m, sl, sm), pts in groups.items():
        img = s.detile(raw, level=m, slice=sl, sample=sm)
        h, w, _ = s.level_shape(m)
        assert img.shape[:2] == (h, w)
        flat = img.view(np.uint8).reshape(h, w, b)
        for x, y, a in pts:
            assert flat[y, x].tobytes() == raw[a:a + b], (m, sl, sm, x, y)
        # the same rectangle through retile: written where the addresses say, nothing else
        out = s.retile(img, level=m, slice=sl, sample=sm)
        back = np.frombuffer(out, np.uint8)
        for x, y, a in pts:
            assert back[a:a + b].tobytes() == raw[a:a + b]
        full = s.retile(img, into=bytearray(raw), level=m, slice=sl, sample=sm)
        assert bytes(full) == raw


def test_detile_retile_at_gfx6_8_addresses(data_dir, rng):
    n = 0
    for f in _gfx6_rows(data_dir, every=23):
        s = _gfx6_surface(f)
        L, off = int(f[7]), int(f[27])
        if s.size > (64 << 20):
            continue
        _check_detile(s, [((x, y, sl, sm, L), off + a) for (x, y, sl, sm), a in _samples(f[28])], rng)
        n += 1
    assert n > 150


def test_detile_retile_at_gfx9_10_addresses(data_dir, rng):
    n = 0
    for f in _gfx9_rows(data_dir, every=11):
        s = _gfx9_surface(f)
        if s.size > (64 << 20):
            continue
        _check_detile(s, list(_samples(f[28])), rng)
        n += 1
    assert n > 100


@pytest.mark.parametrize("kw", [
    dict(chip="ps4", tile_index=14, bpp=32, width=300, height=200, levels=4, flags="texture,pow2pad"),
    dict(chip="tahiti", tile_index=0, bpp=16, width=513, height=512, flags="depth,texture"),
    dict(chip="polaris10", tile_index=20, bpp=8, width=64, height=64, slices=8, flags="texture,volume"),
    dict(chip="vega10", swizzle="SW_64KB_D_X", bpp=128, width=300, height=200, levels=9, pipe_bank_xor=5),
    dict(chip="navi21", swizzle="SW_64KB_S_X", bpp=64, width=77, height=33, slices=3),
    dict(chip="raven", swizzle="SW_4KB_S", rsrc="3d", bpp=32, width=40, height=40, slices=16, levels=4),
])
def test_round_trip_covers_exactly_the_level(kw, rng):
    chip = kw.pop("chip")
    s = tmu.Surface(chip, **kw)
    mem = rng.integers(1, 256, s.size, dtype=np.uint8)  # no zero byte
    b = s.info["desc"]["bpp"] // 8
    for m in range(s.info["desc"]["levels"]):
        h, w, d = s.level_shape(m)
        sl = d - 1
        img = s.detile(mem, level=m, slice=sl)
        zeros = np.frombuffer(s.retile(img, level=m, slice=sl), np.uint8)
        written = zeros != 0
        assert np.count_nonzero(written) == w * h * b
        assert (zeros[written] == mem[written]).all()
        into = np.zeros(s.size, np.uint8)
        assert s.retile(img, into=into, level=m, slice=sl) is into and (into == zeros).all()
        # a sub-rectangle is the same elements
        if w > 2 and h > 2:
            sub = s.detile(mem, level=m, slice=sl, x=1, y=2, width=w - 2, height=h - 2)
            assert (sub == img[2:, 1:w - 1]).all()


def test_element_dtypes(rng):
    for bpp, dt in ((8, np.uint8), (16, np.uint16), (32, np.uint32), (64, np.uint64)):
        s = tmu.Surface("ps4", tile_index=14, bpp=bpp, width=40, height=24)
        img = s.detile(bytes(s.size))
        assert img.dtype == dt and img.shape == (24, 40)
    s = tmu.Surface("vega10", swizzle="SW_64KB_S", bpp=128, width=40, height=24)
    mem = rng.integers(0, 256, s.size, dtype=np.uint8)
    img = s.detile(mem)
    assert img.dtype == np.uint64 and img.shape == (24, 40, 2)
    a = s.address(7, 5)
    assert img[5, 7].tobytes() == mem[a:a + 16].tobytes()
    # the same elements as float64 pairs, as raw bytes, big-endian, non-contiguous: one result
    spread = np.zeros((24, 80, 2), np.uint64)
    spread[:, ::2] = img
    for arr in (img.view(np.float64), img.view(np.uint8).reshape(24, 40, 16), img.astype(">u8"), spread[:, ::2]):
        assert bytes(s.retile(arr)) == bytes(s.retile(img))


def test_retile_into_numpy_and_keeps_other_bytes(rng):
    s = tmu.Surface("navi10", swizzle="SW_64KB_S_X", bpp=32, width=100, height=60, pipe_bank_xor=3)
    mem = rng.integers(0, 2**32, s.size // 4, dtype=np.uint32)
    keep = mem.copy()
    patch = np.full((4, 5), 0xdeadbeef, np.uint32)
    s.retile(patch, into=mem, x=10, y=20)
    changed = np.flatnonzero(mem != keep)
    want = sorted(s.address(x, y) // 4 for y in range(20, 24) for x in range(10, 15))
    assert set(changed.tolist()) <= set(want)
    assert all(mem[a] == 0xdeadbeef for a in want)


def test_docstring_examples():
    res = doctest.testmod(tmu.layout, extraglobs={"tmu": tmu, "np": np}, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert res.failed == 0 and res.attempted >= 10


# ---- refused arguments ----------------------------------------------------------------------------

def test_bad_surfaces_raise_the_package_errors():
    with pytest.raises(tmu.NotFoundError, match="unknown chip 'ps5' .*tahiti, bonaire"):
        tmu.Surface("ps5", tile_index=1, bpp=32, width=4, height=4)
    with pytest.raises(tmu.InvalidArgumentError, match="chip must be"):
        tmu.Surface(None, tile_index=1, bpp=32, width=4, height=4)
    with pytest.raises(tmu.InvalidArgumentError, match="swizzle mode"):
        tmu.Surface("vega10", tile_index=1, bpp=32, width=4, height=4)
    with pytest.raises(tmu.InvalidArgumentError, match="tile_index=N"):
        tmu.Surface("ps4", swizzle="SW_64KB_S", bpp=32, width=4, height=4)
    with pytest.raises(tmu.InvalidArgumentError, match="not both"):
        tmu.Surface("ps4", tile_index=1, swizzle=1, bpp=32, width=4, height=4)
    with pytest.raises(tmu.InvalidArgumentError, match="not an addrlib swizzle mode"):
        tmu.Surface("vega10", swizzle="SW_64KB_Q", bpp=32, width=4, height=4)
    with pytest.raises(tmu.InvalidArgumentError, match="not an addrlib swizzle mode"):
        tmu.Surface("vega10", swizzle=32, bpp=32, width=4, height=4)
    for bad in (-1, 32, True, 1.0, "1"):
        with pytest.raises(tmu.InvalidArgumentError):
            tmu.Surface("ps4", tile_index=bad, bpp=32, width=4, height=4)
    for key in ("bpp", "width", "height", "slices", "levels", "samples"):
        for bad in (-1, 2**32, 3.5, None, False):
            kw = dict(tile_index=1, bpp=32, width=4, height=4)
            kw[key] = bad
            with pytest.raises(tmu.InvalidArgumentError, match=key):
                tmu.Surface("ps4", **kw)
    with pytest.raises(tmu.InvalidArgumentError, match="unknown flag 'cubic'"):
        tmu.Surface("ps4", tile_index=1, bpp=32, width=4, height=4, flags="texture,cubic")
    with pytest.raises(tmu.InvalidArgumentError, match="flags must be"):
        tmu.Surface("ps4", tile_index=1, bpp=32, width=4, height=4, flags=1.5)
    with pytest.raises(tmu.InvalidArgumentError, match="rsrc"):
        tmu.Surface("vega10", swizzle=1, bpp=32, width=4, height=4, rsrc="4d")
    with pytest.raises(tmu.InvalidArgumentError, match="volume"):
        tmu.Surface("vega10", swizzle=1, bpp=32, width=4, height=4, rsrc="2d", flags="volume")
    with pytest.raises(tmu.InvalidArgumentError, match="pipe_bank_xor"):
        tmu.Surface("ps4", tile_index=1, bpp=32, width=4, height=4, pipe_bank_xor=1)
    # what the library refuses, with its message
    with pytest.raises(tmu.UnsupportedError, match="bpp 24"):
        tmu.Surface("ps4", tile_index=14, bpp=24, width=4, height=4)
    with pytest.raises(tmu.InvalidArgumentError, match="levels 17"):
        tmu.Surface("ps4", tile_index=14, bpp=32, width=16, height=16, levels=17)
    with pytest.raises(tmu.InvalidArgumentError, match="extent"):
        tmu.Surface("ps4", tile_index=14, bpp=32, width=0, height=16)
    with pytest.raises(tmu.UnsupportedError, match="single-sampled"):
        tmu.Surface("polaris10", tile_index=20, bpp=32, width=64, height=64, samples=2)
    # aliases and spellings
    a = tmu.Surface("PS4", tile_index=5, bpp=32, width=8, height=8, flags=["Texture", "pow2Pad"])
    b = tmu.Surface("liverpool", tile_index=5, bpp=32, width=8, height=8,
                    flags=tmu.lib.TMU_SURF_TEXTURE | tmu.lib.TMU_SURF_POW2_PAD)
    assert a.info == b.info and a.info["desc"]["flags"] == ["texture", "pow2pad"]
    assert "liverpool" in repr(a)


def test_address_range():
    s = tmu.Surface("ps4", tile_index=14, bpp=32, width=64, height=32, slices=2)
    assert s.address(63, 31, 1) >= 0
    for args in ((64, 0), (0, 32), (0, 0, 2), (0, 0, 0, 1), (0, 0, 0, 0, 1), (2**32 - 1, 0)):
        with pytest.raises(tmu.RangeError):
            s.address(*args)
    for args in ((-1, 0), (0, 2**32), (0.5, 0), (None, 0)):
        with pytest.raises(tmu.InvalidArgumentError):
            s.address(*args)


def test_thick_order_on_thinned_mode_reported_not_copied():
    """The PS4's thick tile index 22 at 64 bpp: addrlib thins the mode but keeps the THICK element
    order (docs/layouts.md 1.4).  Level 1 (8x8, 1D_TILED_THIN1, micro tiles of 512 B) worked by
    hand: x2 is index bit 6, 64 x 8 B = 512 B, which is where micro tile (1, 0) begins; y2 is
    bit 7, 1024 B.  The addresses are addrlib's; detile and retile refuse the level."""
    s = tmu.Surface("liverpool", tile_index=22, bpp=64, width=16, height=16, levels=2,
                    flags=["texture", "pow2pad"])
    lv = s.info["levels"]
    assert [(e["tile_mode"], e["tile_type"], e["tile_index"], e.get("one_to_one")) for e in lv] == [
        ("PRT_TILED_THIN1", "THICK", -1, 0), ("1D_TILED_THIN1", "THICK", -1, 0)]
    assert s.address(4, 0, level=1) == lv[1]["offset"] + 512
    assert s.address(0, 4, level=1) == lv[1]["offset"] + 1024
    mem = np.zeros(s.size, dtype=np.uint8)
    with pytest.raises(tmu.Error, match="THICK element order"):
        s.detile(mem, level=1)
    with pytest.raises(tmu.Error, match="THICK element order"):
        s.retile(np.zeros((8, 8), dtype=np.uint64), into=mem, level=1)
    one = tmu.Surface("liverpool", tile_index=22, bpp=64, width=16, height=16, levels=2,
                      flags=["texture", "pow2pad", "no_large_thick_degrade"])
    assert "one_to_one" not in one.info["levels"][0] and one.info["levels"][0]["tile_mode"] == "PRT_TILED_THICK"


def test_detile_retile_refuse_bad_buffers():
    s = tmu.Surface("vega10", swizzle="SW_64KB_S_X", bpp=32, width=64, height=64)
    ok = bytes(s.size)
    with pytest.raises(tmu.InvalidArgumentError, match="needs %d" % s.size):
        s.detile(ok[:-1])
    with pytest.raises(tmu.InvalidArgumentError, match="buffer"):
        s.detile(list(ok[:16]))
    with pytest.raises(tmu.InvalidArgumentError, match="C-contiguous"):
        s.detile(np.zeros(2 * s.size, np.uint8)[::2])
    with pytest.raises(tmu.InvalidArgumentError, match="C-contiguous"):
        s.detile(memoryview(bytearray(2 * s.size))[::2])
    assert s.detile(np.zeros(s.size // 8, np.float64)).shape == (64, 64)   # any contiguous buffer
    assert s.detile(bytearray(s.size + 100)).shape == (64, 64)             # a longer one too
    for kw in (dict(level=1), dict(slice=1), dict(sample=1), dict(x=64), dict(y=10, height=55),
               dict(x=1, width=64), dict(width=0)):
        with pytest.raises(tmu.RangeError):
            s.detile(ok, **kw)
    img = np.zeros((64, 64), np.uint32)
    with pytest.raises(tmu.InvalidArgumentError, match="must be writable"):
        s.retile(img, into=ok)
    ro = np.zeros(s.size, np.uint8)
    ro.flags.writeable = False
    with pytest.raises(tmu.InvalidArgumentError, match="must be writable"):
        s.retile(img, into=ro)
    with pytest.raises(tmu.InvalidArgumentError, match="needs %d" % s.size):
        s.retile(img, into=bytearray(s.size - 1))
    with pytest.raises(tmu.InvalidArgumentError, match="C-contiguous"):
        s.retile(img, into=np.zeros(2 * s.size, np.uint8)[::2])
    for bad in (np.zeros((64, 64), np.uint16), np.zeros((64, 64, 3), np.uint8), np.zeros(64, np.uint32),
                np.zeros((64, 64), object), [[1, 2], [3, 4]] * 0):
        with pytest.raises(tmu.InvalidArgumentError, match="must be"):
            s.retile(bad)
    with pytest.raises(tmu.RangeError):
        s.retile(np.zeros((65, 64), np.uint32))
    with pytest.raises(tmu.RangeError):
        s.retile(np.zeros((2, 2), np.uint32), x=63)
    s128 = tmu.Surface("vega10", swizzle="SW_64KB_S", bpp=128, width=8, height=8)
    with pytest.raises(tmu.InvalidArgumentError, match=r"\(H, W, 2\) of uint64"):
        s128.retile(np.zeros((8, 8), np.uint64))
    big = bytearray(s.size)
    view = memoryview(big)
    s.retile(np.full((64, 64), 0xffffffff, np.uint32), into=view)   # a writable memoryview: written in place
    assert big.count(0) == s.size - 64 * 64 * 4


def test_random_requests_never_crash(rng):
    """Random (often absurd) requests: each either raises a tmu.Error or gives a surface whose
    addresses lie inside it and whose random rectangles detile and retile, except levels marked
    not one-to-one (gfx6-8: addrlib's THICK order on a thinned mode, addresses overlapping and
    passing the level's end), which detile and retile refuse."""
    names = [c["name"] for c in tmu.amd_chips()]
    made = 0
    for _ in range(1500):
        chip = names[rng.integers(len(names))]
        gfx9 = tmu.amd_chips()[names.index(chip)]["gen"] not in ("gfx6", "gfx7", "gfx8")
        def pick(good, bad):
            return int(rng.choice(bad)) if rng.random() < 0.08 else int(rng.choice(good))
        kw = dict(bpp=pick([8, 16, 32, 64, 128], [0, 24, 256]), width=pick([1, 3, 17, 64, 300], [0, 16385]),
                  height=pick([1, 5, 33, 128], [0, 2**31]), slices=pick([1, 2, 6, 7], [0, 20000]),
                  levels=pick([1, 1, 2, 5, 9], [0, 17]), samples=pick([1, 1, 1, 2, 4, 8], [3, 16, 32]),
                  flags=pick([1, 1, 2 | 1, 16 | 1, 32 | 1, 128 | 1, 8 | 4, 4], [1023, 0, 64]))
        if gfx9:
            kw.update(swizzle=int(rng.integers(0, 32)), rsrc=str(rng.choice(["1d", "2d", "3d"])),
                      pipe_bank_xor=int(rng.integers(0, 300)))
            if kw["flags"] & tmu.lib.TMU_SURF_VOLUME:
                kw["rsrc"] = "3d"
        else:
            kw.update(tile_index=int(rng.integers(0, 32)))
        try:
            s = tmu.Surface(chip, **kw)
        except tmu.Error:
            continue
        made += 1
        if s.size > (16 << 20):
            continue
        mem = rng.integers(0, 256, s.size, dtype=np.uint8)
        for m in range(s.info["desc"]["levels"]):
            h, w, d = s.level_shape(m)
            if s.info["levels"][m].get("one_to_one", 1) == 0:
                assert s.info["levels"][m]["tile_type"] == "THICK"
                with pytest.raises(tmu.Error, match="THICK element order"):
                    s.detile(mem, level=m)
                continue
            assert 0 <= s.address(w - 1, h - 1, d - 1, s.info["desc"]["samples"] - 1, m) < s.size
            x, y = int(rng.integers(w)), int(rng.integers(h))
            img = s.detile(mem, level=m, slice=d - 1, x=x, y=y)
            s.retile(img, into=mem, level=m, slice=d - 1, x=x, y=y)
    assert made > 100
