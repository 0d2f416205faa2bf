"""The texture unit from Python against a NumPy float64 model of the sampling rules written here
(texel selection, wrap modes, bilinear / trilinear filtering, gather order, cube faces, depth
compare), hand-worked values, and properties of the binding (waves of any length, strided and
broadcast inputs, masks, fast paths equal to the general path)."""
import numpy as np
import pytest

import tmu

# ---- the model --------------------------------------------------------------------------------


def mirror(n):
    return np.where(n >= 0, n, -(1 + n))


def wrap(i, size, mode):
    """Integer texel coordinate -> index, or -1 for the border (clamp to border)."""
    if mode == "repeat":
        return np.mod(i, size)
    if mode == "mirrored_repeat":
        return (size - 1) - mirror(np.mod(i, 2 * size) - size)
    if mode == "clamp_to_edge":
        return np.clip(i, 0, size - 1)
    if mode == "mirror_clamp_to_edge":
        return np.clip(mirror(i), 0, size - 1)
    if mode == "clamp_to_border":
        c = np.clip(i, -1, size)
        return np.where((c < 0) | (c >= size), -1, c)
    raise ValueError(mode)


def texel(img, j, i, border):
    """img (H, W, 4) float64 at rows j, columns i (-1 = border)."""
    out = img[np.maximum(j, 0), np.maximum(i, 0)]
    bad = (i < 0) | (j < 0)
    return np.where(bad[..., None], np.asarray(border, np.float64), out)


def ref_2d(img, s, t, filt="linear", address=("repeat", "repeat"), border=(0, 0, 0, 0)):
    """Filtered lookup of one level at normalised (s, t), float64."""
    h, w = img.shape[:2]
    u = s.astype(np.float64) * w
    v = t.astype(np.float64) * h
    if filt == "nearest":
        i = wrap(np.floor(u).astype(np.int64), w, address[0])
        j = wrap(np.floor(v).astype(np.int64), h, address[1])
        return texel(img, j, i, border)
    i0 = np.floor(u - 0.5).astype(np.int64)
    j0 = np.floor(v - 0.5).astype(np.int64)
    a = (u - 0.5 - i0)[..., None]
    b = (v - 0.5 - j0)[..., None]
    i1, j1 = wrap(i0 + 1, w, address[0]), wrap(j0 + 1, h, address[1])
    i0, j0 = wrap(i0, w, address[0]), wrap(j0, h, address[1])
    return ((1 - a) * (1 - b) * texel(img, j0, i0, border) + a * (1 - b) * texel(img, j0, i1, border)
            + (1 - a) * b * texel(img, j1, i0, border) + a * b * texel(img, j1, i1, border))


def rgba8_texture(rng, h, w, levels=1):
    data = rng.integers(0, 256, size=(h, w, 4), dtype=np.uint8)
    t = tmu.Texture(data, "r8g8b8a8_unorm", levels=levels)
    return t, [t.values(n).astype(np.float64) for n in range(t.levels)]


# ---- bilinear, nearest, wrap modes --------------------------------------------------------------

@pytest.mark.parametrize("address", ["repeat", "mirrored_repeat", "clamp_to_edge", "mirror_clamp_to_edge",
                                     "clamp_to_border"])
def test_bilinear_matches_float64_model(rng, address):
    t, lv = rgba8_texture(rng, 13, 16)
    n = 5000
    st = rng.uniform(-1.5, 2.5, size=(n, 2)).astype(np.float32)
    border = (0.25, 0.5, 0.75, 1.0)
    smp = tmu.Sampler(address=address, border_f=border)
    got = tmu.sample(t, st, smp)
    # the border colour is converted to the texture's format (UNORM8: nearest k / 255) first
    want = ref_2d(lv[0], st[:, 0], st[:, 1], "linear", (address, address), np.round(np.array(border) * 255) / 255)
    assert got.shape == (n, 4) and got.dtype == np.float32
    err = np.abs(got - want).max()
    assert err < 4e-6, err


def test_bilinear_rgba32f(rng):
    vals = rng.uniform(-4, 4, size=(8, 32, 4)).astype(np.float32)
    t = tmu.Texture(vals, "r32g32b32a32_float")
    st = rng.uniform(0, 1, size=(3000, 2)).astype(np.float32)
    got = tmu.sample(t, st)
    want = ref_2d(vals.astype(np.float64), st[:, 0], st[:, 1])
    np.testing.assert_allclose(got, want, atol=3e-5, rtol=0)


