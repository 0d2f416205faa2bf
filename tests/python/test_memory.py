"""Issue 29 items 1, 6, 7 and 20 (Python): every NumPy view the package hands out keeps its owner
alive; sizes are checked against max_bytes before anything is allocated; mip levels are generated
without a float64 copy of the whole level; GcnWave.map takes a size or unsigned bytes only; a
texture's view fields are checked when it is made.

The view tests drop the owner, collect, make new objects of the same size (which take freed
memory first) and write through the old view: a view that did not keep its owner alive writes
into the new objects (or into unmapped memory).  Under the sanitized build (ctest with
TMU_SANITIZE) AddressSanitizer reports such a write as a use after free."""
import gc
import tracemalloc

import numpy as np
import pytest

import tmu
import tmu.texture


def churn(make):
    """Frees what is unreachable, then fills memory with new objects (`make()` several times)."""
    gc.collect()
    junk = [bytearray(1000) for _ in range(200)]
    return junk, [make() for _ in range(4)]


# ---- item 1: views keep their owner alive -------------------------------------------------

@pytest.mark.parametrize("reg", ["sgpr", "vgpr"])
def test_gcn_register_views_outlive_the_wave(reg):
    view = getattr(tmu.GcnWave("gfx9"), reg)
    _, others = churn(lambda: tmu.GcnWave("gfx9"))
    view[...] = 0xFFFFFFFF
    _ = [dict(a=i) for i in range(20000)]
    assert (view == 0xFFFFFFFF).all()
    for w in others:  # new waves start with every register 0
        assert not getattr(w, reg).any()


def test_gcn_register_view_still_drives_its_wave():
    w = tmu.GcnWave("gfx9")
    v = w.vgpr
    w.texture(8, tmu.Texture(np.full((2, 2, 4), 255, np.uint8), "r8g8b8a8_unorm"), 0x10000)
    w.sampler(16)
    run = w.run
    del w
    churn(lambda: tmu.GcnWave("gfx9"))
    v[4], v[5] = np.float32(0.5).view(np.uint32), np.float32(0.5).view(np.uint32)
    run("image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf\ns_waitcnt vmcnt(0)")
    assert v[0].view(np.float32).tolist() == [1.0] * 64  # a white texture, read through the old view


def test_gcn_map_and_texture_views_outlive_the_wave():
    w = tmu.GcnWave("gfx9")
    mem = w.map(0x1000, 4096)
    tex = w.texture(8, tmu.Texture(np.zeros((4, 4, 4), np.uint8), "r8g8b8a8_unorm"), 0x100000)
    del w
    churn(lambda: np.zeros(4096, np.uint8))
    mem[:] = 7
    tex[:] = 9
    assert (mem == 7).all() and (tex == 9).all()


@pytest.mark.parametrize("what", ["level", "memory"])
def test_texture_views_outlive_the_texture(what):
    def make():
        return tmu.Texture(np.zeros((64, 64, 4), np.uint8), "r8g8b8a8_unorm", levels="full")
    t = make()
    view = t.level(1) if what == "level" else t.memory
    del t
    _, others = churn(make)
    view[...] = 200
    assert (view == 200).all()
    for o in others:
        assert not o.memory.any()


# ---- item 6: max_bytes, checked before allocating; mips without an 8x intermediate -------------

def test_texture_max_bytes_default_refuses_before_allocating():
    tracemalloc.start()
    try:
        with pytest.raises(tmu.InvalidArgumentError, match=r"needs 1431655764 bytes, more than max_bytes=1073741824"):
            tmu.Texture(np.broadcast_to(np.uint8(0), (16384, 16384, 4)), "r8g8b8a8_unorm", levels="full")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, peak  # nothing the size of the texture was allocated


def test_texture_max_bytes_argument():
    data = np.zeros((64, 64, 4), np.uint8)  # 16384 bytes
    with pytest.raises(tmu.InvalidArgumentError, match="needs 16384 bytes, more than max_bytes=16383"):
        tmu.Texture(data, "r8g8b8a8_unorm", max_bytes=16383)
    assert tmu.Texture(data, "r8g8b8a8_unorm", max_bytes=16384).memory.size == 16384
    for bad in (0, -1, 1.5, True, "1G"):
        with pytest.raises(tmu.InvalidArgumentError, match="max_bytes must be a positive integer"):
            tmu.Texture(data, "r8g8b8a8_unorm", max_bytes=bad)


