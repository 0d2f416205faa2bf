"""setuptools entry point: the package metadata is in pyproject.toml; this file only adds the
cffi extension module, built by tmu/_build.py against libtmu (see there for how it is found).

Before anything is built it checks that this interpreter has what the offline install of the
README needs (cffi, NumPy, setuptools and wheel: pip's --no-build-isolation installs nothing),
and stops with one message naming what is missing, instead of setuptools' "invalid command
'bdist_wheel'" after the build."""
import importlib.util
import sys

# module, version floor as in pyproject.toml, Debian package
NEEDED = (("cffi", "1.15", "python3-cffi"), ("numpy", "1.21", "python3-numpy"),
          ("setuptools", "61", "python3-setuptools"), ("wheel", None, "python3-wheel"))


def missing_modules(needed=NEEDED, find=importlib.util.find_spec):
    """The entries of `needed` that this interpreter cannot import."""
    return [n for n in needed if find(n[0]) is None]


def missing_message(missing, executable=sys.executable):
    names = ", ".join(m + (" >= " + v if v else "") for m, v, _ in missing)
    debs = " ".join(d for _, _, d in missing)
    return ("tmu: %s (Python %d.%d) lacks %s, which the build needs (pip --no-build-isolation "
            "installs nothing): install them into this interpreter, or use Debian's /usr/bin/python3 "
            "with apt-get install %s (README.md, \"Python\")"
            % (executable, sys.version_info[0], sys.version_info[1], names, debs))


if __name__ == "__main__":
    _missing = missing_modules()
    if _missing:
        sys.exit(missing_message(_missing))
    from setuptools import setup

    setup(cffi_modules=["tmu/_build.py:ffibuilder"])