@pytest.mark.parametrize("address", ["repeat", "mirrored_repeat", "clamp_to_edge", "clamp_to_border"])
def test_nearest_is_exact(rng, address):
    t, lv = rgba8_texture(rng, 8, 8)
    # coordinates away from texel edges (nearest picks one texel, no rounding question)
    st = ((rng.integers(-16, 24, size=(2000, 2)) + rng.uniform(0.1, 0.9, size=(2000, 2))) / 8).astype(np.float32)
    smp = tmu.Sampler(address=address, mag_filter="nearest", min_filter="nearest", border_f=(1, 0, 1, 0))
    got = tmu.sample(t, st, smp)
    want = ref_2d(lv[0], st[:, 0], st[:, 1], "nearest", (address, address), (1, 0, 1, 0))
    np.testing.assert_array_equal(got, want.astype(np.float32))


def test_hand_worked_edge_and_centre():
    t = tmu.Texture(np.array([[0, 255]], np.uint8), "r8_unorm")  # 2x1: black | white
    r = tmu.sample(t, [[0.25, 0.5], [0.5, 0.5], [0.75, 0.5], [0.375, 0.5]])
    assert r[:, 0].tolist() == [0.0, 0.5, 1.0, 0.25]   # centres, the edge, a quarter between
    assert r[:, 3].tolist() == [1.0] * 4               # missing alpha reads 1
    # repeat wraps the left neighbour of texel 0 to texel 1: s = 0 is half way between them
    assert tmu.sample(t, [0.0, 0.5])[0] == 0.5
    assert tmu.sample(t, [0.0, 0.5], {"address": "clamp_to_edge"})[0] == 0.0


def test_unnormalized_coordinates():
    data = np.arange(16, dtype=np.float32).reshape(4, 4)
    t = tmu.Texture(data, "r32_float")
    smp = tmu.Sampler(normalized=False, mag_filter="nearest", min_filter="nearest")
    assert tmu.sample(t, [[2.5, 1.5], [0.2, 3.9]], smp)[:, 0].tolist() == [6.0, 12.0]
    lin = tmu.Sampler(normalized=False)
    assert tmu.sample(t, [1.0, 1.0], lin)[0] == pytest.approx((0 + 1 + 4 + 5) / 4)


# ---- mip levels ---------------------------------------------------------------------------------

def test_mip_chain_generated_is_box_average(rng):
    data = rng.integers(0, 256, size=(8, 8, 4), dtype=np.uint8)
    t = tmu.Texture(data, "r8g8b8a8_unorm", levels="full")
    assert t.levels == 4
    prev = data.astype(np.float64) / 255
    for n in range(1, 4):
        want = (prev[0::2, 0::2] + prev[1::2, 0::2] + prev[0::2, 1::2] + prev[1::2, 1::2]) / 4 * 255
        got = t.level(n).astype(np.float64)
        tie = np.abs(want - np.floor(want) - 0.5) < 1e-3      # x.5: either neighbour
        assert np.all(np.where(tie, np.abs(got - want) <= 0.5 + 1e-3, got == np.round(want))), n
        prev = t.values(n).astype(np.float64)
    # a given chain is used as is, and its sizes are checked
    chain = [np.full((4, 4), 1, np.uint8), np.full((2, 2), 2, np.uint8), np.full((1, 1), 3, np.uint8)]
    t = tmu.Texture(chain, "r8_uint")
    assert t.levels == 3 and t.level(2).tolist() == [[3]]
    with pytest.raises(tmu.InvalidArgumentError, match="level 1"):
        tmu.Texture([chain[0], chain[0]], "r8_uint")
    with pytest.raises(tmu.InvalidArgumentError, match="levels"):
        tmu.Texture(chain[0], "r8_uint", levels=4)


def test_trilinear_explicit_lod(rng):
    t, lv = rgba8_texture(rng, 16, 16, levels="full")
    n = 2000
    st = rng.uniform(0, 1, size=(n, 2)).astype(np.float32)
    smp = tmu.Sampler(mip_filter="linear")
    for lod in (0.25, 1.5, 2.75):
        got = tmu.sample(t, st, smp, lod=lod)
        lo = int(np.floor(lod))
        d = lod - lo
        want = (1 - d) * ref_2d(lv[lo], st[:, 0], st[:, 1]) + d * ref_2d(lv[lo + 1], st[:, 0], st[:, 1])
        assert np.abs(got - want).max() < 4e-6, lod
    # nearest mip: d = ceil(lod + 0.5) - 1
    smp = tmu.Sampler(mip_filter="nearest")
    for lod, level in ((0.4, 0), (0.6, 1), (1.4, 1), (2.6, 3), (9.0, 4)):
        got = tmu.sample(t, st, smp, lod=lod)
        want = ref_2d(lv[level], st[:, 0], st[:, 1])
        assert np.abs(got - want).max() < 4e-6, lod
    # per-lane lod, and the bias / min_lod / max_lod of the sampler
    lods = np.array([0.0, 1.0, 2.0, 3.0] * 5, np.float32)
    got = tmu.sample(t, np.full((20, 2), 0.3, np.float32), tmu.Sampler(mip_filter="nearest", lod_bias=1.0,
                                                                      max_lod=3.0), lod=lods)
    for k, lod in enumerate(lods):
        want = ref_2d(lv[int(min(lod + 1, 3))], np.float32([0.3]), np.float32([0.3]))[0]
        assert np.abs(got[k] - want).max() < 4e-6


