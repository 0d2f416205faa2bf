#!/usr/bin/env python3
"""run tmu ptx check -e on batch cases grouped by (mode,target,version), compare with ptx_oracle.py --batch.
usage: cmp_ptx.py [--all] [--old TMU0] TMU CASES ORACLE_TSV [SHOW [v]]
  SHOW: how many differences to print; v: verdicts only.
  Without --all, cases whose first token is not tex/tld4/txq are counted as out of scope.
  --old TMU0: also run an older tmu on the same cases and count the cases that agreed (verdict,
  or verdict and messages) with it and do not with TMU (regressions)."""
import subprocess, sys, collections
ALL = "--all" in sys.argv
if ALL: sys.argv.remove("--all")
OLD = None
if "--old" in sys.argv:
    i = sys.argv.index("--old"); OLD = sys.argv[i + 1]; del sys.argv[i:i + 2]
tmu, cf, of = sys.argv[1:4]
LIMIT = int(sys.argv[4]) if len(sys.argv) > 4 else 40
ONLYV = len(sys.argv) > 5
cases = []
for l in open(cf):
    l = l.rstrip("\n")
    opts, ins = l.split(" :: ", 1)
    o = dict(kv.split("=") for kv in opts.split())
    cases.append((o["mode"], o["target"], o["version"], ins))
orc = [l.rstrip("\n").split("\t") for l in open(of)][1:]
assert len(orc) == len(cases), (len(orc), len(cases))
groups = collections.defaultdict(list)
for i, c in enumerate(cases):
    groups[c[:3]].append(i)
def run_tmu(tmu):
  ours = [None] * len(cases)
  for (mode, tgt, ver), idx in groups.items():
      for k in range(0, len(idx), 200):
          part = idx[k:k + 200]
          cmd = [tmu, "ptx", "check", "--target", tgt, "--ptx-version", ver]
          if mode == "independent": cmd.append("--independent")
          for i in part: cmd += ["-e", cases[i][3]]
          p = subprocess.run(cmd, capture_output=True, text=True)
          res = []
          for line in p.stdout.splitlines():
              if line in ("ACCEPTED", "REJECTED"): res.append([line, []])
              elif line.startswith("  ") and res: res[-1][1].append(line.strip())
              else: res.append(["?" + line, []])
          if len(res) != len(part):
              print("COUNT MISMATCH group", mode, tgt, ver, len(res), len(part), p.stderr[:500]); 
              res = (res + [["<none>", []]] * len(part))[:len(part)]
          for i, r in zip(part, res): ours[i] = r
  return ours
ours = run_tmu(tmu)
olds = run_tmu(OLD) if OLD else None
vd = md = ag = 0; shown = 0
acc = rej = skipped = 0
regv = regm = oldv = oldm = 0
import re
for i, (c, o) in enumerate(zip(cases, orc)):
    ov, omsg = o[0], [m for m in (o[5].split(" | ") if len(o) > 5 and o[5] else [])]
    tv, tmsg = ours[i]
    if not ALL and not re.match(r"(tex|tld4|txq)(\.|\s)", c[3]):
        skipped += 1; continue
    if olds:
        ov0, om0 = olds[i]
        if ov0 == ov and tv != ov: regv += 1
        if ov0 == ov and om0 == omsg and (tv != ov or tmsg != omsg): regm += 1
        oldv += ov0 == ov; oldm += ov0 == ov and om0 == omsg
    if ov == "ACCEPTED": acc += 1
    else: rej += 1
    if tv != ov:
        vd += 1
        if shown < LIMIT: shown += 1; print("VERDICT %s %s %s :: %s\n  ptxas: %s %s\n  tmu:   %s %s" % (c[0], c[1], c[2], c[3], ov, omsg, tv, tmsg))
    elif tmsg != omsg:
        md += 1
        if not ONLYV and shown < LIMIT: shown += 1; print("MSG %s %s %s :: %s\n  ptxas: %s\n  tmu:   %s" % (c[0], c[1], c[2], c[3], omsg, tmsg))
    else: ag += 1
print("skipped (first token not tex/tld4/txq, out of tmu's scope): %d" % skipped)
print("%s: %d cases (%d accepted, %d rejected by ptxas): %d agree fully, %d verdict diffs, %d message-only diffs" % (cf, len(cases), acc, rej, ag, vd, md))
if olds:
    n = len(cases) - skipped
    print("old tmu: %d/%d verdicts, %d/%d message lists agree; new tmu: %d/%d verdicts, %d/%d message lists; "
          "regressions: %d verdicts, %d message lists" % (oldv, n, oldm, n, n - vd, n, ag, n, regv, regm))
