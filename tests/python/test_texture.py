"""tmu.Texture and tmu.Sampler: shapes and dtypes checked against the format, memory layout
(the texel at (x, y, layer, sample) lies where tmu_texel_address says), mip chains, views and
sampler fields."""
import numpy as np
import pytest

import tmu


def texel_bytes(t, level, x, y, z, s=0):
    """The texel's bytes read through the C library's own address function."""
    p = tmu.lib.tmu_texel_address(t._tex, level, x, y, z, s)
    assert p != tmu.ffi.NULL
    return bytes(tmu.ffi.buffer(p, t.format.bytes))


@pytest.mark.parametrize("dim,shape,fields", [
    ("1d", (7,), (7, 1, 1, 1, 1)),
    ("2d", (3, 7), (7, 3, 1, 1, 1)),
    ("3d", (2, 3, 7), (7, 3, 2, 1, 1)),
    ("cube", (6, 4, 4), (4, 4, 1, 6, 1)),
    ("1d_array", (5, 7), (7, 1, 1, 5, 1)),
    ("2d_array", (5, 3, 7), (7, 3, 1, 5, 1)),
    ("cube_array", (12, 4, 4), (4, 4, 1, 12, 1)),
    ("2d_ms", (4, 3, 7), (7, 3, 1, 1, 4)),
    ("2d_ms_array", (2, 4, 3, 7), (7, 3, 1, 2, 4)),
])
def test_shapes_and_layout(rng, dim, shape, fields):
    data = rng.integers(0, 2**16, size=shape + (2,), dtype=np.uint16)
    t = tmu.Texture(data, "r16g16_uint", dim)
    assert (t.width, t.height, t.depth, t.layers, t.samples) == fields
    assert t.dim == dim and t.levels == 1
    t.validate()
    # every texel sits where the C library's address function says
    idx = np.stack(np.unravel_index(rng.integers(0, data.size // 2, 40), shape), axis=-1)
    for i in idx:
        i = tuple(int(v) for v in i)
        x = i[-1]
        y = i[-2] if dim not in ("1d", "1d_array") else 0
        z, s = 0, 0
        if dim in ("3d", "cube", "2d_array", "cube_array", "1d_array"):
            z = i[0]
        if dim == "2d_ms":
            s = i[0]
        if dim == "2d_ms_array":
            z, s = i[0], i[1]
        assert texel_bytes(t, 0, x, y, z, s) == data[i].tobytes(), i
    np.testing.assert_array_equal(t.level(0), data)


def test_storage_dtypes_and_raw_bytes():
    rgba = np.arange(2 * 3 * 4, dtype=np.uint8).reshape(2, 3, 4)
    a = tmu.Texture(rgba, "r8g8b8a8_unorm")
    b = tmu.Texture(rgba.view(np.uint8), "b8g8r8a8_unorm")        # same bytes, other channel order
    assert a.values()[0, 0].tolist() == pytest.approx([0, 1 / 255, 2 / 255, 3 / 255])
    assert b.values()[0, 0].tolist() == pytest.approx([2 / 255, 1 / 255, 0, 3 / 255])
    h = np.array([[[1.5, -2.0]]], np.float16)
    t = tmu.Texture(h, "r16g16_float")
    assert t.values()[0, 0].tolist() == [1.5, -2.0, 0.0, 1.0]
    raw = tmu.Texture(h.view(np.uint8).reshape(1, 1, 4), "r16g16_float")
    np.testing.assert_array_equal(raw.level(0), h)
    packed = tmu.Texture(np.array([[0xF800]], np.uint16), "r5g6b5_unorm_pack16")
    assert packed.values()[0, 0].tolist() == [1, 0, 0, 1]
    ds = tmu.Texture(np.zeros((2, 2, 8), np.uint8), "d32_float_s8_uint")        # no storage dtype: bytes
    assert ds.level(0).shape == (2, 2, 8)
    for bad in (np.zeros((2, 3, 3), np.uint8), np.zeros((2, 3, 4), np.float32), np.zeros((2, 3), np.uint8),
                np.zeros((2, 3, 4, 1), np.uint8), np.zeros((2, 3, 4), np.int8)):
        with pytest.raises(tmu.InvalidArgumentError, match="r8g8b8a8_unorm"):
            tmu.Texture(bad, "r8g8b8a8_unorm")
    with pytest.raises(tmu.InvalidArgumentError, match="square"):
        tmu.Texture(np.zeros((6, 4, 5), np.uint8), "r8_unorm", "cube")
    with pytest.raises(tmu.InvalidArgumentError, match="faces"):
        tmu.Texture(np.zeros((5, 4, 4), np.uint8), "r8_unorm", "cube")
    with pytest.raises(tmu.InvalidArgumentError, match="empty"):
        tmu.Texture(np.zeros((0, 4), np.uint8), "r8_unorm")
    with pytest.raises(tmu.InvalidArgumentError, match="dim"):
        tmu.Texture(np.zeros((4, 4), np.uint8), "r8_unorm", "4d")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.Texture(np.zeros((1, 40000), np.uint8), "r8_unorm")


def test_level_views_are_writable():
    t = tmu.Texture(np.zeros((4, 4), np.uint8), "r8_unorm")
    smp = tmu.Sampler(mag_filter="nearest", min_filter="nearest")
    assert tmu.sample(t, [0.6, 0.1], smp)[0] == 0.0
    t.level(0)[0, 2] = 255
    assert tmu.sample(t, [0.6, 0.1], smp)[0] == 1.0
    with pytest.raises(tmu.InvalidArgumentError):
        t.level(1)


def test_from_values_and_generated_chains():
    v = np.zeros((4, 4, 4))
    v[..., 0] = 1.0
    t = tmu.Texture.from_values(v, "r8g8b8a8_srgb", levels="full")
    assert t.levels == 3 and t.level(2).tolist() == [[[255, 0, 0, 0]]]
    # 3D chains average 2x2x2 blocks; arrays and cube maps keep their layers
    vol = np.zeros((4, 4, 4), np.float32)
    vol[0] = 8.0
    t3 = tmu.Texture(vol, "r32_float", "3d", levels="full")
    assert (t3.levels, t3.level(1).shape, t3.level(1)[0, 0, 0], t3.level(1)[1, 0, 0]) == (3, (2, 2, 2), 4.0, 0.0)
    assert t3.level(2).tolist() == [[[2.0]]]
    arr = tmu.Texture(np.stack([np.full((4, 4), 10, np.uint8), np.full((4, 4), 20, np.uint8)]), "r8_uint",
                      "2d_array", levels=2)
    assert arr.level(1).tolist() == [[[10, 10], [10, 10]], [[20, 20], [20, 20]]]
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.Texture(np.zeros((2, 4, 4), np.uint8), "r8_unorm", "2d_ms", levels=2)
    chain = tmu.Texture.from_values([np.full((2, 2, 1), 0.5), np.full((1, 1, 1), 1.0)], "r32_float")
    assert chain.level(1).tolist() == [[1.0]]


def test_sampler_fields():
    s = tmu.Sampler()
    assert s.fields() == {"address": ("repeat",) * 3, "mag_filter": "linear", "min_filter": "linear",
                          "mip_filter": "none", "normalized": True, "seamless_cube": True, "compare_op": "never",
                          "precision": "exact", "lod_bias": 0.0, "min_lod": 0.0, "max_lod": 1000.0,
                          "border_f": (0.0,) * 4, "border_u": (0,) * 4, "reduction": "weighted_average",
                          "max_anisotropy": s.max_anisotropy}
    s = tmu.Sampler(address=("repeat", "clamp_to_border", 2), precision="NVIDIA", border_u=(1, 2, 3, -1),
                    compare_op=4, lod_bias=0.5, normalized=False)
    assert s.address == ("repeat", "clamp_to_border", "clamp_to_edge")
    assert (s.precision, s.border_u, s.compare_op, s.lod_bias, s.normalized) == \
        ("nvidia", (1, 2, 3, 0xFFFFFFFF), "greater", 0.5, False)
    assert tmu.Sampler(**s.fields()).fields() == s.fields()
    assert "precision='nvidia'" in repr(s)
    for bad in ({"address": "wrap"}, {"mag_filter": "bilinear"}, {"filter": "linear"}, {"lod_bias": "x"},
                {"border_f": (1, 2)}, {"border_u": (2**40,) * 4}, {"normalized": 2}, {"compare_op": 8},
                {"address": ("repeat", "repeat")}):
        with pytest.raises(tmu.InvalidArgumentError):
            tmu.Sampler(**bad)
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.sample(tmu.Texture(np.zeros((2, 2), np.uint8), "r8_unorm"), [0.5, 0.5], sampler=3)


def test_precision_models_differ_as_documented():
    """nvidia quantises the weight to 1/256: at 1/3 of the way between two texels (0 and 1) exact
    gives 1/3 and nvidia round(256/3)/256 = 85/256."""
    t = tmu.Texture(np.array([[0.0, 1.0]], np.float32), "r32_float")
    s = np.float32(0.25 + 0.5 / 3)
    assert tmu.sample(t, [s, 0.5])[0] == pytest.approx(1 / 3, abs=1e-6)
    assert tmu.sample(t, [s, 0.5], {"precision": "nvidia"})[0] == 85 / 256
    assert tmu.sample(t, [s, 0.5], {"precision": "nvidia_trunc"})[0] == 85 / 256
    s = np.float32(0.25 + 0.5 * (85.75 / 256))
    assert tmu.sample(t, [s, 0.5], {"precision": "nvidia"})[0] == 86 / 256
    assert tmu.sample(t, [s, 0.5], {"precision": "nvidia_trunc"})[0] == 85 / 256


def test_view_fields_reach_the_struct():
    t = tmu.Texture(np.zeros((4, 8, 8), np.uint8), "r8_unorm", "2d_array", levels=2, base_level=1, level_count=1,
                    base_layer=2, layer_count=1, min_lod=0.5)
    c = t._tex
    assert (c.base_level, c.level_count, c.base_layer, c.layer_count, c.min_lod) == (1, 1, 2, 1, 0.5)
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.Texture(np.zeros((4, 4), np.uint8), "r8_unorm", base_level=-1)


def test_sparse_3d_tiles():
    t = tmu.Texture(np.ones((4, 4, 4), np.uint8), "r8_uint", "3d", tile=(2, 2, 2),
                    resident=[np.array([[[1, 1], [1, 1]], [[1, 1], [1, 0]]])])
    r = tmu.fetch(t, [[3, 3, 3], [0, 0, 0]], residency=True)
    assert r.resident.tolist() == [False, True] and r.data[:, 0].tolist() == [0, 1]


def test_memory_cannot_be_replaced():
    t = tmu.Texture(np.zeros((4, 4), np.uint8), "r8_unorm", levels=3)
    assert t.memory.size == 16 + 4 + 1
    t.memory[:] = 255                                  # written in place: the texture sees it
    assert tmu.fetch(t, [0, 0], level=2, result="f32")[0] == 1.0
    with pytest.raises(AttributeError):
        t.memory = np.zeros(21, np.uint8)