def test_implicit_lod_from_quads():
    """A 64x64 texture whose level n holds the value n, drawn on a 16x16 grid of quads: one pixel
    steps 4 texels, so lambda = log2(4) = 2; at scale 1/4 lambda = 0."""
    levels = [np.full((64 >> n, 64 >> n), n * 10, np.uint8) for n in range(7)]
    t = tmu.Texture(levels, "r8_uint")
    smp = tmu.Sampler(mag_filter="nearest", min_filter="nearest", mip_filter="nearest")
    for scale, level in ((1.0, 2), (0.25, 0), (2.0, 3), (4.0, 4)):
        y, x = np.mgrid[0:16, 0:16]
        grid = np.stack([(x + 0.5) / 16 * scale, (y + 0.5) / 16 * scale], axis=-1).astype(np.float32)
        lanes = tmu.quads(grid)
        r = tmu.sample(t, lanes, smp, level="implicit")
        assert np.all(r[:, 0] == level * 10), (scale, np.unique(r[:, 0]))
        back = tmu.unquads(r, 16, 16)
        assert back.shape == (16, 16, 4)
        # query lod: lambda = log2(4 * scale)
        q = tmu.query(t, "lod", coords=lanes, sampler=smp, mode="implicit")
        np.testing.assert_allclose(q[:, 1], np.log2(4 * scale), atol=1e-5)
    with pytest.raises(tmu.InvalidArgumentError, match="quads"):
        tmu.sample(t, np.zeros((6, 2), np.float32), smp, level="implicit")


def test_gradients():
    levels = [np.full((32 >> n, 32 >> n), n, np.uint8) for n in range(6)]
    t = tmu.Texture(levels, "r8_uint")
    smp = tmu.Sampler(mag_filter="nearest", min_filter="nearest", mip_filter="nearest")
    st = np.full((3, 2), 0.5, np.float32)
    ddx = np.array([[1 / 32, 0], [8 / 32, 0], [0, 0]], np.float32)
    ddy = np.array([[0, 1 / 32], [0, 2 / 32], [0, 0]], np.float32)
    r = tmu.sample(t, st, smp, grad=(ddx, ddy))
    assert r[:, 0].tolist() == [0, 3, 0]      # rho 1, 8, 0 -> lambda 0, 3, -inf
    q = tmu.query(t, "lod", coords=st, grad=(ddx, ddy), sampler=smp)
    assert q[:2, 1].tolist() == [0.0, 3.0]


# ---- gather, fetch, arrays, cube, 3D -----------------------------------------------------------

def test_gather_order_and_component(rng):
    data = rng.integers(0, 256, size=(6, 7, 4), dtype=np.uint8)
    t = tmu.Texture(data, "r8g8b8a8_uint")
    st = rng.uniform(0, 1, size=(500, 2)).astype(np.float32)
    for comp in range(4):
        got = tmu.gather(t, st, component="rgba"[comp])
        u = st[:, 0].astype(np.float64) * 7 - 0.5
        v = st[:, 1].astype(np.float64) * 6 - 0.5
        i0, j0 = np.floor(u).astype(int), np.floor(v).astype(int)
        i1, j1 = np.mod(i0 + 1, 7), np.mod(j0 + 1, 6)
        i0, j0 = np.mod(i0, 7), np.mod(j0, 6)
        want = np.stack([data[j1, i0, comp], data[j1, i1, comp], data[j0, i1, comp], data[j0, i0, comp]], -1)
        np.testing.assert_array_equal(got, want)
    assert tmu.gather(t, st, component=2).dtype == np.uint32


