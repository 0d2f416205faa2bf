"""tmu.ptx_check and tmu.ptx_format against ptxas 13.0's recorded verdicts and messages
(tests/data/ptx-ptxas-verdicts.txt: 205 curated forms; ptx-generated-verdicts.txt: 12 000
random ones) and the module whose ptxas messages tests/ptx/cli_ptx.sh records."""
import os

import numpy as np
import pytest

import tmu
from conftest import read_tsv


def _messages(diags):
    """The verdict file's form: SEVERITY@L[+-n]: TEXT joined by ' | '."""
    out = []
    for d in diags:
        where = "L" if d.line == 0 else "L%+d" % d.line
        out.append("%s@%s: %s" % (d.severity, where, d.message))
    return " | ".join(out)


def _run(path):
    rows = read_tsv(path)
    agree = 0
    for row in rows:
        verdict, mode, target, version, instr = row[:5]
        want = row[5] if len(row) > 5 else ""
        diags = tmu.ptx_check(instr, instruction=True, target=target, version=version,
                              independent=mode == "independent")
        assert (verdict == "ACCEPTED") == (not diags), (instr, diags)
        assert _messages(diags) == want, instr
        agree += 1
    return agree


def test_curated_ptxas_vectors(data_dir):
    assert _run(os.path.join(data_dir, "ptx-ptxas-verdicts.txt")) == 205


def test_generated_ptxas_vectors(data_dir):
    assert _run(os.path.join(data_dir, "ptx-generated-verdicts.txt")) >= 12000


def test_module_check(data_dir):
    with open(os.path.join(data_dir, "ptx-module-bad.ptx")) as f:
        text = f.read()
    got = [(d.line, d.column, d.severity, d.message) for d in tmu.ptx_check(text)]
    assert got == [
        (19, 2, "error", "Argument 2 of instruction 'tex': .samplerref or .u64 register expected"),
        (20, 48, "error", "Illegal vector size: 3"),
        (21, 2, "error", "Feature 'Texture instruction with optional predicate result' requires PTX ISA "
                         ".version 7.1 or later"),
        (22, 2, "error", "Illegal modifier '.cube' for instruction 'tex'"),
        (22, 2, "error", "Operand vector size doesn't match geometry for instruction 'tex'"),
    ]
    assert str(tmu.ptx_check(text)[1]) == "20:48: error: Illegal vector size: 3"
    # a newer .version removes the predicate-result problem, bytes work as well as str
    assert len(tmu.ptx_check(text.encode(), version="7.1")) == 4
    with open(os.path.join(data_dir, "ptx-module-ok.ptx")) as f:
        ok = f.read()
    assert tmu.ptx_check(ok) == []
    # target overrides .target (ptxas with .target sm_50 says the same)
    assert [(d.line, d.column, d.message) for d in tmu.ptx_check(ok, target="sm_50")] == \
        [(60, 2, "Feature 'Texture instruction with optional predicate result' requires .target sm_60 or higher")]
    assert tmu.ptx_check(ok, target=50) == tmu.ptx_check(ok, target="sm_50")


def test_syntax_error_is_a_fatal_diagnostic():
    d = tmu.ptx_check(".version 9.0\n.target sm_90\n.address_size 64\n.entry k( {\n}\n")
    assert len(d) == 1 and d[0].severity == "fatal" and d[0].line == 4
    assert d[0].status == tmu.lib.TMU_ERR_PARSE and "syntax error" in d[0].message


def test_format_round_trip(data_dir):
    rows = read_tsv(os.path.join(data_dir, "ptx-ptxas-verdicts.txt"))
    n = 0
    for row in rows:
        try:
            text = tmu.ptx_format(row[4])
        except tmu.Error:
            continue
        assert tmu.ptx_format(text) == text
        assert text.endswith(";")
        n += 1
    assert n >= 150
    assert tmu.ptx_format("tex.v4.2d.f32.f32 {%f0,%f1,%f2,%f3},[t0,{%f10,%f11}]") == \
        "tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t0, {%f10, %f11}];"
    with pytest.raises(tmu.ParseError):
        tmu.ptx_format("tex.2d.v4.f32.f32 {%f0")


def test_argument_errors():
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.ptx_check(42)
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.ptx_check("tex;", target="gfx9")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.ptx_check("tex;", version="nine")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.ptx_check("tex;\ntex;", instruction=True)


