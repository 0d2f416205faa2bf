#!/usr/bin/env python3
"""Checks the name tables of src/ptx/ptx_names.c against ptxas itself.

usage: ptx_names_check.py [--ptxas PATH] [--search] [NAMES_C]
(ptx_oracle.py is taken from $TMU_SHARED_TOOLS, default /work/shared/tools)

Every row is written into a kernel (ptx_oracle.py's wrapper, many statements per ptxas run,
each message placed by its line) and ptxas's messages are compared with what the row says:
  - an instruction name with known = 1: "NAME;" must not get "Not a name of any known
    instruction"; with known = 0: it must get exactly "Not a name ...: 'NAME'";
  - non-names (the words the fresh-oracle generator puts in the opcode's place, and the first
    words of compound names such as cp, wmma, tcgen05): "WORD.2d %r1;" must get
    "Not a name ...: 'WORD'";
  - a modifier word W: "foo.W %r1;" must not get "Unknown modifier"; "foo.v4.W.b32 %r1;" gets the
    warning "Vector Type not specified properly" exactly when the row is neither a type nor
    .v2/.v4; "foo.W.W %r1;" gets the row's repeated-modifier message (or none);
  - words the table leaves out (the ones tmu reports as unknown) must get "Unknown modifier".
--search also writes "NAME.W %r1;" for every name and every modifier word and reports each
name ptxas lexes that the table lacks (a message naming 'NAME.W' as an instruction).
Exit status 0 when every row agrees, 1 otherwise."""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.environ.get("TMU_SHARED_TOOLS", "/work/shared/tools"))
import ptx_oracle  # noqa: E402  (the shared wrapper: build_ptx, run_ptxas)

NON_NAMES = ["f32", "s32", "u32", "f16", "f16x2", "b32", "f64", "s16", "v2", "v4", "v8", "cube",
             "a2d", "level", "grad", "base", "r", "g", "b", "a", "clamp", "ftz", "foo", "TEX",
             "Tex", "texx", "tex2", "cp", "wmma", "wgmma", "tcgen05", "mbarrier", "multimem",
             "tensormap", "clusterlaunchcontrol", "suld", "sust", "sured", "mul24", "mad24",
             "madc", "shf", "createpolicy", "setmaxnreg", "sync", "width"]
UNKNOWN_WORDS = ["level", "grad", "base", "foo", "xyz", "v16", "x", "y", "z", "w", "l", "p",
                 "full", "wide", "red", "arrive", "generic", "to", "proxy", "expect_tx",
                 "complete_tx", "parity", "neg", "mul", "mad", "fma", "mov", "bulk", "reduce",
                 "tensor", "load", "store", "ws", "commit", "fence", "ordered_metadata",
                 "independent", "global::cta", "fence::before_thread_sync", "wait::ld", "foo::bar",
                 "shared::foo"]


def read_tables(path):
    text = open(path).read()
    names = re.findall(r'^\s*\{"([^"]+)", ([01])\},', text, re.M)
    mods = re.findall(r'^\s*\{"([^"]+)", ([A-Z0-9|]+), ([A-Z_]+|NULL|"[^"]*")\},', text, re.M)
    macros = dict(re.findall(r'^#define (M_[A-Z]+) "([^"]*)"', text, re.M))
    rows = []
    for w, flags, dup in mods:
        if dup == "NULL":
            dup = None
        elif dup.startswith('"'):
            dup = dup.strip('"')
        else:
            dup = macros[dup]
        rows.append((w, flags, dup))
    return [(n, int(k)) for n, k in names], rows


