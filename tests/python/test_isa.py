"""tmu.disasm / tmu.asm / tmu.isa.decode against the reference tools' vectors in tests/data:
llvm-mc 14 for GCN MIMG (gcn-llvm-mc.tsv) and Mesa's ir3 disassembler (ir3-cat5-mesa.tsv)."""
import os

import numpy as np
import pytest

import tmu
from conftest import read_tsv

# bits GCN gfx6-9 ignore (1-7 and 58-62): decode keeps them, text cannot carry them
GCN_IGNORED = 0xFE | (0x1F << 58)


@pytest.fixture
def gcn_rows(data_dir):
    return read_tsv(os.path.join(data_dir, "gcn-llvm-mc.tsv"))


@pytest.fixture
def ir3_rows(data_dir):
    return read_tsv(os.path.join(data_dir, "ir3-cat5-mesa.tsv"))


def test_gcn_llvm_mc_vectors(gcn_rows):
    valid = invalid = 0
    for gen, word, expected in gcn_rows:
        w = int(word, 16)
        if expected == "INVALID":
            with pytest.raises(tmu.DecodeError) as e:
                tmu.disasm("gcn", w, gpu=gen)
            assert e.value.status == tmu.lib.TMU_ERR_DECODE and e.value.message
            text = tmu.disasm("gcn", w, gpu=gen, strict=False)[0]
            assert text.startswith("invalid: ")
            invalid += 1
            continue
        assert tmu.disasm("gcn", w, gpu=gen) == [expected], (gen, word)
        # llvm-mc re-assembles its own text to the same word (ignored bits cleared)
        assert tmu.asm("gcn", expected, gpu=gen) == (w & ~GCN_IGNORED).to_bytes(8, "little"), (gen, word)
        valid += 1
    assert valid + invalid == 2998 and valid == 623 + 610 + 615 + 605


def test_gcn_bytes_and_many_words(gcn_rows):
    rows = [r for r in gcn_rows if r[0] == "gfx9" and r[2] != "INVALID"]
    ws = [int(r[1], 16) for r in rows]
    blob = np.array(ws, dtype="<u8").tobytes()
    assert tmu.disasm("gcn", blob, gpu="gfx9") == [r[2] for r in rows]
    assert tmu.disasm("gcn", np.array(ws, dtype=np.uint64), gpu="vega") == [r[2] for r in rows]
    assert tmu.asm("gcn", "\n".join(r[2] for r in rows), gpu="gfx9") == \
        np.array([w & ~GCN_IGNORED for w in ws], dtype="<u8").tobytes()


def test_gcn_hand_worked():
    # README examples: the bits are the ISA manual's (OPCODE 18-24, VADDR 32-39, SRSRC 48-52 = SGPR/4)
    w = 0x00820004F0800F00
    assert tmu.disasm("gcn", w, gpu="gfx9") == ["image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf"]
    f = tmu.isa.decode("gcn", w, gpu="gfx9")
    assert (f["op"], f["DMASK"], f["OPCODE"], f["VADDR"], f["VDATA"], f["SRSRC"], f["SSAMP"]) == \
        ("image_sample", 0xF, (w >> 18) & 0x7F, 4, 0, 2, 4)
    assert tmu.asm("gcn", "image_load v[0:3], v4, s[8:15] dmask:0xf unorm", gpu="gfx6") == \
        bytes.fromhex("001f00f004000200")
    # CLRX syntax prints dmask in decimal
    clrx = tmu.disasm("gcn", w, gpu="gfx9", syntax="clrx")[0]
    assert clrx.startswith("image_sample") and "dmask:15" in clrx
    assert tmu.asm("gcn", clrx, gpu="gfx9", syntax="clrx") == w.to_bytes(8, "little")


def test_gcn_errors():
    with pytest.raises(tmu.DecodeError) as e:
        tmu.disasm("gcn", [0x00820004F0800F00, 0], gpu="gfx9")
    assert "word 1" in e.value.where
    with pytest.raises(tmu.NotFoundError):
        tmu.disasm("gcn", 0, gpu="gfx99")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.disasm("gcn", b"\x00" * 7, gpu="gfx9")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.disasm("gcn", [-1], gpu="gfx9")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.disasm("x86", 0)
    with pytest.raises(tmu.Error) as e:
        tmu.asm("gcn", "\n\n; comment\nimage_sample v[0:3], v4, s[8:15] dmask:0xf", gpu="gfx9")
    assert e.value.line == 4 and e.value.column > 0
    assert tmu.asm("gcn", "// nothing\n# here\n", gpu="gfx9") == b""


def test_ir3_mesa_vectors(ir3_rows):
    assert len(ir3_rows) == 49
    for gpu, hexword, expected in ir3_rows:
        hi, lo = hexword.split("_")
        w = int(hi, 16) << 32 | int(lo, 16)
        got = tmu.disasm("ir3", w, gpu=int(gpu))[0]
        assert got == expected, (gpu, hexword)
        assert tmu.asm("ir3", expected, gpu=int(gpu)) == w.to_bytes(8, "little"), (gpu, hexword)
        # memory order: the low dword first
        assert tmu.disasm("ir3", int(lo, 16).to_bytes(4, "little") + int(hi, 16).to_bytes(4, "little"),
                          gpu=int(gpu)) == [expected]


def test_ir3_hand_worked():
    w = 0xA0C89F04C4600005
    assert tmu.disasm("ir3", w, gpu="a6xx") == ["sam.base1 (f32)(xyzw)r1.x, r0.z, s#3, t#2"]
    f = tmu.isa.decode("ir3", w, gpu="a630")
    assert f["op"] == "sam" and f["opc"] == (w >> 54) & 0x1F and f["wrmask"] == 0xF and f["dst"] == 4
    assert tmu.asm("ir3", "isam.v.base0 (u32)(xyzw)r1.z, r0.y+8, s#0, t#1", gpu="a7xx") == \
        (0xA02C3F06C2041003).to_bytes(8, "little")


def test_ir3_raw_and_errors():
    with pytest.raises(tmu.DecodeError):
        tmu.disasm("ir3", 0, gpu="a6xx")
    raw = tmu.disasm("ir3", 0, gpu="a6xx", strict=False)[0]
    assert raw.startswith("raw 0x")
    with pytest.raises(tmu.NotFoundError):
        tmu.disasm("ir3", 0, gpu="a9xx")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.disasm("ir3", 0, gpu=200)
    with pytest.raises(tmu.ParseError) as e:
        tmu.asm("ir3", "sam (f32)(xyzw)r1.x, r0.z, s#3, t#2\nsam (f32", gpu="a6xx")
    assert e.value.line == 2 and e.value.column >= 1
