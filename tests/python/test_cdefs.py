"""The binding's C declarations cannot drift from include/tmu/*.h: every struct size and field
offset, enumerator and TMU_ constant the extension knows is compared with what the C compiler
says about the headers (a small C program written and compiled here), and every function the
headers declare must be callable from Python."""
import os
import re
import subprocess

import pytest

import tmu
from conftest import SOURCE

ffi, lib = tmu.ffi, tmu.lib
INCLUDE = os.environ.get("TMU_INCLUDE_DIR") or os.path.join(SOURCE, "include")


def _headers():
    d = os.path.join(INCLUDE, "tmu")
    out = {}
    for name in sorted(os.listdir(d)):
        if name.endswith(".h"):
            with open(os.path.join(d, name), encoding="utf-8") as f:
                out[name] = f.read()
    return out


def _strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def _fields(ctype, prefix=""):
    """(designator, offset, size) of every field of a struct/union cdata type, nested ones too."""
    out = []
    for name, f in ctype.fields or ():
        if not name:
            continue
        d = prefix + name
        out.append((d, f.offset, ffi.sizeof(f.type)))
        t = f.type
        idx = ""
        while t.kind == "array":
            idx += "[0]"
            t = t.item
        if t.kind in ("struct", "union") and t.fields:
            base = f.offset
            for sub, off, size in _fields(t, d + idx + "."):
                out.append((sub, base + off, size))
    return out


def _struct_types():
    typedefs, structs, unions = ffi.list_types()
    names = []
    for t in typedefs:
        ct = ffi.typeof(t)
        if ct.kind in ("struct", "union") and t.startswith("tmu_") and ct.fields is not None:  # not opaque
            names.append(t)
    return sorted(set(names))


def _compile_and_run(tmp_path, body):
    src = tmp_path / "layout.c"
    src.write_text('#include <stddef.h>\n#include <stdio.h>\n#include "tmu/tmu.h"\nint main(void)\n{\n'
                   + body + "    return 0;\n}\n")
    exe = tmp_path / "layout"
    cc = os.environ.get("TMU_CC") or os.environ.get("CC") or "cc"
    subprocess.run([cc, "-std=c11", "-I", INCLUDE, str(src), "-o", str(exe)], check=True)
    return subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.splitlines()


def test_struct_layouts_match_the_compiler(tmp_path):
    types = _struct_types()
    assert {"tmu_texture", "tmu_sampler", "tmu_op", "tmu_wave_in", "tmu_wave_out", "tmu_diag",
            "tmu_lp_plan", "tmu_gcn_mimg", "tmu_ir3_instr", "tmu_ptx_instr"} <= set(types)
    lines, want = [], []
    for t in types:
        lines.append('    printf("%%zu\\n", sizeof(%s));' % t)
        want.append(ffi.sizeof(t))
        for d, off, size in _fields(ffi.typeof(t)):
            lines.append('    printf("%%zu %%zu\\n", offsetof(%s, %s), sizeof(((%s *)0)->%s));' % (t, d, t, d))
            want.append("%d %d" % (off, size))
    got = _compile_and_run(tmp_path, "\n".join(lines) + "\n")
    assert len(got) == len(want) >= 400
    assert got == [str(w) for w in want]


def test_enumerators_and_constants_match_the_compiler(tmp_path):
    names = set()
    typedefs, _, _ = ffi.list_types()
    for t in typedefs:
        ct = ffi.typeof(t)
        if ct.kind == "enum":
            names.update(n for n in ct.relements if n.startswith("TMU_"))
    defines = set()
    for text in _headers().values():
        for m in re.finditer(r"^\s*#\s*define\s+(TMU_[A-Z0-9_]+)[ \t]+[^\s/\"]", text, re.M):
            defines.add(m.group(1))
    assert {"TMU_MAX_LANES", "TMU_MAX_LEVELS", "TMU_FORMAT_NO_CODE", "TMU_LP_MAX_LOADS"} <= defines
    allnames = sorted(names | defines)
    assert len(allnames) >= 400
    body = "".join('    printf("%%lld\\n", (long long)(%s));\n' % n for n in allnames)
    got = _compile_and_run(tmp_path, body)
    assert got == [str(int(getattr(lib, n))) for n in allnames]


def test_every_header_function_is_bound():
    declared = set()
    for name, text in _headers().items():
        for m in re.finditer(r"\b(tmu_[a-z0-9_]+)\s*\(", _strip_comments(text)):
            declared.add(m.group(1))
    assert len(declared) >= 100
    missing = sorted(n for n in declared if not hasattr(lib, n))
    assert missing == []


def test_the_extension_checks_layouts_itself():
    # API mode: a struct cffi would lay out differently raises ffi.error on first use; touching
    # every type once must therefore succeed
    for t in _struct_types():
        assert ffi.sizeof(t) > 0
    with pytest.raises(AttributeError):
        lib.tmu_no_such_function
