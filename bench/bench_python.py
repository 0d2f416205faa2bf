"""Sampling 1 M coordinates from Python (tmu.sample / tmu.gather on NumPy arrays) against the
same work done from C (bench_python_peer: the same texture memory, the same coordinates, waves of
128 lanes through tmu_unit_execute into four result arrays), measured in the same run.

Both sides report the best of ROUNDS x REPS runs in thread CPU seconds (the rounds alternate the
sides, so load from other processes hits both alike); the Python time covers the whole
call (argument checks, output allocation, the wave loop of the extension's C helper).  Python
takes the coordinates as one (N, 2) float32 array, the NumPy-natural layout, which the helper
de-interleaves per wave; the C peer reads separate s and t arrays, the unit's own layout.  A
checksum of all result words must agree, so both did the same work.

    bench/run python           (or: bench/python.sh after bench/run has built build-bench)
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import tmu

# name, op, format, size, filter, mip filter, LOD per lane ("zero": explicit 0; "file": [0, 4))
CASES = [
    ("bilinear_rgba8", "sample", "r8g8b8a8_unorm", 1024, "linear", "none", "zero"),
    ("nearest_rgba8", "sample", "r8g8b8a8_unorm", 1024, "nearest", "none", "zero"),
    ("gather_rgba8", "gather", "r8g8b8a8_unorm", 1024, "linear", "none", "zero"),
    ("trilinear_rgba8", "sample", "r8g8b8a8_unorm", 1024, "linear", "linear", "file"),
    ("bilinear_rgba32f_512", "sample", "r32g32b32a32_float", 512, "linear", "none", "zero"),
]


def checksum(words):
    """sum over (component-major) words w_k of w_k * (k + 1), mod 2^64 (the peer computes the same)."""
    w = np.ascontiguousarray(words, dtype=np.uint32).reshape(-1).astype(np.uint64)
    return int(np.sum(w * np.arange(1, w.size + 1, dtype=np.uint64), dtype=np.uint64))


def run_case(case, n, reps, rounds, peer, tmp, rng):
    name, kind, fmt, size, filt, mip, lodmode = case
    levels = size.bit_length()
    if fmt == "r32g32b32a32_float":
        level0 = rng.random((size, size, 4), dtype=np.float32)
    else:
        level0 = rng.integers(0, 256, size=(size, size, 4), dtype=np.uint8)
    tex = tmu.Texture(level0, fmt, levels=levels)
    tex.memory[:] = rng.integers(0, 256, size=tex.memory.size, dtype=np.uint8) if fmt != "r32g32b32a32_float" \
        else rng.random(tex.memory.size // 4, dtype=np.float32).view(np.uint8)
    coords = rng.random((n, 2), dtype=np.float32)
    lod = (4 * rng.random(n, dtype=np.float32)) if lodmode == "file" else np.float32(0)
    tex.memory.tofile(os.path.join(tmp, "texture.bin"))
    np.ascontiguousarray(coords[:, 0]).tofile(os.path.join(tmp, "s.bin"))
    np.ascontiguousarray(coords[:, 1]).tofile(os.path.join(tmp, "t.bin"))
    if lodmode == "file":
        lod.tofile(os.path.join(tmp, "lod.bin"))
    smp = tmu.Sampler(mag_filter=filt, min_filter=filt, mip_filter=mip)

    def call():
        if kind == "gather":
            return tmu.gather(tex, coords, smp)
        return tmu.sample(tex, coords, smp, lod=lod)

    call()  # warm up (first-touch of the texture, imports)
    # alternate the two sides, so that load from other processes on the machine hits both alike
    py_best = c_best = float("inf")
    same = True
    for _ in range(rounds):
        for _ in range(reps):
            t0 = time.thread_time()
            r = call()
            py_best = min(py_best, time.thread_time() - t0)
        mine = checksum(np.moveaxis(r, -1, 0).view(np.uint32))
        out = subprocess.run([peer, tmp, kind, fmt, str(size), str(levels), filt, mip, lodmode, str(n), str(reps)],
                             check=True, capture_output=True, text=True).stdout.split()
        c_best = min(c_best, float(out[0]))
        same = same and mine == int(out[1], 16)
    return name, c_best, py_best, same


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--peer", required=True, help="the bench_python_peer executable")
    ap.add_argument("-n", type=int, default=1 << 20, help="coordinates per call (default 1 M = 2^20)")
    ap.add_argument("--reps", type=int, default=3, help="runs per side and round (default 3)")
    ap.add_argument("--rounds", type=int, default=10, help="rounds, alternating the sides (default 10)")
    ap.add_argument("cases", nargs="*", help="case names (default: all)")
    args = ap.parse_args()
    cases = [c for c in CASES if not args.cases or c[0] in args.cases]
    rng = np.random.default_rng(12345)
    print("%-22s %10s %12s %8s  %s" % ("case", "C ms", "Python ms", "ratio", "same results"))
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            name, c_time, py_time, same = run_case(case, args.n, args.reps, args.rounds, args.peer, tmp, rng)
            ratio = py_time / c_time
            worst = max(worst, ratio)
            print("%-22s %10.2f %12.2f %7.3fx  %s" % (name, c_time * 1e3, py_time * 1e3, ratio,
                                                       "yes" if same else "NO"))
            if not same:
                print("bench_python: results differ from the C peer's", file=sys.stderr)
                return 1
    print("%d coordinates per call; best of %d x %d runs per side, thread CPU time; SIMD: %s; worst ratio %.3fx "
          "(target <= 1.2x)" % (args.n, args.rounds, args.reps, tmu.ffi.string(tmu.lib.tmu_unit_simd_name()).decode(),
                                worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