def test_from_values_max_bytes_before_encoding():
    with pytest.raises(tmu.InvalidArgumentError, match="needs at least 1073807360 bytes, more than max_bytes"):
        tmu.Texture.from_values(np.broadcast_to(np.float32(0.5), (16385, 16384, 4)), "r8g8b8a8_unorm")
    with pytest.raises(tmu.InvalidArgumentError, match="needs at least 64 bytes, more than max_bytes=63"):
        tmu.Texture.from_values(np.zeros((4, 4, 4)), "r8g8b8a8_unorm", max_bytes=63)
    assert tmu.Texture.from_values(np.zeros((4, 4, 4)), "r8g8b8a8_unorm", max_bytes=64).memory.size == 64


def test_gcn_map_max_bytes_counts_every_region():
    w = tmu.GcnWave("gfx9", max_bytes=1000)
    w.map(0x0, 600)
    with pytest.raises(tmu.InvalidArgumentError, match="a region of 600 bytes: with the 600 bytes mapped already"):
        w.map(0x1000, 600)
    w.map(0x1000, 400)
    with pytest.raises(tmu.InvalidArgumentError, match="max_bytes"):
        w.texture(8, tmu.Texture(np.zeros((4, 4, 4), np.uint8), "r8g8b8a8_unorm"), 0x100000)


def test_mips_without_a_float64_copy_of_the_level():
    # 2048 x 2048 RGBA8: 16 MiB level 0, 22 MiB with its mips; a float64 copy of level 0 alone
    # would be 128 MiB (plus 64 MiB of float32 decoded values)
    data = np.zeros((2048, 2048, 4), np.uint8)
    data[::2, ::2] = 255
    tracemalloc.start()
    try:
        t = tmu.Texture(data, "r8g8b8a8_unorm", levels="full")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 48 << 20, peak  # the texture (22 MiB) and slabs of a few MiB
    # one texel in four is white: every channel of level 1 averages (255 + 0 + 0 + 0) / 4
    assert (t.level(1) == 64).all()  # 63.75 -> 64
    assert t.level(11).tolist() == [[[64, 64, 64, 64]]]


@pytest.mark.parametrize("fmt,dim,shape", [
    ("r8g8b8a8_unorm", "2d", (13, 21, 4)),
    ("r8g8b8a8_srgb", "2d", (9, 8, 4)),
    ("r8g8b8a8_unorm", "3d", (5, 7, 9, 4)),
    ("r8g8b8a8_unorm", "cube", (6, 8, 8, 4)),
    ("r8g8b8a8_unorm", "2d_array", (3, 11, 6, 4)),
    ("r8g8b8a8_unorm", "1d", (37, 4)),
    ("r8g8b8a8_unorm", "1d_array", (2, 19, 4)),
])
def test_mips_in_slabs_equal_mips_in_one_piece(monkeypatch, rng, fmt, dim, shape):
    data = rng.integers(0, 256, shape, dtype=np.uint8)
    whole = tmu.Texture(data, fmt, dim, levels="full")  # small: one slab per level
    monkeypatch.setattr(tmu.texture, "_MIP_CHUNK_BYTES", 1)  # one row (slice, texel) per slab
    slabs = tmu.Texture(data, fmt, dim, levels="full")
    assert whole.levels == slabs.levels > 1
    for n in range(whole.levels):
        assert np.array_equal(whole.level(n), slabs.level(n)), n


def test_mips_by_hand():
    # 1D r8_unorm 0, 254, 50, 100: level 1 = (0 + 254) / 2, (50 + 100) / 2 = 127, 75 (exact in
    # unorm8); level 2 = (127 + 75) / 2 = 101
    t = tmu.Texture(np.array([0, 254, 50, 100], np.uint8), "r8_unorm", "1d", levels="full")
    assert t.level(1).tolist() == [127, 75]
    assert t.level(2).tolist() == [101]


# ---- item 7: GcnWave.map takes a size or unsigned bytes -------------------------------------------

@pytest.mark.parametrize("bad", [None, "text", [1.5, 2.5], np.zeros(4, np.float32), np.zeros(4, np.int8),
                                 memoryview(np.zeros(2, np.float64)), 1.0, object()])
def test_gcn_map_refuses_what_is_not_bytes(bad):
    with pytest.raises(tmu.InvalidArgumentError, match="data must be a size or bytes-like unsigned bytes"):
        tmu.GcnWave('gfx9').map(0x1000, bad)


