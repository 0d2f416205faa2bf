"""Fuzzing the binding's entry points with random arrays, bytes, text and keyword values: every
call must either return or raise tmu.Error -- never crash the interpreter (a crash fails this
test: ctest sees the process die), hang, or leak another exception type.  TMU_TEST_LONG=1 runs
ten times as many cases."""
import numpy as np
import pytest

import tmu
from conftest import LONG
from tmu.texture import COORDS
from tmu.unit import FETCH_COORDS

ROUNDS = 10 if LONG else 1

FORMATS = [f.name for f in tmu.formats()]
DIMS = ["1d", "2d", "3d", "cube", "1d_array", "2d_array", "cube_array", "2d_ms", "2d_ms_array"]
DTYPES = [np.uint8, np.int8, np.uint16, np.int16, np.float16, np.uint32, np.int32, np.float32, np.float64,
          np.int64, np.uint64, bool]
SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, 0.5, np.nan, np.inf, -np.inf, 1e30, -1e30, 2.0**62, 1e-45,
                    3.4e38, 65504.0, -2**31, 2**32], np.float64)


def calls(fn, *args, **kwargs):
    """Runs fn; returns the result or None when it raised tmu.Error (anything else propagates)."""
    try:
        return fn(*args, **kwargs)
    except tmu.Error as e:
        assert isinstance(e.status, int) and isinstance(e.message, str) and str(e)
        return None


def rand_array(rng, max_elems=4000, ndim=None, dtype=None, shape=None):
    if shape is None:
        ndim = int(rng.integers(0, 4)) if ndim is None else ndim
        shape = tuple(int(x) for x in rng.integers(0, 7, size=ndim))
        if int(np.prod(shape)) > max_elems:
            shape = (3,) * ndim
    dtype = DTYPES[int(rng.integers(len(DTYPES)))] if dtype is None else dtype
    n = int(np.prod(shape)) if shape else 1
    if np.dtype(dtype).kind == "f":
        a = rng.choice(SPECIAL, size=n) if rng.random() < 0.5 else rng.normal(scale=4, size=n)
        with np.errstate(over="ignore", invalid="ignore"):
            a = a.astype(dtype)
    elif np.dtype(dtype).kind == "b":
        a = rng.integers(0, 2, size=n).astype(bool)
    else:
        info = np.iinfo(dtype)
        a = rng.integers(info.min, info.max, size=n, dtype=dtype, endpoint=True)
    return a.reshape(shape)


def weird(rng, a):
    """The same values as a view with unusual memory: reversed, every other row of a bigger
    array, unaligned, or Fortran order."""
    a = np.asarray(a)
    if a.ndim == 0 or a.size == 0:
        return a
    r = rng.random()
    if r < 0.25:
        return a[::-1].copy()[::-1]
    if r < 0.5:
        big = np.empty((a.shape[0] * 2,) + a.shape[1:], a.dtype)
        big[::2] = a
        return big[::2]
    if r < 0.75:
        buf = np.empty(a.nbytes + 1, np.uint8)
        u = np.frombuffer(buf.data, dtype=a.dtype, count=a.size, offset=1).reshape(a.shape)
        u[...] = a
        return u
    return np.asfortranarray(a)


def rand_texture(rng, dim=None):
    fmt = FORMATS[int(rng.integers(len(FORMATS)))]
    dim = dim or DIMS[int(rng.integers(len(DIMS)))]
    fi = tmu.format_info(fmt)
    sp = {"1d": 1, "2d": 2, "3d": 3, "cube": 3, "1d_array": 2, "2d_array": 3, "cube_array": 3, "2d_ms": 3,
          "2d_ms_array": 4}[dim]
    shape = [int(x) for x in rng.integers(1, 9, size=sp)]
    if dim in ("cube", "cube_array"):
        shape[0] = 6 if dim == "cube" else 6 * int(rng.integers(1, 3))
        shape[-1] = shape[-2]
    raw = rng.integers(0, 256, size=tuple(shape) + (fi.bytes,), dtype=np.uint8)
    kw = {}
    if rng.random() < 0.5:
        kw["levels"] = "full" if rng.random() < 0.5 else int(rng.integers(1, 4))
    if rng.random() < 0.2:
        kw["swizzle"] = "".join(rng.choice(list("rgba01"), size=4))
    return calls(tmu.Texture, raw, fmt, dim, **kw)


