"""tmu.translate: one instruction and whole programs.  Expected texts are the worked examples of
tests/translate/cli_translate.sh (translation.md §4.1 rows, by hand): tex.level.a2d becomes
image_sample_l with the integer layer converted to float and DMASK 0xf, DA."""
import pytest

import tmu

A2D = "tex.level.a2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex0, {%r1, %f5, %f6, %f7}], %f8;"


def test_one_instruction():
    t = tmu.translate(A2D, "ptx", "gcn", to_gpu="gfx9")
    assert t["instructions"][0]["text"] == "image_sample_l v[0:3], v[8:11], s[0:7], s[8:11] dmask:0xf da"
    assert {"d": "v10", "op": "cvt.f32.u32", "a": "%r1", "role": "layer"}.items() <= \
        next(s for s in t["steps"] if s.get("role") == "layer").items()


def test_one_word_ir3():
    # 0xa1561f0000002809 is saml.a.o.s (tmu disasm --isa ir3 --gpu a630, cli_translate.sh)
    t = tmu.translate(0xa1561f0000002809, "ir3", "gcn", from_gpu="a630", to_gpu="gfx9", dim="2d_array")
    assert t["instructions"][0]["text"].startswith("image_sample_c_l_o ")


def test_refusal_raises_with_reason():
    with pytest.raises(tmu.UnsupportedError, match="PTX tex has no implicit"):
        tmu.translate("sam (f32)(xyzw)r0.x, r1.x, s#0, t#0", "ir3", "ptx", from_gpu="a630")


def test_bad_source_raises():
    with pytest.raises(tmu.Error):
        tmu.translate("tex.2d.v4.f32 {%f1}, [tex0", "ptx", "gcn", to_gpu="gfx9")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.translate(A2D, "ptx", "ptx")


def test_program():
    prog = "// a comment\n" + A2D + "\ntxq.filter_mode.b32 %r1, [tex0];\ntex.2d.v4.f32 {%f1}, [tex0\n"
    r = tmu.translate(prog, "ptx", "ir3", to_gpu="a630")
    assert [ln["verdict"] for ln in r["lines"]] == ["other", "translated", "refused", "error"]
    assert r["lines"][1]["translation"]["instructions"][0]["text"] == "saml.a (f32)(xyzw)r0.x, r1.x, r5.x, s#0, t#0"
    assert "sampler or format state" in r["lines"][2]["reason"]
    assert (r["texture"], r["translated"], r["refused"], r["errors"]) == (3, 1, 1, 1)


def test_gcn_binary_program():
    # image_sample_l v[0:3], v[4:7], s[0:7], s[8:11] dmask:0xf da = 0x00400004f0904f00
    code = (0x00400004f0904f00).to_bytes(8, "little") + (0x00400004f0904f00).to_bytes(8, "little")
    r = tmu.translate(code, "gcn", "ptx", from_gpu="gfx9", dim="2d_array")
    assert [ln["verdict"] for ln in r["lines"]] == ["translated", "translated"]
    assert r["lines"][0]["translation"]["instructions"][0]["text"].startswith("tex.level.a2d.v4.f32.f32 ")
    with pytest.raises(tmu.InvalidArgumentError, match="8 bytes each"):
        tmu.translate(code[:5], "gcn", "ptx", from_gpu="gfx9")