def run_lines(lines, ptxas, chunk=400):
    """ptxas's messages for each statement (list of message lists, one per line).  A fatal
    error ends ptxas's parse: the statements after it are run again.  ptxas stops reporting
    after many errors: a last statement "zzsentinel;" must get its message, else the chunk is
    run again in halves."""
    out = []
    k = 0
    while k < len(lines):
        part = lines[k:k + chunk] + ["zzsentinel;"]
        ptx, il = ptx_oracle.build_ptx("mov.u32 %u1, %u2;", "unified", "sm_100a", "9.0")
        decl = "  .reg .s32 %r<32>;\n  .reg .u32 %u<32>;"
        ptx = ptx.replace("  mov.u32 %u1, %u2;", "\n".join("  " + s for s in part))
        ptx = ptx.replace("  .reg .u32 %u<32>;", decl, 1)
        il += 1
        _, msgs = ptx_oracle.run_ptxas(ptx, il, "sm_100a", ptxas)
        per = [[] for _ in part]
        done = len(part)
        for m in msgs:
            g = re.match(r"(\w+)@L([+-]\d+)?: (.*)", m)
            if not g:
                continue
            i = int(g.group(2) or 0)
            if 0 <= i < len(part):
                per[i].append(g.group(1) + ": " + g.group(3))
                if g.group(1) == "fatal":
                    done = min(done, i + 1)
        if done == len(part) and not per[-1] and chunk > 1:
            chunk //= 2  # capped: fewer statements per run
            continue
        done = min(done, len(part) - 1)
        out += per[:done]
        k += done
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names_c", nargs="?", default=os.path.join(ROOT, "src/ptx/ptx_names.c"))
    ap.add_argument("--ptxas", default=ptx_oracle.PTXAS)
    ap.add_argument("--search", action="store_true")
    a = ap.parse_args()
    names, mods = read_tables(a.names_c)
    bad = 0
    if [n for n, _ in names] != sorted(n for n, _ in names) or [m[0] for m in mods] != sorted(m[0] for m in mods):
        print("tables not sorted"); bad += 1
    # instruction names
    res = run_lines([n + ";" for n, _ in names], a.ptxas)
    for (n, known), msgs in zip(names, res):
        nan = [m for m in msgs if "Not a name of any known instruction" in m]
        if known and nan:
            print("NAME %s: ptxas %s" % (n, nan)); bad += 1
        if not known and nan != ["error: Not a name of any known instruction: '%s'" % n]:
            print("LEXED-ONLY NAME %s: ptxas %s" % (n, msgs)); bad += 1
    res = run_lines([w + ".2d %r1;" for w in NON_NAMES], a.ptxas)
    for w, msgs in zip(NON_NAMES, res):
        if "error: Not a name of any known instruction: '%s'" % w not in msgs:
            print("NON-NAME %s: ptxas %s" % (w, msgs)); bad += 1
    # modifier words
    words = [m[0] for m in mods]
    r1 = run_lines(["foo.%s %%r1;" % w for w in words + UNKNOWN_WORDS], a.ptxas)
    r2 = run_lines(["foo.v4.%s.b32 %%r1;" % w for w in words], a.ptxas)
    r3 = run_lines(["foo.%s.%s %%r1;" % (w, w) for w in words], a.ptxas)
    for i, (w, flags, dup) in enumerate(mods):
        if any("Unknown modifier" in m for m in r1[i]):
            print("MODIFIER %s: ptxas %s" % (w, r1[i])); bad += 1
        warned = any("Vector Type not specified properly" in m for m in r2[i])
        if warned != (flags == "0"):
            print("MODIFIER %s after .v4: ptxas %s" % (w, r2[i])); bad += 1
        rep = [m[7:] for m in r3[i] if m.startswith("error: ") and "Not a name" not in m]
        if rep != ([dup] if dup else []):
            print("MODIFIER %s repeated: ptxas %s, table %s" % (w, rep, dup)); bad += 1
    for j, w in enumerate(UNKNOWN_WORDS):
        if "error: Unknown modifier '.%s'" % w not in r1[len(words) + j]:
            print("UNKNOWN WORD %s: ptxas %s" % (w, r1[len(words) + j])); bad += 1
    print("%d instruction names (%d lexed only), %d non-names, %d modifier words, %d unknown words: %d disagree"
          % (len(names), sum(1 for _, k in names if not k), len(NON_NAMES), len(mods), len(UNKNOWN_WORDS), bad))
    if a.search:
        table = {n for n, _ in names}
        lines = ["%s.%s %%r1;" % (n, w) for n, _ in names for w in words]
        res = run_lines(lines, a.ptxas)
        found = set()
        for line, msgs in zip(lines, res):
            cand = line.split()[0]
            for m in msgs:
                g = re.search(r"(?:instruction|for) '([^']+)'", m)
                if g and g.group(1) == cand and cand not in table:
                    found.add((cand, m))
        for c, m in sorted(found):
            print("SEARCH %s: %s" % (c, m))
        print("search: %d statements, %d names ptxas lexes that the table lacks" % (len(lines), len(found)))
        bad += len(found)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
