#!/usr/bin/env python3
"""Record ptxas's verdicts on how PTX modules start (.version N.M, then .target).

Usage: gen_module_start.py [COUNT] [SEED] > tests/data/ptx-module-start.tsv

ptxas 13 must be installed.  Each output line is TEXT<TAB>VERDICT<TAB>LINE<TAB>MESSAGE: the
module text with backslash escapes (\\n, \\t, \\\\), ACCEPTED or REJECTED, and for a
rejection the line and message of ptxas's first diagnostic (its file name left out).
Cases: hand-written ones, then COUNT (default 300) random modules put together from
fragments: comments, blank lines, .version with and without a minor number or on the next
line, .target lists, .address_size, a kernel, in random order and number, 40 % of them
after a valid start.  test_ptx_parse
requires tmu_ptx_module_parse + tmu_ptx_module_check to reach the same verdict, line and
message on every line of the file.
"""
import os
import random
import re
import subprocess
import sys
import tempfile

HAND = [
    "", "\n\n\n", "// c\n\n.target sm_90\n", ".target sm_90\n.address_size 64\n",
    "// c\n.target sm_90\n.version 8.0\n", "\n\n.target sm_90\n\n.version 8.0\n", ".entry k()\n{\nret;\n}\n",
    "\n.target sm_90 .version 8.0\n", ".version 8.0\n.version 8.0\n.target sm_90\n", ".version\n",
    ".version 8.0 .target sm_90\n", ".version 8.0\n.address_size 64\n.target sm_90\n",
    ".version 8.0\n.visible .entry k()\n{\nret;\n}\n", ".version 8.0\n\n\n",
    ".address_size 64\n.version 8.0\n.target sm_90\n", "   \n.version 8.0\n  .target sm_90\n",
    ".version 8.0\n/* a\nb */ .address_size 64\n", "/* x */ .version 8.0\n.target sm_90\n",
    ".target sm_90, texmode_independent\n\n.version 8.0\n", ".version abc\n.target sm_90\n",
    ".version 8\n.target sm_90\n", ".target sm_90\n", "foo\n", "\n.version\n8.0\n.target sm_90\n",
    ".version 8.0\nfoo\n", ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\nret;\n}\n",
]

FRAGS = ["// note\n", "\n", "/* block\n comment */ ", "   ", ".version 8.0\n", ".version 8.0 ", ".version 8\n",
         ".version\n8.0\n", ".version 7.8\n", ".target sm_90\n", ".target sm_90, texmode_independent\n",
         ".target sm_80 ", ".address_size 64\n", ".visible .entry k()\n{\nret;\n}\n", "\t.target sm_90\n"]


def ptxas(text):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "m.ptx")
        with open(path, "w") as f:
            f.write(text)
        r = subprocess.run(["ptxas", "-arch=sm_90", path, "-o", os.devnull], capture_output=True, text=True)
        if r.returncode == 0:
            return "ACCEPTED", "", ""
        m = re.search(r"line (\d+); \w+\s*: (.*)", r.stderr)
        if not m:
            raise SystemExit("unexpected ptxas output: " + r.stderr)
        return "REJECTED", m.group(1), m.group(2).replace(" '" + path + "'", "")


def escape(t):
    return t.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    r = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 5150)
    cases = list(HAND)
    while len(cases) < len(HAND) + count:
        t = "".join(r.choice(FRAGS) for _ in range(r.randint(0, 5)))
        if r.random() < 0.4:  # a valid start, then fragments
            t = r.choice(["", "// c\n", "\n"]) + ".version 8.0\n.target sm_90\n" + t
        if t not in cases:
            cases.append(t)
    print("# ptxas 13 verdicts on module starts (tests/ptx/gen_module_start.py): text, verdict, line, message")
    for t in cases:
        v, line, msg = ptxas(t)
        print("\t".join([escape(t), v, line, msg]))


if __name__ == "__main__":
    main()