@pytest.mark.parametrize("data", [b"\x01\x02\x03\x04", bytearray(b"\x01\x02\x03\x04"),
                                  np.array([1, 2, 3, 4], np.uint8), np.array([[1, 2], [3, 4]], np.uint8),
                                  np.array([1, 9, 2, 9, 3, 9, 4, 9], np.uint8)[::2],
                                  memoryview(b"\x01\x02\x03\x04")])
def test_gcn_map_takes_bytes(data):
    mem = tmu.GcnWave('gfx9').map(0x1000, data)
    assert mem.tolist() == [1, 2, 3, 4]


def test_gcn_map_size_and_empty():
    assert tmu.GcnWave('gfx9').map(0x1000, 16).tolist() == [0] * 16
    assert tmu.GcnWave('gfx9').map(0x1000, b"").size == 0


# ---- item 20: a texture's view is checked when it is made ----------------------------------------

def test_texture_view_checked_at_construction():
    with pytest.raises(tmu.Error, match="view levels base 5 count 0 exceed the 1 levels"):
        tmu.Texture(np.zeros((4, 4, 4), np.uint8), "r8g8b8a8_unorm", base_level=5)
    with pytest.raises(tmu.Error, match="view layers"):
        tmu.Texture(np.zeros((2, 4, 4, 4), np.uint8), "r8g8b8a8_unorm", "2d_array", base_layer=2)
    t = tmu.Texture(np.zeros((4, 4, 4), np.uint8), "r8g8b8a8_unorm", levels="full", base_level=2)
    assert (t.levels, t._tex.base_level) == (3, 2)


# ---- issue 29 item 21: Ir3Wave and Surface take max_bytes like the other classes --------------

def test_surface_max_bytes_before_allocating():
    s = tmu.Surface("vega10", swizzle="SW_64KB_S_X", bpp=32, width=1024, height=1024, max_bytes=1 << 20)
    assert s.size > 1 << 20  # 4 MiB of tiled memory, more than the limit
    with pytest.raises(tmu.InvalidArgumentError, match="the tiled memory needs %d bytes, more than max_bytes=1048576"
                       % s.size):
        s.retile(np.zeros((4, 4), np.uint32))
    mem = bytearray(s.size)  # the caller's own memory is not counted
    assert s.retile(np.ones((4, 4), np.uint32), into=mem) is mem
    # 1024 x 1024 x 4 bytes out of detile: refused; a 16x16 rectangle: 1024 bytes
    with pytest.raises(tmu.InvalidArgumentError, match="the detiled rectangle needs 4194304 bytes"):
        s.detile(mem)
    assert s.detile(mem, width=16, height=16)[0, 0] == 1
    for bad in (0, -1, 1.5, True):
        with pytest.raises(tmu.InvalidArgumentError, match="max_bytes must be a positive integer"):
            tmu.Surface("vega10", swizzle="SW_64KB_S_X", bpp=32, width=16, height=16, max_bytes=bad)


def test_adreno_surface_max_bytes():
    s = tmu.Surface(gpu="a660", tile=3, cpp=4, width=256, height=256, max_bytes=1000)
    with pytest.raises(tmu.InvalidArgumentError, match="the tiled memory needs 262144 bytes, more than max_bytes=1000"):
        s.retile(np.zeros((4, 4), np.uint32))
    assert tmu.Surface(gpu="a660", tile=3, cpp=4, width=256, height=256, max_bytes=262144).retile(
        np.zeros((4, 4), np.uint32)) is not None


def test_ir3_wave_max_bytes_counts_the_textures():
    t = tmu.Texture(np.zeros((64, 64, 4), np.uint8), "r8g8b8a8_unorm")  # 16384 bytes
    prog = "sam (f32)(x)r1.x, r0.x, s#0, t#0"
    smp = {0: tmu.Sampler(mag_filter="nearest", min_filter="nearest")}
    with pytest.raises(tmu.InvalidArgumentError, match=r"the textures and slot tables need \d+ bytes, more than "
                                                        r"max_bytes=16384"):
        tmu.Ir3Wave("a6xx", max_bytes=16384).run(prog, textures={0: t}, samplers=smp)
    assert len(tmu.Ir3Wave("a6xx", max_bytes=1 << 20).run(prog, textures={0: t}, samplers=smp)) == 1
    with pytest.raises(tmu.InvalidArgumentError, match="max_bytes must be a positive integer"):
        tmu.Ir3Wave("a6xx", max_bytes=0)