def rand_sampler(rng):
    kw = {}
    choices = {"address": ["repeat", "mirrored_repeat", "clamp_to_edge", "mirror_clamp_to_edge",
                           "clamp_half_border", "mirror_once_half_border", "clamp_to_border", "mirror_once_border"],
               "mag_filter": ["nearest", "linear", "cubic"], "min_filter": ["nearest", "linear", "cubic"],
               "mip_filter": ["none", "nearest", "linear"], "compare_op": ["never", "less", "always"],
               "precision": ["exact", "nvidia", "nvidia_trunc"], "reduction": ["weighted_average", "min", "max"]}
    for k, vals in choices.items():
        if rng.random() < 0.5:
            kw[k] = vals[int(rng.integers(len(vals)))]
    for k in ("lod_bias", "min_lod", "max_lod", "max_anisotropy"):
        if rng.random() < 0.3:
            kw[k] = float(rng.choice(SPECIAL))
    if rng.random() < 0.3:
        kw["normalized"] = bool(rng.integers(2))
    return calls(tmu.Sampler, **kw)


def rand_value(rng):
    r = rng.random()
    if r < 0.4:
        return rand_array(rng, 600)
    if r < 0.6:
        return float(rng.choice(SPECIAL))
    if r < 0.8:
        return int(rng.integers(-5, 40))
    return rand_array(rng, 600).tolist()


@pytest.mark.parametrize("seed", range(4))
def test_fuzz_texture_unit(seed):
    rng = np.random.default_rng(1000 + seed)
    done = 0
    for _ in range(3000 * ROUNDS):
        t = rand_texture(rng)
        if t is None:
            continue
        smp = rand_sampler(rng)
        op = int(rng.integers(0, 4))
        k = int(rng.integers(0, 5))
        if rng.random() < 0.85:   # mostly the right coordinate count
            k = (FETCH_COORDS if op == 1 else COORDS)[t.dim]
        if rng.random() < 0.8:    # mostly well-formed: (n, k) with random values
            n = int(rng.integers(0, 700))
            if op == 1:
                coords = rng.integers(-3, 12, size=(n, k)).astype(DTYPES[int(rng.integers(len(DTYPES)))])
            else:
                coords = rand_array(rng, shape=(n, k), dtype=[np.float32, np.float64, np.float16,
                                                             np.int32][int(rng.integers(4))])
        else:
            coords = rand_array(rng, 3000)
        if rng.random() < 0.3:
            coords = weird(rng, coords)
        kw = {}
        for name in ("lod", "bias", "layer", "ref", "min_lod", "offset", "mask", "level"):
            if rng.random() < 0.1:
                kw[name] = rand_value(rng)
        if "layer" not in kw and (t.dim.endswith("array") or (op == 1 and t.dim == "cube")) and rng.random() < 0.8:
            kw["layer"] = int(rng.integers(0, 13)) if rng.random() < 0.5 else float(rng.choice(SPECIAL))
        if op == 0 and rng.random() < 0.3:
            kw["level"] = ["implicit", "base", "lod", "bias", "grad", "bad"][int(rng.integers(6))]
        if rng.random() < 0.1:
            kw["grad"] = (rand_value(rng), rand_value(rng))
        if rng.random() < 0.2:
            kw["result"] = ["f32", "s32", "u32", "f16", "f16x2", "bad"][int(rng.integers(6))]
        if rng.random() < 0.2:
            kw["residency"] = True
        if rng.random() < 0.1:
            kw["path"] = ["general", "portable", "avx2", "auto", "nope"][int(rng.integers(5))]
        if op == 0:
            kw.pop("level", None) if rng.random() < 0.5 else None
            r = calls(tmu.sample, t, coords, smp, **kw)
        elif op == 1:
            for k2 in ("lod", "bias", "ref", "min_lod", "grad"):
                kw.pop(k2, None)
            if rng.random() < 0.3:
                kw["sample"] = rand_value(rng)
            r = calls(tmu.fetch, t, coords, **kw)
        elif op == 2:
            for k2 in ("lod", "bias", "min_lod", "grad", "level"):
                kw.pop(k2, None)
            kw["component"] = [0, 1, 2, 3, 4, "g", "q", -1][int(rng.integers(8))]
            if rng.random() < 0.2:
                kw["offsets"] = rand_value(rng)
            r = calls(tmu.gather, t, coords, smp, **kw)
        else:
            what = ["size", "levels", "samples", "lod", "bogus"][int(rng.integers(5))]
            r = calls(tmu.query, t, what, level=rand_value(rng), coords=coords if rng.random() < 0.7 else None)
        if r is not None:
            done += 1
    assert done > 400  # about a fifth succeed; the rest must fail cleanly


