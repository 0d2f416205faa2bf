"""tmu.ptx_check and tmu.ptx_format against ptxas 13.0's recorded verdicts and messages
(tests/data/ptx-ptxas-verdicts.txt: 205 curated forms; ptx-generated-verdicts.txt: 12 000
random ones) and the module whose ptxas messages tests/ptx/cli_ptx.sh records."""
import os

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
        assert tmu.ptx_check(f.read()) == []


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
