"""cffi builder of the tmu extension module ``tmu._tmu_cffi`` (API mode).

The declarations given to cffi are generated here, at build time, from the C headers:
``include/tmu/tmu.h`` is run through the C preprocessor (with empty stand-ins for the
system headers), and every object-like ``#define TMU_...`` constant becomes a cffi
``#define NAME ...`` whose value the C compiler supplies.  cffi's API mode then compiles a
real C extension against the same headers and checks every struct layout it uses, so the
binding cannot drift from the library: a new header or field appears in Python on the
next build.  The helpers of ``_helpers.c`` (wave loops, many-texel codecs) are compiled in.

Where libtmu is found (first that applies):
  1. ``TMU_INCLUDE_DIR`` and ``TMU_LIBRARY`` (a ``libtmu.a`` or ``libtmu.so``) in the
     environment -- what ctest's install fixture passes;
  2. the source tree this package sits in: ``../include`` and ``../build/libtmu.a``;
  3. an installed tmu found by ``pkg-config tmu``.
A static ``libtmu.a`` is linked into the extension (nothing to find at run time); a shared
library is linked with its directory as run path.
"""

import os
import re
import shlex
import subprocess
import sysconfig
import tempfile

from cffi import FFI

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))  # python/tmu -> repository root


def _pkg_config(*args):
    try:
        out = subprocess.run(["pkg-config"] + list(args) + ["tmu"], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.strip()


def locate():
    """Returns (include_dir, link_kwargs) for libtmu, or raises RuntimeError saying how to fix."""
    inc = os.environ.get("TMU_INCLUDE_DIR")
    lib = os.environ.get("TMU_LIBRARY")
    if not inc and os.path.exists(os.path.join(ROOT, "include", "tmu", "tmu.h")):
        inc = os.path.join(ROOT, "include")
    if not lib:
        cand = os.path.join(ROOT, "build", "libtmu.a")
        if inc and os.path.exists(cand):
            lib = cand
    if not inc or not lib:
        cflags = _pkg_config("--cflags-only-I")
        libdir = _pkg_config("--variable=libdir")
        if cflags is not None and libdir:
            incs = [f[2:] for f in shlex.split(cflags) if f.startswith("-I")]
            incdir = _pkg_config("--variable=includedir")
            inc = inc or (incs[0] if incs else incdir)
            for name in ("libtmu.a", "libtmu.so"):
                if not lib and os.path.exists(os.path.join(libdir, name)):
                    lib = os.path.join(libdir, name)
    if not inc or not os.path.exists(os.path.join(inc, "tmu", "tmu.h")):
        raise RuntimeError("tmu: C headers not found; set TMU_INCLUDE_DIR to the directory holding "
                           "tmu/tmu.h (or install tmu so that pkg-config finds it)")
    if not lib or not os.path.exists(lib):
        raise RuntimeError("tmu: libtmu not found; build it first (cmake -S . -B build && cmake --build "
                           "build) or set TMU_LIBRARY to libtmu.a / libtmu.so")
    if lib.endswith(".a"):
        link = {"extra_objects": [lib], "libraries": ["m"]}
    else:
        d = os.path.dirname(os.path.abspath(lib))
        link = {"library_dirs": [d], "runtime_library_dirs": [d], "libraries": ["tmu", "m"]}
    return inc, link


def _compiler():
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shlex.split(cc)


# An object-like macro with an integer-expression value: "#define TMU_NAME value".
_DEFINE = re.compile(r"^\s*#\s*define\s+(TMU_[A-Za-z0-9_]+)[ \t]+([^/\n]*?)\s*(?:/\*.*)?$")
_INTEXPR = re.compile(r"^[0-9A-Za-z_\s()<>|&+\-*~]+$")


def header_cdefs(include_dir):
    """The cdef text for every declaration reachable from tmu/tmu.h, plus the TMU_ constants."""
    umbrella = os.path.join(include_dir, "tmu", "tmu.h")
    with tempfile.TemporaryDirectory() as fake:
        for h in ("stdint.h", "stddef.h", "stdbool.h", "stdarg.h"):
            open(os.path.join(fake, h), "w").close()
        cmd = _compiler() + ["-E", "-P", "-undef", "-nostdinc", "-I", fake, "-I", include_dir, umbrella]
        text = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    defines = []
    hdir = os.path.join(include_dir, "tmu")
    for name in sorted(os.listdir(hdir)):
        if not name.endswith(".h"):
            continue
        with open(os.path.join(hdir, name), encoding="utf-8") as f:
            for line in f:
                m = _DEFINE.match(line)
                if m and m.group(2) and _INTEXPR.match(m.group(2)):
                    defines.append("#define %s ..." % m.group(1))
    return text + "\n" + "\n".join(defines) + "\n"


def make_ffi():
    include_dir, link = locate()
    ffi = FFI()
    ffi.cdef(header_cdefs(include_dir))
    with open(os.path.join(HERE, "_helpers.h"), encoding="utf-8") as f:
        ffi.cdef(f.read())
    with open(os.path.join(HERE, "_helpers.c"), encoding="utf-8") as f:
        source = f.read()
    # -O3: the helpers' copy loops vectorise (the unit itself comes optimised in libtmu)
    ffi.set_source("tmu._tmu_cffi", source, include_dirs=[include_dir, HERE], extra_compile_args=["-O3"], **link)
    return ffi


ffibuilder = make_ffi()

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
