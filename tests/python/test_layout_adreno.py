"""tmu.Surface(gpu=...) / tmu.AdrenoSurface / tmu.adreno_gpus (tmu/layout.h's Adreno section):
Adreno a6xx / a7xx layouts against Mesa's own outputs (tests/data/adreno-tiling-a6xx.tsv: every S
and L column and the A rows of a sample of surfaces), detile / retile against those addresses,
round trips, refusals of levels without an element order, and the argument checks."""
import os
import re

import numpy as np
import pytest

import tmu

VECTORS = "adreno-tiling-a6xx.tsv"
PLAIN = re.compile(r"^(R8_UINT|R16_UINT|R32_UINT|R32G32_UINT|R32G32B32A32_UINT|R8G8B8A8_UNORM|"
                   r"R16G16B16A16_FLOAT|B5G6R5_UNORM|R32G32B32A32_FLOAT|DXT1_RGBA|DXT5_RGBA|ASTC_.*|"
                   r"BPTC_RGBA_UNORM|ETC2_RGB8|ETC2_RGBA8)$")
TILE = {"TILE6_LINEAR": 0, "TILE6_2": 2, "TILE6_3": 3}


def _vectors(data_dir, every):
    """(S fields, [L fields], [A fields]) of every `every`-th surface of a plain format."""
    surf, n = {}, 0
    order = []
    with open(os.path.join(data_dir, VECTORS), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            c = line.rstrip("\n").split("\t")
            if c[0] == "S":
                if PLAIN.match(c[3]):
                    n += 1
                    if n % every == 1:
                        surf[c[1]] = (c, [], [])
                        order.append(c[1])
            elif c[1] in surf:
                surf[c[1]][1 if c[0] == "L" else 2].append(c)
    return [surf[k] for k in order]


def _surface(s):
    samples = int(s[12])
    return tmu.Surface(gpu=s[2], tile=TILE[s[13]], cpp=int(s[4]) // samples, block=(int(s[5]), int(s[6])),
                       width=int(s[7]), height=int(s[8]), depth=int(s[9]), layers=int(s[10]),
                       levels=int(s[11]), samples=samples, is_3d=s[15] == "1", ubwc=s[14] == "1",
                       mutable=s[16] == "1")


@pytest.fixture
def vectors(data_dir):
    return _vectors(data_dir, 11)


def test_gpus(data_dir):
    want = {}
    with open(os.path.join(data_dir, VECTORS), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#   gpuinfo"):
                kv = dict(w.split("=", 1) for w in line.split()[3:])
                want[line.split()[2]] = kv
    got = {g["name"]: g for g in tmu.adreno_gpus()}
    assert sorted(got) == sorted(want)
    for name, kv in want.items():
        g = got[name]
        assert g["highest_bank_bit"] == int(kv["highest_bank_bit"])
        assert g["ubwc_swizzle"] == int(kv["ubwc_swizzle"], 16)
        assert g["macrotile_mode"] == ("8_channel" if kv["macrotile_mode"] == "1" else "4_channel")
        assert g["gen"] == int(kv["gen"])
        assert g["gpu_id"] == int(kv["gpu_id"])
        assert g["has_ubwc_linear_mipmap_fallback"] == int(kv["has_ubwc_linear_mipmap_fallback"])


def test_vectors(vectors):
    assert len(vectors) > 200
    naddr = 0
    for s, levels, addrs in vectors:
        surf = _surface(s)
        assert isinstance(surf, tmu.AdrenoSurface) and isinstance(surf, tmu.Surface)
        i = surf.info
        got = [i["size"], i["layer_size"], i["layer_first"], i["tile_mode"], i["ubwc"], i["tile_all"],
               i["base_align"], i["pitchalign"], i["pitch0"], i["ubwc_width0"], i["ubwc_layer_size"],
               i["highest_bank_bit"], "0x%x" % i["ubwc_swizzle"], "1" if i["macrotile_mode"] == "8_channel" else "0"]
        want = s[17:31]
        assert [str(v) for v in got] == want, s
        assert surf.size == int(s[17])
        for L in levels:
            lv = i["levels"][int(L[2])]
            got = [lv["width"], lv["height"], lv["tile_mode"], lv["ubwc"], lv["offset"], lv["row_pitch"],
                   lv["slice_size"], lv["layer_stride"], lv["ubwc_offset"], lv["ubwc_pitch"], lv["ubwc_size"]]
            assert [str(v) for v in got] == L[6:17], (s[1], L)
        for a in addrs[::13]:
            lvl, z, x, y, off = (int(v) for v in a[2:7])
            assert surf.address(x, y, z, 0, lvl) == off, (s[1], a)
            naddr += 1
    assert naddr > 1000


def test_detile_retile_vectors(vectors):
    done = 0
    for s, levels, addrs in vectors:
        surf = _surface(s)
        cpp = int(s[4]) // int(s[12])
        if cpp not in (1, 2, 4, 8) or not addrs or surf.size > (1 << 22):
            continue
        mem = np.random.default_rng(int(s[1])).integers(0, 256, surf.size, dtype=np.uint8)
        by_level = {}
        for a in addrs:
            by_level.setdefault((int(a[2]), int(a[3])), []).append(a)
        for (lvl, z), rows in list(by_level.items())[:3]:
            img = surf.detile(mem, level=lvl, slice=z)
            raw = img.view(np.uint8).reshape(img.shape[0], img.shape[1], cpp)
            for a in rows[::7]:
                x, y, off = int(a[4]), int(a[5]), int(a[6])
                assert bytes(raw[y, x]) == bytes(mem[off:off + cpp]), (s[1], a)
            back = surf.retile(img, into=mem.copy(), level=lvl, slice=z)
            assert (back == mem).all()
            zero = surf.retile(img, level=lvl, slice=z)
            assert (surf.detile(zero, level=lvl, slice=z) == img).all()
            done += 1
    assert done > 50


def test_unaddressable_levels_refused():
    u = tmu.Surface(gpu="a660", tile=3, cpp=4, width=64, height=64, ubwc=True)
    assert u.info["levels"][0]["ubwc"] == 1 and not u.info["levels"][0]["addressable"]
    for s in (u, tmu.Surface(gpu="a660", tile=2, cpp=4, width=64, height=64),
              tmu.Surface(gpu="a660", tile=3, cpp=16, samples=2, width=64, height=64)):
        with pytest.raises(tmu.UnsupportedError):
            s.address(0, 0)
        with pytest.raises(tmu.UnsupportedError):
            s.detile(bytearray(s.size))
        with pytest.raises(tmu.UnsupportedError):
            s.retile(np.zeros((4, 4, s.info["desc"]["cpp"]), np.uint8))


def test_names_and_aliases():
    for g in ("a660", "660", "FD660", "fd660"):
        assert tmu.Surface(gpu=g, tile=3, cpp=4, width=8, height=8).info["gpu"] == "a660"
    assert tmu.Surface(gpu="a6xx", tile="TILE6_3", cpp=4, width=8, height=8).info["gpu"] == "a630"
    assert tmu.Surface(gpu="a7xx", tile="TILE6_LINEAR", bpp=32, width=8, height=8).info["gpu"] == "a730"
    s = tmu.AdrenoSurface(gpu="a750", tile=3, cpp=8, width=64, height=32, depth=4, is_3d=True, levels=2)
    assert s.level_shape(1) == (16, 32, 2)
    assert "a750" in repr(s)


@pytest.mark.parametrize("kw, err", [
    (dict(gpu="a999"), tmu.NotFoundError),
    (dict(gpu=660), tmu.InvalidArgumentError),
    (dict(gpu="a6\0"), tmu.InvalidArgumentError),
    (dict(tile=1), tmu.InvalidArgumentError),
    (dict(tile=True), tmu.InvalidArgumentError),
    (dict(tile="frob"), tmu.InvalidArgumentError),
    (dict(cpp=None), tmu.InvalidArgumentError),
    (dict(bpp=32), tmu.InvalidArgumentError),
    (dict(cpp=None, bpp=12), tmu.InvalidArgumentError),
    (dict(cpp=3), tmu.Error),
    (dict(cpp=32), tmu.InvalidArgumentError),
    (dict(cpp=-1), tmu.InvalidArgumentError),
    (dict(cpp=4.0), tmu.InvalidArgumentError),
    (dict(width=0), tmu.Error),
    (dict(width=2**32), tmu.InvalidArgumentError),
    (dict(width=10**6), tmu.Error),
    (dict(height=-5), tmu.InvalidArgumentError),
    (dict(levels=0), tmu.Error),
    (dict(levels=20), tmu.Error),
    (dict(samples=3), tmu.Error),
    (dict(cpp=16, samples=4), tmu.Error),
    (dict(layers=0), tmu.Error),
    (dict(layers=99999), tmu.Error),
    (dict(depth=4), tmu.Error),
    (dict(is_3d=True, layers=2), tmu.Error),
    (dict(is_3d=2), tmu.InvalidArgumentError),
    (dict(ubwc="yes"), tmu.InvalidArgumentError),
    (dict(block=4), tmu.InvalidArgumentError),
    (dict(block=(0, 4)), tmu.InvalidArgumentError),
    (dict(block=(300, 4)), tmu.InvalidArgumentError),
    (dict(format_flags="frob"), tmu.InvalidArgumentError),
    (dict(chip="tahiti"), tmu.InvalidArgumentError),
])
def test_bad_arguments(kw, err):
    args = dict(gpu="a660", tile=3, cpp=4, width=64, height=64)
    args.update(kw)
    if "chip" in kw:
        chip = args.pop("chip")
        with pytest.raises(err):
            tmu.Surface(chip, **args)
        return
    with pytest.raises(err):
        tmu.Surface(**args)


def test_bad_buffers_and_coordinates():
    s = tmu.Surface(gpu="a660", tile=3, cpp=4, width=64, height=64, layers=2, levels=2)
    with pytest.raises(tmu.RangeError):
        s.address(64, 0)
    with pytest.raises(tmu.RangeError):
        s.address(0, 0, 2)
    with pytest.raises(tmu.RangeError):
        s.address(0, 0, 0, 1)
    with pytest.raises(tmu.RangeError):
        s.address(0, 0, 0, 0, 2)
    with pytest.raises(tmu.InvalidArgumentError):
        s.address(-1, 0)
    with pytest.raises(tmu.InvalidArgumentError):
        s.detile(bytearray(s.size - 1))
    with pytest.raises(tmu.RangeError):
        s.detile(bytearray(s.size), x=60, width=8)
    with pytest.raises(tmu.RangeError):
        s.detile(bytearray(s.size), slice=2)
    with pytest.raises(tmu.InvalidArgumentError):
        s.retile(np.zeros((4, 4), np.uint32), into=bytes(s.size))
    with pytest.raises(tmu.InvalidArgumentError):
        s.retile(np.zeros((4, 4), np.uint32), into=bytearray(s.size - 1))
    with pytest.raises(tmu.InvalidArgumentError):
        s.retile(np.zeros((4, 4), np.uint16))
    with pytest.raises(tmu.RangeError):
        s.retile(np.zeros((4, 4), np.uint32), x=62)
    img = np.arange(64 * 64, dtype=np.uint32).reshape(64, 64)
    mem = s.retile(img, slice=1)
    assert (s.detile(mem, slice=1) == img).all()
    assert s.address(5, 3, 1) == s.address(5, 3) + s.info["levels"][0]["layer_stride"]