def test_fuzz_formats_and_texture_construction():
    rng = np.random.default_rng(7)
    for _ in range(1500 * ROUNDS):
        fmt = FORMATS[int(rng.integers(len(FORMATS)))] if rng.random() < 0.9 else rand_value(rng)
        calls(tmu.decode, fmt, rng.bytes(int(rng.integers(0, 64))))
        calls(tmu.decode, fmt, rand_array(rng, 200))
        calls(tmu.encode, fmt, rand_value(rng))
        calls(tmu.format_info, fmt)
        data = rand_array(rng, 2000, ndim=int(rng.integers(0, 6)))
        kw = {}
        if rng.random() < 0.3:
            kw["levels"] = rand_value(rng) if rng.random() < 0.3 else "full"
        if rng.random() < 0.2:
            kw["tile"] = tuple(int(x) for x in rng.integers(-1, 5, size=int(rng.integers(1, 4))))
            kw["resident"] = [rand_array(rng, 100) for _ in range(int(rng.integers(0, 3)))]
        if rng.random() < 0.2:
            kw["swizzle"] = rand_value(rng)
        calls(tmu.Texture, data, fmt, DIMS[int(rng.integers(len(DIMS)))], **kw)
        if rng.random() < 0.3:
            calls(tmu.Texture.from_values, rand_array(rng, 500), fmt)


def test_fuzz_isa_and_text():
    rng = np.random.default_rng(11)
    alphabet = list("image_sample v[0:3], s[8:15] dmask:0xf unorm glc slc tfe lwe da d16 r128 a16 sam isam "
                    "(f32)(xyzw)r0.x hr1.y s#3 t#2 .base1 .s2en .v .1d .3d .a .o .p a1.x +8 ;#//\t\n\0\x7f\xff")
    for _ in range(2500 * ROUNDS):
        isa = ["gcn", "ir3"][int(rng.integers(2))]
        gpu = [None, "gfx6", "gfx81", "gfx9", "a3xx", "a6xx", 700, 899, "zz"][int(rng.integers(9))]
        words = rng.integers(0, 2**63, size=int(rng.integers(0, 8)), dtype=np.uint64) * 2 + 1
        calls(tmu.disasm, isa, words, gpu=gpu, strict=bool(rng.integers(2)))
        calls(tmu.disasm, isa, rng.bytes(8 * int(rng.integers(0, 4))), gpu=gpu)
        calls(tmu.isa.decode, isa, int(words[0]) if len(words) else 0, gpu=gpu)
        text = "".join(rng.choice(alphabet, size=int(rng.integers(0, 80))))
        calls(tmu.asm, isa, text, gpu=gpu, syntax=["llvm", "clrx"][int(rng.integers(2))])
        calls(tmu.ptx_check, text, instruction=bool(rng.integers(2)))
        calls(tmu.ptx_format, "tex." + text)
        calls(tmu.disasm, isa, rand_value(rng), gpu=gpu)


def test_fuzz_load_planner():
    rng = np.random.default_rng(13)
    classes = tmu.loadplan.names("class") + ["bad"]
    kinds = tmu.loadplan.names("offset_kind")
    for _ in range(8000 * ROUNDS):
        req = {"cls": classes[int(rng.integers(len(classes)))], "gpu": "gfx%d" % rng.integers(5, 14),
               "mode": ["exact", "aco"][int(rng.integers(2))],
               "offset_kind": kinds[int(rng.integers(len(kinds)))],
               "num_components": int(rng.integers(0, 20)), "component_size": int(rng.choice([0, 1, 2, 3, 4, 8, 16])),
               "align_mul": int(rng.choice([0, 1, 2, 3, 4, 8, 16, 64, 2**31])), "align_offset": int(rng.integers(0, 70)),
               "const_offset": int(rng.choice([0, 4, 1020, 4096, 2**20, 2**32 - 4])),
               "component_stride": int(rng.choice([0, 0, 4, 16])),
               "swizzle_component_size": int(rng.choice([0, 0, 4, 16])),
               "has_soffset": bool(rng.integers(2)), "has_index": bool(rng.integers(2)),
               "smem_address": bool(rng.integers(2)), "offset_value": int(rng.integers(0, 2**32))}
        for k in list(req):
            if rng.random() < 0.15:
                del req[k]
        if rng.random() < 0.05:
            req["bogus"] = 1
        p = calls(tmu.plan_load, **req)
        if p is not None:
            assert len(p["recombine"]) == p["total_bytes"] // max(1, req.get("component_size", 4))


