"""tmu.plan_load against the worked examples of ACO's emit_load (Mesa 23.x, the project's
load-planning reference, section 5) and a byte-level simulation of the returned dicts written
here: for every address the alignment facts allow, each destination byte must come from the
right memory byte."""
import itertools
import os

import numpy as np
import pytest

import tmu
from conftest import cli_env


def ops(plan):
    return [(ld["op"], ld["const_offset"]) for ld in plan["loads"]]


def test_worked_examples_aco_mode():
    p = tmu.plan_load(cls="lds", gpu="gfx10", mode="aco", num_components=4, component_size=4, align_mul=16)
    assert ops(p) == [("ds_read_b128", 0)] and p["fixups"] == []                            # E1
    p = tmu.plan_load(cls="lds", gpu="gfx9", mode="aco", num_components=4, component_size=4, align_mul=8,
                      const_offset=8)
    assert [(ld["op"], ld["offset0"], ld["offset1"], ld["unit"]) for ld in p["loads"]] == \
        [("ds_read2_b64", 1, 2, 8)]                                                             # E2
    p = tmu.plan_load(cls="lds", gpu="gfx9", mode="aco", num_components=3, component_size=4, align_mul=4)
    assert ops(p) == [("ds_read2_b32", 0), ("ds_read_b32", 8)]                               # E3
    p = tmu.plan_load(cls="lds", gpu="gfx9", mode="aco", num_components=3, component_size=4, align_mul=16)
    assert ops(p) == [("ds_read_b96", 0)]                                                    # E3b
    p = tmu.plan_load(cls="lds", gpu="gfx6", mode="aco", num_components=4, component_size=4, align_mul=4)
    assert ops(p) == [("ds_read_b32", 0), ("ds_read_b32", 4), ("ds_read_b32", 8), ("ds_read_b32", 12)]  # E7
    p = tmu.plan_load(cls="mubuf", gpu="gfx9", mode="aco", num_components=4, component_size=4, align_mul=4,
                      const_offset=5000)
    assert [(f["op"], f["operand"]) for f in p["fixups"]] == [("add", 4096)]
    assert ops(p) == [("buffer_load_dwordx4", 904)] and p["loads"][0]["addr"] == 1           # E12
    p = tmu.plan_load(cls="global", gpu="gfx9", mode="aco", offset_kind="vgpr64", num_components=3,
                      component_size=4, align_mul=4)
    assert ops(p) == [("global_load_dwordx3", 0)]                                            # E15
    p = tmu.plan_load(cls="scratch_flat", gpu="gfx10", mode="aco", num_components=4, component_size=4,
                      align_mul=16, const_offset=3000)
    assert [f["operand"] for f in p["fixups"]] == [2048] and ops(p) == [("scratch_load_dwordx4", 952)]  # E19
    p = tmu.plan_load(cls="mubuf", gpu="gfx6", mode="aco", num_components=3, component_size=4, align_mul=4)
    assert ops(p) == [("buffer_load_dwordx4", 0)] and p["total_bytes"] == 12                 # E20


def test_plan_dict_shape():
    p = tmu.plan_load(cls="lds", gpu="gfx10", num_components=4, component_size=4, align_mul=16)
    assert (p["class"], p["gpu"], p["mode"]) == ("lds", "gfx10", "exact")
    assert p["total_bytes"] == 16 and p["bytes_read"] == 16 and p["result_regs"] == "vgpr"
    assert p["recombine"] == [[{"load": 0, "byte": 4 * c, "bytes": 4}] for c in range(4)]
    assert "ds_read_b128" in p["text"] and p["text"].count("\n") >= 5
    assert tmu.plan_load(cls="smem", gpu="gfx9", offset_kind="sgpr", num_components=2)["result_regs"] == "sgpr"


def simulate(plan, req, E):
    """Returns the memory address each destination byte receives (memory byte at a holds a)."""
    kind = req.get("offset_kind", "vgpr")
    c = req.get("const_offset", 0)
    dyn = req["offset_value"] if kind == "const" else 0 if kind == "none" else (E - c) & 0xFFFFFFFF
    val = [dyn]
    for f in plan["fixups"]:
        v = val[f["src"]]
        val.append((v + f["operand"]) & 0xFFFFFFFF if f["op"] == "add" else v & f["operand"])
    shifted = []
    shifts = {sh["load"]: sh for sh in plan["shifts"]}
    for i, ld in enumerate(plan["loads"]):
        if "unit" in ld:
            u = ld["unit"]
            a0, a1 = val[ld["addr"]] + ld["offset0"] * u, val[ld["addr"]] + ld["offset1"] * u
            assert a0 % u == 0 and a1 % u == 0
            reg = [a0 + b for b in range(u)] + [a1 + b for b in range(u)]
        else:
            a = val[ld["addr"]] + ld["const_offset"]
            assert a % ld["align"] == 0, (E, ld)
            reg = [a + b for b in range(ld["bytes"])]
        s = shifts.get(i)
        sh = 0 if s is None else s["bytes"] if s["kind"] == "const" else val[s["src"]] & 3
        assert sh + ld["useful"] <= ld["bytes"]
        shifted.append(reg[sh:])
    comps = []
    for pieces in plan["recombine"]:
        got = []
        for pc in pieces:
            got += shifted[pc["load"]][pc["byte"]:pc["byte"] + pc["bytes"]]
        comps.append(got)
    return comps


