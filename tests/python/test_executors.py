"""tmu.GcnWave / tmu.Ir3Wave (the GCN and ir3 executors from Python): hand-worked results, the
seed's brcst.active tables, the subgroup-quad definitions, the GCN counters and hazards, equality
with the texture unit called directly (tmu.sample on the same texture), errors, and a fuzz run of
both entry points with random words and registers."""
import numpy as np
import pytest

import tmu
from conftest import LONG


def f32(x):
    return np.asarray(x, np.float32).view(np.uint32)


def checker_rgba8():
    """2x2 RGBA8: white at (0, 0) and (1, 1), black elsewhere."""
    return np.array([[255, 0], [0, 255]], np.uint8).repeat(4).reshape(2, 2, 4)


# ---- GCN ------------------------------------------------------------------------------------

@pytest.mark.parametrize("gpu", ["gfx6", "gfx7", "gfx8", "gfx9", "gfx10", "gfx1030", "gfx11"])
def test_gcn_bilinear_checker_by_hand(gpu):
    w = tmu.GcnWave(gpu)
    w.texture(8, tmu.Texture(checker_rgba8(), "r8g8b8a8_unorm"), 0x10000)
    w.sampler(16, xy_mag_filter=1, xy_min_filter=1)  # bilinear, WRAP
    # (0.5, 0.5): u = v = 1 -> texels 0 and 1 on both axes, weights 1/2: (1 + 0 + 0 + 1) / 4
    # (0.25, 0.25): u = v = 0.5 -> texel (0, 0) alone: 1;  (0.75, 0.25) -> texel (1, 0): 0
    s = np.array([0.5, 0.25, 0.75] * 22)[:64]
    t = np.array([0.5, 0.25, 0.25] * 22)[:64]
    w.vgpr[4], w.vgpr[5] = f32(s), f32(t)
    dim = " dim:SQ_RSRC_IMG_2D" if w.rdna else ""  # RDNA names the image type in the instruction
    w.run("image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf%s\ns_waitcnt vmcnt(0)" % dim)
    want = np.array([0.5, 1.0, 0.0] * 22)[:64]
    for c in range(4):
        assert w.vgpr[c].view(np.float32).tolist() == want.tolist()
    assert (w.vm_cnt, w.exp_cnt, w.hazards) == (0, 0, [])


def test_gcn_dmask_exec_and_pending():
    w = tmu.GcnWave("gfx9")
    w.texture(8, tmu.Texture(np.array([[[51, 102, 153, 204]]], np.uint8), "r8g8b8a8_unorm"), 0x10000)
    w.sampler(16)  # point, WRAP
    w.vgpr[4], w.vgpr[5] = f32(0.25), f32(0.75)  # the one texel: (0.2, 0.4, 0.6, 0.8)
    w.vgpr[0:3] = 0xDEADBEEF
    w.exec = 0b101  # lanes 0 and 2
    w.run([tmu.isa.words(tmu.asm("gcn", "image_sample v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x9", gpu="gfx9"))[0]])
    assert w.vm_cnt == 1 and (w.vgpr[0, 0], w.vgpr[1, 0]) == (0xDEADBEEF, 0xDEADBEEF)  # pending
    # reading v0 (as VADDR) before the wait is a hazard: instruction 2 reads 1's pending result
    w.run("image_sample v[6:7], v[0:1], s[8:15], s[16:19] dmask:0x3")
    assert [(k.split(" (")[0], v, at, p) for k, v, at, p in w.hazards][:2] == [
        ("read of a pending result", 0, 2, 1), ("read of a pending result", 1, 2, 1)]
    w.run(0xBF8C0F70)  # s_waitcnt vmcnt(0) as its word (llvm-mc: 0xbf8c0f70)
    assert w.vm_cnt == 0
    # DMASK 0x9 = R and A compacted into v0, v1; lanes 1 and 3.. untouched
    assert w.vgpr[0, [0, 2]].view(np.float32).tolist() == [np.float32(0.2)] * 2
    assert w.vgpr[1, [0, 2]].view(np.float32).tolist() == [np.float32(0.8)] * 2
    assert w.vgpr[0, 1] == w.vgpr[1, 3] == w.vgpr[2, 0] == 0xDEADBEEF