def test_fuzz_ptx_exec(data_dir):
    """The recorded PTX forms, executed with random register values and bindings."""
    import os
    from conftest import read_tsv
    rows = read_tsv(os.path.join(data_dir, "ptx-ptxas-verdicts.txt"))
    rows += read_tsv(os.path.join(data_dir, "ptx-generated-verdicts.txt"))[:400]
    rng = np.random.default_rng(17)
    ran = 0
    names = ["%%%s%d" % (p, i) for p in ("f", "r", "u", "b", "h", "hh", "rd", "p") for i in range(16)]
    geoms = {".a2dms": "2d_ms_array", ".2dms": "2d_ms", ".acube": "cube_array", ".cube": "cube", ".a1d": "1d_array",
             ".a2d": "2d_array", ".1d": "1d", ".2d": "2d", ".3d": "3d"}
    for _ in range(ROUNDS):
        for row in rows:
            text = row[4]
            dim = next((d for g, d in geoms.items() if g + "." in text), None) if rng.random() < 0.8 else None
            regs = {}
            for n in names:
                if n in text:
                    regs[n] = rand_array(rng, shape=(32,)) if rng.random() < 0.3 else float(rng.random())
            regs["%rd1"], regs["%rd2"] = 1, 2
            texs = {}
            for name in ("t0", "t1", "pt", 1):
                if rng.random() < 0.8:
                    t = rand_texture(rng, dim)
                    if t is not None:
                        texs[name] = (t, rand_sampler(rng) or tmu.Sampler()) if rng.random() < 0.5 else t
            smps = {k: tmu.Sampler() for k in ("s0", "s1", "ps", 2) if rng.random() < 0.7}
            r = calls(tmu.ptx_exec, text, regs, texs, smps, active=int(rng.integers(0, 2**32)),
                      independent=row[1] == "independent")
            ran += r is not None
    assert ran > 50


def test_fuzz_png_and_render():
    """read_png on mutated and truncated PNG files; write_png and render on random arrays."""
    rng = np.random.default_rng(29)
    good = [tmu.write_png(None, rand_array(rng, dtype=np.uint8, shape=(int(rng.integers(1, 9)),
                                                                        int(rng.integers(1, 9)), c)))
            for c in (1, 2, 3, 4)]
    decoded = 0
    for _ in range(1500 * ROUNDS):
        b = bytearray(good[int(rng.integers(len(good)))])
        for _ in range(int(rng.integers(0, 4))):
            r = rng.random()
            if not b:
                break
            if r < 0.5:
                b[int(rng.integers(len(b)))] = int(rng.integers(256))
            elif r < 0.75:
                del b[int(rng.integers(len(b))):]
            else:
                at = int(rng.integers(len(b) + 1))
                b[at:at] = bytes(rng.integers(0, 256, int(rng.integers(1, 16)), dtype=np.uint8))
        decoded += calls(tmu.read_png, bytes(b), max_pixels=int(rng.choice([1, 64, 1 << 24]))) is not None
    assert decoded > 0
    for _ in range(300 * ROUNDS):
        calls(tmu.write_png, None, weird(rng, rand_array(rng, max_elems=300)))
        t = rand_texture(rng, "2d")
        if t is not None:
            size = tuple(int(x) for x in rng.integers(-2, 9, size=2))
            calls(tmu.render, t, rand_sampler(rng), size, uv=tuple(rng.choice(SPECIAL, 4)))


def test_fuzz_ptx_run(data_dir):
    """Whole modules (the recorded ones, mutated) run with random registers and bindings."""
    import os
    srcs = [open(os.path.join(data_dir, f)).read() for f in ("ptx-run.ptx", "ptx-module-ok.ptx", "ptx-run-png.ptx")]
    rng = np.random.default_rng(31)
    ran = 0
    for _ in range(200 * ROUNDS):
        s = list(srcs[int(rng.integers(len(srcs)))])
        for _ in range(int(rng.integers(0, 3))):
            s[int(rng.integers(len(s)))] = chr(int(rng.choice([32, 44, 48, 59, 123, 125, 37, 0x41, 10])))
        texs = {k: t for k in ("t0", "t2d", "tarr", "tdepth", 0x1234)
                if rng.random() < 0.8 and (t := rand_texture(rng, None)) is not None}
        regs = {"%f10": float(rng.random()), "%f11": rand_array(rng, shape=(int(rng.integers(1, 33)),))}
        ran += calls(tmu.ptx_run, "".join(s), regs, texs, lanes=int(rng.integers(0, 34))) is not None
    assert ran >= 0