def test_exec_tex_tld4_txq():
    import numpy as np
    t = tmu.Texture(np.array([[0, 255]], np.uint8), "r8_unorm")      # 2x1: black | white
    s = np.linspace(0.25, 0.75, 32).astype(np.float32)
    r = tmu.ptx_exec("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];", {"%f4": s, "%f5": 0.5}, {"t0": t})
    got = tmu.ptx.f32(r["%f0"])
    want = np.clip(s.astype(np.float64) * 2 - 0.5, 0, 1)               # bilinear between the two centres
    np.testing.assert_allclose(got, want, atol=1e-6)
    assert tmu.ptx.f32(r["%f3"]).tolist() == [1.0] * 32                 # missing alpha
    # tld4: the footprint's red in (i0,j1) (i1,j1) (i1,j0) (i0,j0) order
    q = tmu.Texture(np.array([[10, 20], [30, 40]], np.uint8), "r8_uint")
    r = tmu.ptx_exec("tld4.r.2d.v4.u32.f32 {%r0,%r1,%r2,%r3}, [t0, {%f4,%f5}];", {"%f4": 0.5, "%f5": 0.5},
                     {"t0": q})
    assert [int(r["%%r%d" % i][0]) for i in range(4)] == [30, 40, 20, 10]
    # txq answers from the binding; guard predicates and the active mask select lanes
    r = tmu.ptx_exec("@%p1 txq.width.b32 %r0, [t0];", {"%p1": np.arange(32) % 2 == 0}, {"t0": q},
                     active=0x0000FFFF)
    assert r["%r0"].tolist() == [2 if (l % 2 == 0 and l < 16) else 0 for l in range(32)]
    # a texture handle in a .u64 register, and a separate sampler (independent mode)
    r = tmu.ptx_exec("tex.2d.v4.u32.f32 {%r0,%r1,%r2,%r3}, [%rd1, %rd2, {%f4,%f5}];",
                     {"%rd1": 0x1234, "%rd2": 0x99, "%f4": 0.75, "%f5": 0.75}, {0x1234: q},
                     {0x99: tmu.Sampler(mag_filter="nearest", min_filter="nearest")}, independent=True)
    assert int(r["%r0"][0]) == 40


def test_exec_errors():
    import numpy as np
    t = tmu.Texture(np.zeros((2, 2), np.uint8), "r8_unorm")
    with pytest.raises(tmu.NotFoundError, match="t9"):
        tmu.ptx_exec("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t9, {%f4,%f5}];", {"%f4": 0, "%f5": 0}, {"t0": t})
    with pytest.raises(tmu.NotFoundError, match="%f5"):
        tmu.ptx_exec("tex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];", {"%f4": 0}, {"t0": t})
    with pytest.raises(tmu.ParseError):
        tmu.ptx_exec("tex.2d.v4 {", {}, {})
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.ptx_exec("txq.width.b32 %r0, [t0];", {"%r0": [1, 2, 3]}, {"t0": t})
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.ptx_exec("txq.width.b32 %r0, [t0];", {}, {"t0": "texture"})


def test_ptx_run_whole_module_as_the_cli(data_dir):
    """Issue 29 item 19: tmu.ptx_run runs a whole module as `tmu ptx run` does (the CLI's printed
    register bits are the reference; examples/ptx/kernel.ptx and its inputs.txt)."""
    import os
    import re
    import subprocess
    from conftest import SOURCE, cli_env
    cli = os.environ.get("TMU_CLI")
    if not cli:
        pytest.skip("TMU_CLI (the tmu binary) not set; ctest sets it")
    kernel = os.path.join(SOURCE, "examples", "ptx", "kernel.ptx")
    out = subprocess.run([cli, "ptx", "run", "--texture", "t0=checker:4x4,filter=linear,address=repeat",
                          "--reg", "%f4=0.125,0.375,0.625,0.875", "--reg", "%f5=0.3", "--lanes", "4", kernel],
                         capture_output=True, text=True, check=True, env=cli_env()).stdout
    want = {}
    for lane, regs in re.findall(r"lane (\d+): (.*)", out):
        for name, bits in re.findall(r"(%\w+)=\S*?\((0x[0-9a-f]+)\)", regs):
            want[(name, int(lane))] = int(bits, 16)
        for name, v in re.findall(r"(%p\d+)=(\d)\b", regs):
            want[(name, int(lane))] = int(v)
    assert len(want) >= 4 * 9, out
    checker = np.zeros((4, 4, 4), np.uint8)
    checker[(np.add.outer(np.arange(4), np.arange(4)) % 2) == 0] = 255   # white where x + y is even
    checker[..., 3] = 255
    t = tmu.Texture(checker, "r8g8b8a8_unorm")
    smp = tmu.Sampler(address="repeat", mag_filter="linear", min_filter="linear")
    got = tmu.ptx_run(open(kernel).read(), {"%f4": [0.125, 0.375, 0.625, 0.875], "%f5": 0.3}, {"t0": (t, smp)},
                      lanes=4)
    for (name, lane), bits in want.items():
        assert int(got[name][lane]) & 0xFFFFFFFF == bits, (name, lane, hex(int(got[name][lane])), hex(bits))


def test_ptx_run_refusals(data_dir):
    import os
    bad = open(os.path.join(data_dir, "ptx-module-bad.ptx")).read()
    with pytest.raises(tmu.InvalidError, match="the module is not run: ptxas rejects it"):
        tmu.ptx_run(bad)
    ok = (".version 8.0\n.target sm_90\n.address_size 64\n.global .texref t0;\n.visible .entry k()\n{\n"
          ".reg .f32 %f<8>;\ntex.2d.v4.f32.f32 {%f0,%f1,%f2,%f3}, [t0, {%f4,%f5}];\nret;\n}\n")
    with pytest.raises(tmu.NotFoundError, match="'%f7' is not a register used"):
        tmu.ptx_run(ok, {"%f7": 1.0})
    with pytest.raises(tmu.InvalidArgumentError, match="lanes must be 1..32"):
        tmu.ptx_run(ok, lanes=0)
    with pytest.raises(tmu.Error):
        tmu.ptx_run(ok)   # t0 not bound