def test_exact_plans_deliver_every_byte(rng):
    classes = ["lds", "smem", "mubuf", "scratch_flat", "global"]
    accepted = refused = 0
    for _ in range(600):
        size = int(rng.choice([1, 2, 4, 8]))
        n = int(rng.integers(1, 9 if size < 8 else 5))
        mul = int(rng.choice([1, 2, 4, 8, 16, 32]))
        req = {"num_components": n, "component_size": size, "align_mul": mul,
               "align_offset": int(rng.integers(0, mul)), "const_offset": int(rng.integers(0, 6000))}
        cls = str(rng.choice(classes))
        gpu = "gfx%d" % rng.integers(6, 13)
        if cls == "global":
            req["offset_kind"] = "vgpr64"
        elif cls == "smem":
            req["offset_kind"] = "sgpr"
        try:
            plan = tmu.plan_load(cls=cls, gpu=gpu, **req)
        except (tmu.InvalidArgumentError, tmu.UnsupportedError):
            refused += 1
            continue
        accepted += 1
        assert plan["total_bytes"] == n * size and len(plan["recombine"]) == n
        assert plan["bytes_read"] == sum(ld["bytes"] for ld in plan["loads"])
        base = 0x10000
        for E in [e for e in range(base, base + 64) if e % mul == req["align_offset"]][:8]:
            comps = simulate(plan, req, E)
            for c, got in enumerate(comps):
                assert got == [E + c * size + k for k in range(size)], (cls, gpu, req, E, c)
    assert accepted >= 450, (accepted, refused)


def test_request_errors():
    with pytest.raises(tmu.InvalidArgumentError, match="unknown request field"):
        tmu.plan_load(gpu="gfx9", components=3)
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.plan_load(gpu="gfx9", cls="texture")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.plan_load(gpu="gfx5")
    with pytest.raises(tmu.InvalidArgumentError):
        tmu.plan_load(gpu="gfx9", num_components=-1)
    with pytest.raises(tmu.Error) as e:
        tmu.plan_load(gpu="gfx9", num_components=17)
    assert e.value.status in (tmu.lib.TMU_ERR_INVALID_ARGUMENT, tmu.lib.TMU_ERR_UNSUPPORTED)
    assert e.value.message
    with pytest.raises(tmu.Error):
        tmu.plan_load(cls="scratch_mubuf", gpu="gfx10")
    # issue 29 item 19: no silent default GPU
    with pytest.raises(tmu.InvalidArgumentError, match="no GPU given"):
        tmu.plan_load(cls="mubuf", num_components=1)
    assert tmu.loadplan.names("gpu") == ["gfx%d" % g for g in range(6, 13)]
    assert tmu.loadplan.names("mode") == ["exact", "aco"]
    assert "vgpr64" in tmu.loadplan.names("offset_kind")
    assert list(itertools.islice(tmu.loadplan.names("class"), 8))[-1] == "global"
    assert np.all([isinstance(x, str) for x in tmu.loadplan.names("class")])


def test_one_vocabulary_with_the_cli_json():
    """Issue 29 item 19: plan_load() gives the keys and values of `tmu plan-load --json`."""
    import json
    import subprocess
    cli = os.environ.get("TMU_CLI")
    if not cli:
        pytest.skip("TMU_CLI (the tmu binary) not set; ctest sets it")
    for args, req in [(["--class", "mubuf", "--gpu", "gfx9", "--components", "3", "--component-size", "2",
                        "--align-mul", "4", "--align-offset", "2", "--const-offset", "4100"],
                       dict(cls="mubuf", gpu="gfx9", num_components=3, component_size=2, align_mul=4,
                            align_offset=2, const_offset=4100)),
                      (["--class", "lds", "--gpu", "gfx9", "--components", "4", "--component-size", "4",
                        "--align-mul", "8", "--const-offset", "8", "--aco"],
                       dict(cls="lds", gpu="gfx9", mode="aco", num_components=4, component_size=4, align_mul=8,
                            const_offset=8))]:
        out = subprocess.run([cli, "plan-load"] + args + ["--json"], capture_output=True, text=True, check=True,
                             env=cli_env())
        plan = tmu.plan_load(**req)
        assert plan.pop("text")
        assert plan == json.loads(out.stdout)