def test_fetch_matches_indexing(rng):
    data = rng.integers(-2**31, 2**31, size=(5, 9, 2), dtype=np.int64).astype(np.int32)
    t = tmu.Texture(data, "r32g32_sint", levels=2)
    xy = rng.integers(-3, 12, size=(1000, 2))
    got = tmu.fetch(t, xy)
    inside = (xy[:, 0] >= 0) & (xy[:, 0] < 9) & (xy[:, 1] >= 0) & (xy[:, 1] < 5)
    want = np.zeros((1000, 4), np.int64)
    want[:, 3] = 1
    want[inside, :2] = data[xy[inside, 1], xy[inside, 0]]
    want[~inside] = 0                                  # outside the level: all zeros
    np.testing.assert_array_equal(got, want)
    assert got.dtype == np.int32
    # level 1 and per-lane levels
    l1 = t.level(1)
    assert l1.shape == (2, 4, 2) and tmu.fetch(t, [3, 1], level=1)[:2].tolist() == l1[1, 3].tolist()
    assert tmu.fetch(t, [1, 2], level=1).tolist() == [0, 0, 0, 0]      # y = 2 is outside level 1
    r = tmu.fetch(t, [[0, 0], [0, 0]], level=[0, 1])
    assert r[:, 0].tolist() == [data[0, 0, 0], l1[0, 0, 0]]
    assert tmu.fetch(t, [0, 0], level=5).tolist() == [0, 0, 0, 0]
    # offsets add in texel space
    assert tmu.fetch(t, [2, 1], offset=(3, 1))[:2].tolist() == data[2, 5].tolist()


def test_arrays_and_layers():
    layers = np.stack([np.full((4, 4), 10 * i, np.uint8) for i in range(3)])
    t = tmu.Texture(layers, "r8_uint", "2d_array")
    assert (t.layers, t.width, t.height) == (3, 4, 4)
    smp = tmu.Sampler(mag_filter="nearest", min_filter="nearest")
    c = np.full((6, 2), 0.5, np.float32)
    # integer layers (PTX): clamped; float layers (Vulkan): rounded to nearest even, clamped
    assert tmu.sample(t, c, smp, layer=np.array([0, 1, 2, 3, 9, 1]))[:, 0].tolist() == [0, 10, 20, 20, 20, 10]
    assert tmu.sample(t, c, smp, layer=np.array([0.4, 0.6, 1.5, 2.5, -3.0, 7.0], np.float32))[:, 0].tolist() == \
        [0, 10, 20, 20, 0, 20]
    assert tmu.fetch(t, [[1, 1]] * 3, layer=[0, 2, 3])[:, 0].tolist() == [0, 20, 0]
    with pytest.raises(tmu.InvalidArgumentError, match="layer"):
        tmu.sample(t, c, smp)
    t1 = tmu.Texture(np.array([[1, 2], [3, 4]], np.uint8), "r8_uint", "1d_array")
    assert tmu.fetch(t1, [[1]], layer=1)[0, 0] == 4


def cube_ref_face(d):
    """Face, s, t of directions (no ties), sampling.md 4.1."""
    x, y, z = d[:, 0], d[:, 1], d[:, 2]
    ax, ay, az = np.abs(x), np.abs(y), np.abs(z)
    face = np.where((ax > ay) & (ax > az), np.where(x > 0, 0, 1),
                    np.where(ay > az, np.where(y > 0, 2, 3), np.where(z > 0, 4, 5)))
    sc = np.choose(face, [-z, z, x, x, x, -x])
    tc = np.choose(face, [-y, -y, z, -z, -y, -y])
    ma = np.choose(face, [ax, ax, ay, ay, az, az])
    return face, 0.5 * sc / ma + 0.5, 0.5 * tc / ma + 0.5