def test_gcn_store_then_load():
    w = tmu.GcnWave("gfx8")
    mem = w.texture(8, tmu.Texture(np.zeros((2, 4), np.uint32), "r32_uint"), 0x20000)
    lanes = np.arange(64)
    w.vgpr[4], w.vgpr[5] = lanes % 4, lanes // 4 % 2  # integer texel coordinates
    w.vgpr[0] = 1000 + lanes
    w.exec = 0xFF  # eight lanes write the eight texels
    w.run(["image_store v0, v[4:5], s[8:15] dmask:0x1 unorm", "s_waitcnt expcnt(0)"])
    # linear image: rows 64 texels apart (the T#'s PITCH), the region ends after the last texel
    row_pitch = 64 * 4
    assert (w.sgpr[12] >> 13 & 0x3FFF) + 1 == 64 and mem.size == row_pitch + 4 * 4
    got = [int(np.frombuffer(mem[y * row_pitch + 4 * x:y * row_pitch + 4 * x + 4], np.uint32)[0])
           for y in range(2) for x in range(4)]
    assert got == list(range(1000, 1008))
    w.exec = 2**64 - 1
    w.vgpr[4], w.vgpr[5] = 3 - lanes % 4, 1 - lanes // 4 % 2  # read them back mirrored
    w.run(["image_load v1, v[4:5], s[8:15] dmask:0x1 unorm", "s_waitcnt 0"])
    want = 1000 + (3 - lanes % 4) + 4 * (1 - lanes // 4 % 2)
    assert w.vgpr[1].tolist() == want.tolist()


def test_gcn_equals_texture_unit(rng):
    """image_sample_l through the GCN path gives the words tmu.sample gives directly."""
    level0 = rng.integers(0, 256, (16, 16, 4), dtype=np.uint8)
    tex = tmu.Texture(level0, "r8g8b8a8_unorm", levels="full")
    w = tmu.GcnWave("gfx9")
    w.texture(8, tex, 0x40000)
    # CLAMP_X/Y 2 = CLAMP_LAST_TEXEL, bilinear, MIP_FILTER 2 = linear
    w.sampler(16, clamp_x=2, clamp_y=2, xy_mag_filter=1, xy_min_filter=1, mip_filter=2)
    smp = tmu.Sampler(address="clamp_to_edge", mag_filter="linear", min_filter="linear", mip_filter="linear")
    for _ in range(20):
        c = rng.uniform(-0.5, 1.5, (64, 2)).astype(np.float32)
        lod = rng.uniform(-1, 5, 64).astype(np.float32)
        w.vgpr[4], w.vgpr[5], w.vgpr[6] = f32(c[:, 0]), f32(c[:, 1]), f32(lod)
        w.run(["image_sample_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf", "s_waitcnt 0"])
        direct = tmu.sample(tex, c, smp, lod=lod)
        assert np.array_equal(w.vgpr[0:4].T.copy().view(np.float32), direct)


@pytest.mark.parametrize("dim,shape", [("3d", (4, 8, 8, 4)), ("2d_array", (3, 8, 8, 4))])
def test_gcn_places_3d_and_arrays(rng, dim, shape):
    """GcnWave.texture copies every level and slice / layer into the addrlib placement: the GCN
    path then reads exactly what tmu.sample reads from the packed texture."""
    tex = tmu.Texture(rng.integers(0, 256, shape, dtype=np.uint8), "r8g8b8a8_unorm", dim=dim, levels=2)
    w = tmu.GcnWave("gfx9")
    w.texture(8, tex, 0x100000)
    w.sampler(16, clamp_x=2, clamp_y=2, clamp_z=2, xy_mag_filter=1, xy_min_filter=1, mip_filter=2,
              z_filter=2 if dim == "3d" else 0)
    c = rng.uniform(-0.2, 1.2, (64, 3)).astype(np.float32)
    if dim == "2d_array":
        c[:, 2] = rng.integers(0, 3, 64)
    lod = rng.uniform(0, 1, 64).astype(np.float32)
    for a in range(3):
        w.vgpr[4 + a] = f32(c[:, a])
    w.vgpr[7] = f32(lod)
    w.run(["image_sample_l v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf" + (" da" if dim == "2d_array" else ""),
           "s_waitcnt 0"])
    smp = tmu.Sampler(address="clamp_to_edge", mag_filter="linear", min_filter="linear", mip_filter="linear")
    if dim == "3d":
        direct = tmu.sample(tex, c, smp, lod=lod)
    else:
        direct = tmu.sample(tex, c[:, :2], smp, lod=lod, layer=c[:, 2].astype(np.uint32))
    assert np.array_equal(w.vgpr[0:4].T.copy().view(np.float32), direct)


def test_gcn_errors():
    w = tmu.GcnWave("gfx9")
    with pytest.raises(tmu.NotFoundError):
        tmu.GcnWave("gfx12")
    with pytest.raises(tmu.InvalidArgumentError, match="a gfx9 wave has 64 lanes, not 32"):
        tmu.GcnWave("gfx9", wave=32)  # wave32 is RDNA only
    with pytest.raises(tmu.InvalidArgumentError):
        w.sampler(16, no_such_field=1)
    with pytest.raises(tmu.RangeError):
        w.sampler(16, clamp_x=8)  # a 3-bit field
    with pytest.raises(tmu.ParseError) as e:
        w.run(["s_waitcnt 0", "image_sample v[0:3], v[4:5], s[8:15]], s[16:19]"])
    assert e.value.line == 2
    # a T# whose image lies in no region of this wave: refused, nothing changes
    other = tmu.GcnWave("gfx9")
    other.texture(8, tmu.Texture(checker_rgba8(), "r8g8b8a8_unorm"), 0x10000)
    w.sgpr[8:16] = other.sgpr[8:16]
    w.vgpr[0] = 7
    with pytest.raises(tmu.RangeError) as e:
        w.run("image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf")
    assert e.value.message and w.vm_cnt == 0 and (w.vgpr[0] == 7).all()
    with pytest.raises(tmu.InvalidArgumentError):
        w.map(0x10000, 16); w.map(0x10008, 16)   # overlap


# ---- ir3 ------------------------------------------------------------------------------------

def brcst_reference(src, dst, active, n):
    """The seed's rule, written separately: per cluster of n fibers, fibers n/2 .. n-1 get the SRC
    of the highest active fiber among 0 .. n/2-1 (all inactive: nothing changes)."""
    out = dst.copy()
    for base in range(0, len(src), n):
        donors = [f for f in range(base, base + n // 2) if active >> f & 1]
        if donors:
            for f in range(base + n // 2, base + n):
                if active >> f & 1:
                    out[f] = src[donors[-1]]
    return out


def test_ir3_brcst_active_seed_tables():
    w = tmu.Ir3Wave("a6xx")
    s, d = np.arange(64) + 100, np.arange(64) + 500
    w.set_reg("r0.y", s); w.set_reg("r0.z", d)
    w.run("brcst.active.w8 (u32)(x)r0.z, r0.y")
    # fibers 0-7: d0 d1 d2 d3 s3 s3 s3 s3; 8-15: d8 .. d11 s11 s11 s11 s11
    assert w.reg("r0.z")[:16].tolist() == [500, 501, 502, 503, 103, 103, 103, 103,
                                           508, 509, 510, 511, 111, 111, 111, 111]
    w.set_reg("r0.z", d)
    w.active = (2**64 - 1) & ~0b1100  # fibers 2 and 3 inactive: fibers 4-7 get s1
    w.run("brcst.active.w8 (u32)(x)r0.z, r0.y")
    assert w.reg("r0.z")[:8].tolist() == [500, 501, 502, 503, 101, 101, 101, 101]


def test_ir3_brcst_random_masks(rng):
    for n in (2, 4, 8, 16):  # the encodable cluster sizes
        w = tmu.Ir3Wave("a7xx", 128)
        for _ in range(20):
            s = rng.integers(0, 2**32, 128, dtype=np.uint64)
            d = rng.integers(0, 2**32, 128, dtype=np.uint64)
            active = int(rng.integers(0, 2**63)) | int(rng.integers(0, 2**63)) << 64
            if rng.random() < 0.2:
                active &= int(rng.integers(0, 2**63))
            w.active = 2**128 - 1
            w.set_reg("r1.x", s); w.set_reg("r2.x", d)
            w.active = active
            w.run("brcst.active.w%d (u32)(x)r2.x, r1.x" % n)
            assert w.reg("r2.x").tolist() == brcst_reference(s, d, active, n).tolist(), (n, hex(active))


@pytest.mark.parametrize("mode,partner", [("horiz", lambda q: q ^ 1), ("vert", lambda q: q ^ 2),
                                          ("diag", lambda q: q ^ 3)])
def test_ir3_quad_shuffle_swaps(mode, partner):
    w = tmu.Ir3Wave("a6xx")
    src = np.arange(64) * 7 + 3
    w.set_reg("r0.x", src); w.set_reg("r1.x", 0)
    w.run("quad_shuffle.%s (u32)(x)r1.x, r0.x" % mode)
    want = [int(src[f & ~3 | partner(f & 3)]) for f in range(64)]  # subgroupQuadSwap*
    assert w.reg("r1.x").tolist() == want


def test_ir3_quad_shuffle_broadcast():
    w = tmu.Ir3Wave("a6xx")
    src = np.arange(64) * 5
    w.set_reg("r0.x", src); w.set_reg("r0.z", 2); w.set_reg("r1.w", 0)
    w.run("quad_shuffle.brcst (u32)(x)r1.w, r0.x, r0.z")  # subgroupQuadBroadcast(x, 2)
    assert w.reg("r1.w").tolist() == [int(src[(f & ~3) + 2]) for f in range(64)]


def test_ir3_sample_gradient_and_hazard():
    w = tmu.Ir3Wave("a6xx")
    # 4x4 texel (x, y) = x + 10 y
    tex = tmu.Texture((np.arange(4)[None, :] + 10 * np.arange(4)[:, None]).astype(np.float32), "r32_float")
    w.set_reg("r0.x", (np.arange(64) % 4 + 0.5) / 4)
    w.set_reg("r0.y", (np.arange(64) // 4 % 4 + 0.5) / 4)
    steps = w.run(["sam (f32)(x)r1.x, r0.x, s#0, t#0", "sam (f32)(x)r2.x, r1.x, s#0, t#0",
                   "(sy)sam (f32)(x)r2.x, r1.x, s#0, t#0"],
                  textures={0: (tex, tmu.Sampler(mag_filter="nearest", min_filter="nearest"))})
    f = np.arange(64)
    assert steps[0]["hazards"] == [] and steps[0]["written"] == 2**64 - 1
    assert steps[1]["hazards"] == ["r1.x"] and steps[2]["hazards"] == []
    assert w.reg("r1.x", float).tolist() == (f % 4 + 10 * (f // 4 % 4)).astype(np.float32).tolist()


def test_ir3_errors():
    w = tmu.Ir3Wave("a6xx")
    with pytest.raises(tmu.UnsupportedError):
        w.run("tcinv")
    with pytest.raises(tmu.RangeError):
        w.run("sam (f32)(x)r1.x, r0.x, s#0, t#3", textures={0: tmu.Texture(np.zeros((1, 1), np.float32),
                                                                             "r32_float")})
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.Ir3Wave("a6xx", fibers=5)
    with pytest.raises(tmu.ParseError):
        w.reg("r99.q")
    with pytest.raises(tmu.InvalidArgumentError):
        w.active = 2**64  # a 64-fiber wave


# ---- fuzz: every call returns or raises tmu.Error --------------------------------------------

def test_executors_fuzz(rng):
    tex = tmu.Texture(rng.integers(0, 256, (8, 8, 4), dtype=np.uint8), "r8g8b8a8_unorm", levels="full")
    rounds = 20000 if LONG else 2000
    g = tmu.GcnWave("gfx9")
    g.texture(8, tex, 0x10000)
    g.sampler(16, xy_mag_filter=1, xy_min_filter=1)
    r = tmu.Ir3Wave("a6xx")
    ok = 0
    for i in range(rounds):
        g.vgpr[rng.integers(0, 256)] = rng.integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)
        word = int(rng.integers(0, 2**63)) << 1 | int(rng.integers(0, 2))
        if i % 2:
            word = (word & ~(0x3F << 26)) | (0x3C << 26)  # MIMG encoding
        try:
            g.run(word)
            ok += 1
        except tmu.Error:
            pass
        if i % 64 == 0:
            g.wait()
        r.set_reg("r%d.%s" % (rng.integers(0, 48), "xyzw"[rng.integers(0, 4)]), int(rng.integers(0, 2**32)))
        word = int(rng.integers(0, 2**63)) << 1 | int(rng.integers(0, 2))
        if i % 2:
            word = (word & ~(7 << 61)) | (5 << 61)  # category 5
        try:
            r.run(word, textures={0: tex, 1: tex}, samplers={0: tmu.Sampler(), 1: tmu.Sampler()})
            ok += 1
        except tmu.Error:
            pass
    assert ok > 0


# ---- RDNA -----------------------------------------------------------------------------------

def test_rdna_nsa_wave32_and_counters():
    """NSA addresses each in its own VGPR, on a wave32; a store counts in VS_CNT, not VM_CNT."""
    w = tmu.GcnWave("gfx1030", wave=32)
    assert (w.lanes, w.rdna) == (32, True)
    texels = np.arange(4 * 4, dtype=np.float32).reshape(4, 4)  # texel (x, y) = 4 y + x
    w.texture(8, tmu.Texture(texels, "r32_float"), 0x10000)
    x, y = np.arange(64) % 4, np.arange(64) // 4 % 4
    w.vgpr[9], w.vgpr[2] = x, y  # x in v9, y in v2: [v9, v2]
    w.vgpr[0] = 0xDEADBEEF
    w.run("image_load v0, [v9, v2], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm")
    assert (w.vm_cnt, w.vs_cnt) == (1, 0)
    w.wait()
    assert w.vgpr[0, :32].view(np.float32).tolist() == (4 * y + x)[:32].astype(np.float32).tolist()
    assert (w.vgpr[0, 32:] == 0xDEADBEEF).all()  # lanes 32-63 are not part of a wave32
    w.vgpr[6] = np.float32(-1).view(np.uint32)
    w.exec = 1
    w.run(["image_store v6, [v9, v2], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm"])
    assert (w.vm_cnt, w.vs_cnt) == (0, 1)
    w.run("s_waitcnt vmcnt(0)")
    assert w.vs_cnt == 1  # vmcnt does not wait for stores on RDNA
    w.run("s_waitcnt_vscnt null, 0")
    assert w.vs_cnt == 0


def test_rdna_same_as_gfx9():
    """The same bilinear sample of the same texture on gfx9 and gfx11 (A16 coordinates) gives the same bits."""
    rng = np.random.default_rng(5)
    img = rng.integers(0, 256, (8, 8, 4), dtype=np.uint8)
    s, t = rng.uniform(-0.2, 1.2, 64).astype(np.float16), rng.uniform(-0.2, 1.2, 64).astype(np.float16)
    out = []
    for gpu, text in (("gfx9", "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf a16"),
                      ("gfx11", "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D a16")):
        w = tmu.GcnWave(gpu)
        w.texture(8, tmu.Texture(img, "r8g8b8a8_unorm"), 0x10000)
        w.sampler(16, xy_mag_filter=1, xy_min_filter=1)
        w.vgpr[4] = s.view(np.uint16).astype(np.uint32) | t.view(np.uint16).astype(np.uint32) << 16
        w.run([text, "s_waitcnt 0"])
        out.append(w.vgpr[0:4].copy())
    assert np.array_equal(out[0], out[1])


def test_rdna_codec_bytes():
    """RDNA instructions are 2-5 dwords: tmu.asm gives llvm-mc 16's bytes, tmu.disasm reads the stream."""
    text = "image_sample v[0:3], [v4, v9, v2], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY"
    # llvm-mc-16 -mcpu=gfx1010 / gfx1100 -show-encoding
    want = {"gfx1010": "2a0f80f004008200" "09020000", "gfx1100": "150f6cf004000210" "09020000"}
    for gpu, hexbytes in want.items():
        code = tmu.asm("gcn", [text, "image_load v0, v4, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D unorm"], gpu=gpu)
        assert code[:12].hex() == hexbytes
        assert tmu.disasm("gcn", code, gpu=gpu)[0] == text
        assert len(tmu.disasm("gcn", code, gpu=gpu)) == 2
    assert tmu.isa.gcn_gen(int(tmu.lib.TMU_GCN_GFX11)) == tmu.lib.TMU_GCN_GFX11
    f = tmu.isa.decode("gcn", tmu.asm("gcn", "image_load v0, v4, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D unorm a16",
                                      gpu="gfx11"), gpu="gfx11")
    assert (f["op"], f["DIM"], f["A16"], f["UNORM"], f["VADDR"]) == ("image_load", 0, 1, 1, 4)


def test_no_silent_default_gpu():
    """Issue 29 item 19: the CLI requires --gpu; so do the waves and the codecs (a clear error)."""
    with pytest.raises(tmu.InvalidArgumentError, match="no GPU given: name it with gpu="):
        tmu.GcnWave()
    with pytest.raises(tmu.InvalidArgumentError, match="no GPU given: name it with gpu="):
        tmu.Ir3Wave()
    with pytest.raises(tmu.InvalidArgumentError, match="no GPU given"):
        tmu.disasm("gcn", 0x00820004f0800f00)
    with pytest.raises(tmu.InvalidArgumentError, match="no GPU given"):
        tmu.asm("ir3", "sam (f32)(x)r1.x, r0.x, s#0, t#0")
    assert tmu.GcnWave("gfx7").gpu == "gfx7"