def test_cube_faces(rng):
    n = 8
    faces = rng.integers(0, 256, size=(6, n, n), dtype=np.uint8)
    t = tmu.Texture(faces, "r8_uint", "cube")
    smp = tmu.Sampler(mag_filter="nearest", min_filter="nearest")
    d = rng.normal(size=(4000, 3))
    a = np.sort(np.abs(d), axis=1)
    d = d[a[:, 2] > a[:, 1] * 1.01]                       # no ties
    face, s, tt = cube_ref_face(d)
    i, j = np.floor(s * n).astype(int), np.floor(tt * n).astype(int)
    keep = (np.abs(s * n - np.round(s * n)) > 1e-3) & (np.abs(tt * n - np.round(tt * n)) > 1e-3)
    got = tmu.sample(t, d.astype(np.float32), smp)[:, 0]
    want = faces[face, np.clip(j, 0, n - 1), np.clip(i, 0, n - 1)]
    np.testing.assert_array_equal(got[keep], want[keep])
    # the six axes hit the face centres
    axes = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]], np.float32)
    assert tmu.sample(t, axes, smp)[:, 0].tolist() == [faces[f, n // 2, n // 2] for f in range(6)]
    # fetch reads face = layer
    assert tmu.fetch(t, [[3, 5]], layer=4)[0, 0] == faces[4, 5, 3]


def test_3d_trilinear(rng):
    vol = rng.uniform(0, 1, size=(4, 5, 6)).astype(np.float32)
    t = tmu.Texture(vol, "r32_float", "3d")
    assert (t.width, t.height, t.depth) == (6, 5, 4)
    p = rng.uniform(0, 1, size=(1000, 3)).astype(np.float32)
    got = tmu.sample(t, p, {"address": "clamp_to_edge"})[:, 0]
    u = p.astype(np.float64) * [6, 5, 4] - 0.5
    f = np.floor(u).astype(int)
    a = u - f
    want = np.zeros(1000)
    for dk in (0, 1):
        for dj in (0, 1):
            for di in (0, 1):
                w = (a[:, 0] if di else 1 - a[:, 0]) * (a[:, 1] if dj else 1 - a[:, 1]) * \
                    (a[:, 2] if dk else 1 - a[:, 2])
                want += w * vol[np.clip(f[:, 2] + dk, 0, 3), np.clip(f[:, 1] + dj, 0, 4), np.clip(f[:, 0] + di, 0, 5)]
    np.testing.assert_allclose(got, want, atol=3e-6)


def test_multisample_fetch():
    ms = np.arange(2 * 3 * 4, dtype=np.uint8).reshape(2, 3, 4)  # (S, H, W)
    t = tmu.Texture(ms, "r8_uint", "2d_ms")
    assert (t.samples, t.width, t.height) == (2, 4, 3)
    assert tmu.fetch(t, [[3, 2], [3, 2], [1, 0]], sample=[0, 1, 1])[:, 0].tolist() == [ms[0, 2, 3], ms[1, 2, 3],
                                                                                      ms[1, 0, 1]]
    assert tmu.query(t, "samples") == 2
    with pytest.raises(tmu.UnsupportedError):
        tmu.sample(t, [[0.5, 0.5]])


# ---- compare, offsets, results, residency, masks ---------------------------------------------

def test_depth_compare():
    t = tmu.Texture(np.array([[0.25, 0.75]], np.float32), "d32_float")
    c = [[0.25, 0.5], [0.75, 0.5]]
    nearest = {"mag_filter": "nearest", "min_filter": "nearest"}
    # 1.0 when "ref OP texel" holds (sampling.md section 8): ref 0.5 against texels 0.25 and 0.75
    for op, want in (("less", [0, 1]), ("greater", [1, 0]), ("less_or_equal", [0, 1]), ("always", [1, 1]),
                     ("never", [0, 0]), ("equal", [0, 0]), ("not_equal", [1, 1]), ("greater_or_equal", [1, 0])):
        r = tmu.sample(t, c, dict(nearest, compare_op=op), ref=0.5)
        assert r[:, 0].tolist() == want, op
    # per texel, then filtered: half way between a pass and a fail
    assert tmu.sample(t, [0.5, 0.5], {"compare_op": "less"}, ref=0.5)[0] == 0.5
    g = tmu.gather(t, [0.5, 0.5], {"compare_op": "greater"}, ref=0.5)
    assert g.tolist() == [1.0, 0.0, 0.0, 1.0]          # (i0,j1) (i1,j1) (i1,j0) (i0,j0) = 0.25 .75 .75 .25
    assert tmu.sample(t, c, dict(nearest, compare_op="equal"), ref=0.75)[:, 0].tolist() == [0, 1]


def test_offsets():
    data = np.arange(64, dtype=np.uint8).reshape(8, 8)
    t = tmu.Texture(data, "r8_uint")
    smp = tmu.Sampler(mag_filter="nearest", min_filter="nearest")
    c = [[1.5 / 8, 1.5 / 8]] * 3
    r = tmu.sample(t, c, smp, offset=[[1, 0], [0, 2], [-1, -1]])
    assert r[:, 0].tolist() == [data[1, 2], data[3, 1], data[0, 0]]
    assert tmu.sample(t, c[:1], smp, offset=(-3, 0))[0, 0] == data[1, 6]   # wraps (repeat)
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.sample(t, c, smp, offset=(1, 2, 3))


def test_result_types(rng):
    t = tmu.Texture(np.array([[0, 64, 128, 255]], np.uint8).reshape(1, 1, 4), "r8g8b8a8_unorm")
    f = tmu.sample(t, [0.5, 0.5])
    h = tmu.sample(t, [0.5, 0.5], result="f16")
    assert h.dtype == np.float16 and h.tolist() == f.astype(np.float16).tolist()
    h2 = tmu.sample(t, [[0.5, 0.5]], result="f16x2")
    assert h2.dtype == np.float16 and h2.shape == (1, 4) and h2[0].tolist() == f.astype(np.float16).tolist()
    u = tmu.Texture(np.array([[4000000000]], np.uint32), "r32_uint")
    assert tmu.fetch(u, [0, 0]).tolist() == [4000000000, 0, 0, 1]
    assert tmu.fetch(u, [0, 0], result="s32")[0] == 4000000000 - 2**32
    with pytest.raises(tmu.UnsupportedError):
        tmu.sample(u, [0.5, 0.5], {"mag_filter": "nearest", "min_filter": "nearest"}, result="f16")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.sample(t, [0.5, 0.5], result="f64")


def test_swizzle():
    t = tmu.Texture(np.array([[[10, 20, 30, 40]]], np.uint8), "r8g8b8a8_uint", swizzle="bgr1")
    assert tmu.fetch(t, [0, 0]).tolist() == [30, 20, 10, 1]
    t.swizzle = ("a", "zero", "one", "r")
    assert t.swizzle == "a01r"
    assert tmu.gather(t, [0.5, 0.5], {"mag_filter": "nearest"}, component="r").tolist() == [40] * 4


def test_residency_masks():
    data = np.arange(64, dtype=np.uint8).reshape(8, 8) + 1
    resident = np.array([[1, 0], [1, 1]], np.uint8)     # tile (x 1, y 0) missing
    t = tmu.Texture(data, "r8_uint", tile=(4, 4), resident=[resident])
    smp = tmu.Sampler(mag_filter="nearest", min_filter="nearest")
    c = np.array([[1 / 16, 1 / 16], [13 / 16, 1 / 16], [13 / 16, 13 / 16], [1 / 16, 13 / 16]], np.float32)
    r = tmu.sample(t, c, smp, residency=True)
    assert isinstance(r, tmu.Result)
    assert r.resident.tolist() == [True, False, True, True]
    assert r.data[:, 0].tolist() == [data[0, 0], 0, data[6, 6], data[6, 0]]
    g = tmu.gather(t, [[0.5, 0.5]], residency=True)      # the footprint touches the missing tile
    assert g.resident.tolist() == [False] and g.data.tolist() == [[0, 0, 0, 0]]
    with pytest.raises(tmu.InvalidArgumentError, match="shape"):
        tmu.Texture(data, "r8_uint", tile=(4, 4), resident=[np.ones((3, 3), np.uint8)])
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.Texture(data, "r8_uint", tile=(4, 4))


def test_execution_mask(rng):
    t, _ = rgba8_texture(rng, 8, 8)
    st = rng.uniform(0, 1, size=(300, 2)).astype(np.float32)
    full = tmu.sample(t, st)
    mask = rng.integers(0, 2, size=300).astype(bool)
    part = tmu.sample(t, st, mask=mask)
    np.testing.assert_array_equal(part[mask], full[mask])
    assert np.all(part[~mask] == 0)


# ---- the binding: waves, strides, broadcasting, paths -----------------------------------------

def test_any_length_and_shapes(rng):
    t, _ = rgba8_texture(rng, 32, 32, levels="full")
    st = rng.uniform(-1, 2, size=(100003, 2)).astype(np.float32)
    lod = rng.uniform(0, 5, size=100003).astype(np.float32)
    smp = tmu.Sampler(mip_filter="linear")
    whole = tmu.sample(t, st, smp, lod=lod)
    parts = np.concatenate([tmu.sample(t, st[i:i + 1000], smp, lod=lod[i:i + 1000])
                            for i in range(0, 100003, 1000)])
    np.testing.assert_array_equal(whole, parts)
    grid = st[:100000].reshape(100, 1000, 2)
    g = tmu.sample(t, grid, smp, lod=lod[:100000].reshape(100, 1000))
    assert g.shape == (100, 1000, 4)
    np.testing.assert_array_equal(g.reshape(-1, 4), whole[:100000])
    assert tmu.sample(t, np.zeros((0, 2)), smp).shape == (0, 4)
    one = tmu.sample(t, st[0], smp, lod=lod[0])
    assert one.shape == (4,) and one.tolist() == whole[0].tolist()


def test_strided_and_broadcast_inputs(rng):
    t, _ = rgba8_texture(rng, 16, 16, levels="full")
    planar = rng.uniform(0, 1, size=(2, 777)).astype(np.float32)
    contiguous = np.ascontiguousarray(planar.T)
    smp = tmu.Sampler(mip_filter="linear")
    a = tmu.sample(t, planar.T, smp, lod=1.5)                       # strided view
    b = tmu.sample(t, contiguous, smp, lod=np.full(777, 1.5))       # contiguous, per-lane lod
    c = tmu.sample(t, contiguous[::-1][::-1].astype(np.float64), smp, lod=np.float32(1.5))
    d = tmu.sample(t, np.ascontiguousarray(contiguous[::-1]), smp, lod=1.5)[::-1]
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(a, c)
    np.testing.assert_array_equal(a, d)
    wide = np.zeros((777, 3), np.float32)
    wide[:, :2] = contiguous
    np.testing.assert_array_equal(tmu.sample(t, wide[:, :2], smp, lod=1.5), a)
    with pytest.raises(tmu.InvalidArgumentError, match="broadcast"):
        tmu.sample(t, contiguous, smp, lod=np.zeros(5))


def test_fast_paths_equal_general(rng):
    t, _ = rgba8_texture(rng, 64, 64, levels="full")
    st = rng.uniform(-2, 3, size=(4096, 2)).astype(np.float32)
    for smp in (tmu.Sampler(), tmu.Sampler(mag_filter="nearest", min_filter="nearest"),
                tmu.Sampler(mip_filter="linear", address="mirrored_repeat")):
        lod = rng.uniform(0, 6, size=4096).astype(np.float32)
        ref = tmu.sample(t, st, smp, lod=lod, path="general").view(np.uint32)
        for p in ("auto", "portable", "avx2"):
            np.testing.assert_array_equal(tmu.sample(t, st, smp, lod=lod, path=p).view(np.uint32), ref)
    g = tmu.gather(t, st, path="general")
    np.testing.assert_array_equal(tmu.gather(t, st), g)


def test_queries():
    t = tmu.Texture(np.zeros((5, 12, 20), np.uint8), "r8_unorm", "3d", levels=4)
    assert tmu.query(t, "levels") == 4
    assert tmu.query(t, "samples") == 1
    for lvl, want in ((0, [20, 12, 5, 1]), (1, [10, 6, 2, 1]), (3, [2, 1, 1, 1])):
        assert tmu.query(t, "size", level=lvl).tolist() == want
    sz = tmu.query(t, "size", level=np.array([[0, 2]]))
    assert sz.shape == (1, 2, 4) and sz[0, 1].tolist() == [5, 3, 1, 1]
    a = tmu.Texture(np.zeros((18, 4, 4), np.uint8), "r8_unorm", "cube_array")
    assert tmu.query(a, "size", level=0)[3] in (3, 18)     # layers: cubes or faces, per the unit
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.query(t, "width")


def test_lod_report():
    """lod = the final lambda after bias and clamps, magnified = lambda <= 0 (op.h)."""
    t = tmu.Texture(np.zeros((16, 16), np.uint8), "r8_unorm", levels="full")
    smp = tmu.Sampler(mip_filter="linear", lod_bias=0.5, min_lod=0.0, max_lod=1.75)
    r = tmu.sample(t, np.full((4, 2), 0.5, np.float32), smp, lod=[-1.0, 0.25, 1.5, 3.0], lod_report=True)
    assert isinstance(r, tmu.Result) and r.resident is None
    assert r.lod.tolist() == [0.0, 0.75, 1.75, 1.75]
    assert r.magnified.tolist() == [True, False, False, False]
    # implicit: one pixel steps 2 texels -> lambda = 1 (+ bias 0.5)
    y, x = np.mgrid[0:4, 0:4]
    lanes = tmu.quads(np.stack([(x + 0.5) / 8, (y + 0.5) / 8], -1).astype(np.float32))
    r = tmu.sample(t, lanes, smp, level="implicit", lod_report=True)
    np.testing.assert_allclose(r.lod, 1.5, atol=1e-5)


def test_gather_offsets():
    data = np.arange(16, dtype=np.uint8).reshape(4, 4)
    t = tmu.Texture(data, "r8_uint")
    # (0.5, 0.5) on 4x4: i0 = j0 = 1; result n comes from (i0, j0) + offset n
    g = tmu.gather(t, [0.5, 0.5], offsets=[(0, 0), (1, 0), (0, 1), (2, 2)])
    assert g.tolist() == [data[1, 1], data[1, 2], data[2, 1], data[3, 3]]
    g = tmu.gather(t, [[0.5, 0.5]] * 2, offsets=[[(0, 0)] * 4, [(-1, -1)] * 4])
    assert g[:, 0].tolist() == [data[1, 1], data[0, 0]]
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.gather(t, [0.5, 0.5], offsets=[(0, 0)] * 3)


def test_reduction_and_cubic():
    t = tmu.Texture(np.array([[0.0, 1.0]], np.float32), "r32_float")
    c = [0.5, 0.5]                                        # half way between the two texels
    assert tmu.sample(t, c)[0] == 0.5
    assert tmu.sample(t, c, {"reduction": "min"})[0] == 0.0
    assert tmu.sample(t, c, {"reduction": "max"})[0] == 1.0
    # Catmull-Rom: at a texel centre the texel itself, half way -1/16, 9/16, 9/16, -1/16
    v = np.array([0.0, 1.0, 5.0, 2.0, -3.0, 4.0, 0.5, 8.0], np.float32)
    t = tmu.Texture(np.tile(v, (4, 1)), "r32_float")
    cub = tmu.Sampler(mag_filter="cubic", min_filter="cubic")
    centres = np.stack([(np.arange(8) + 0.5) / 8, np.full(8, 0.5)], -1).astype(np.float32)
    np.testing.assert_allclose(tmu.sample(t, centres, cub)[:, 0], v, atol=1e-6)
    halves = np.stack([(np.arange(8) + 1.0) / 8, np.full(8, 0.5)], -1).astype(np.float32)
    i = np.arange(8)
    want = (-v[(i - 1) % 8] + 9 * v[i] + 9 * v[(i + 1) % 8] - v[(i + 2) % 8]) / 16
    np.testing.assert_allclose(tmu.sample(t, halves, cub)[:, 0], want, atol=1e-5)


def test_texture_views():
    levels = [np.full((8 >> n, 8 >> n), 10 * (n + 1), np.uint8) for n in range(4)]
    smp = tmu.Sampler(mag_filter="nearest", min_filter="nearest", mip_filter="nearest")
    v = tmu.Texture(levels, "r8_uint", base_level=1, level_count=2)
    assert tmu.sample(v, [0.5, 0.5], smp, lod=0.0)[0] == 20      # view level 0 = image level 1
    assert tmu.sample(v, [0.5, 0.5], smp, lod=5.0)[0] == 30      # only two levels seen
    assert tmu.query(v, "levels") == 2 and tmu.query(v, "size", level=0)[:2].tolist() == [4, 4]
    assert tmu.fetch(v, [0, 0], level=1)[0] == 30
    layers = np.stack([np.full((2, 2), 10 * i, np.uint8) for i in range(4)])
    a = tmu.Texture(layers, "r8_uint", "2d_array", base_layer=1, layer_count=2)
    assert tmu.sample(a, [[0.5, 0.5]] * 3, smp, layer=[0, 1, 7])[:, 0].tolist() == [10, 20, 20]


def test_errors_carry_status_and_diag():
    t = tmu.Texture(np.zeros((4, 4), np.uint32), "r32_uint")
    with pytest.raises(tmu.UnsupportedError) as e:
        tmu.sample(t, [[0.5, 0.5]])                       # linear filter of an integer format
    assert e.value.status == tmu.lib.TMU_ERR_UNSUPPORTED
    assert e.value.status_name == "unsupported"
    assert "integer format r32_uint" in e.value.message and e.value.where == "sample"
    assert str(e.value).startswith("sample: ")
    with pytest.raises(tmu.InvalidArgumentError, match="last axis of 2"):
        tmu.sample(t, [[0.5, 0.5, 0.5]])
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.sample("not a texture", [[0.5, 0.5]])


def test_path_fast_runs_only_on_a_fast_path(rng):
    """Issue 29 item 19: path='fast' says whether a call is on the fast path (the README's
    example uses it); a call the fast paths do not take raises instead of running slowly."""
    img = rng.integers(0, 256, (64, 64, 4), dtype=np.uint8)
    c = rng.random((1000, 2)).astype(np.float32)
    tex = tmu.Texture(img, "r8g8b8a8_unorm", levels="full")
    for address in ("repeat", "clamp_to_edge"):
        smp = tmu.Sampler(address=address, mip_filter="linear")
        fast = tmu.sample(tex, c, smp, lod=1.5, path="fast")
        assert np.array_equal(fast.view(np.uint32), tmu.sample(tex, c, smp, lod=1.5, path="general").view(np.uint32))
    # the fast paths' conditions (tmu/unit.h tmu_unit_plan_fast): each broken alone
    cases = [(tmu.Texture(img, "r8g8b8a8_srgb", levels="full"), dict(address="repeat")),
             (tex, dict(address="mirrored_repeat")),
             (tmu.Texture(img[:, :48], "r8g8b8a8_unorm"), dict(address="repeat")),   # 48 wide: not 2^n
             (tex, dict(address="repeat", mag_filter="nearest", min_filter="linear")),
             (tex, dict(address="repeat", max_anisotropy=4.0))]
    for t, fields in cases:
        with pytest.raises(tmu.UnsupportedError, match="path='fast': this call runs on the general path"):
            tmu.sample(t, c, tmu.Sampler(**fields), lod=0.5, path="fast")
        tmu.sample(t, c, tmu.Sampler(**fields), lod=0.5)   # and runs on the general path
