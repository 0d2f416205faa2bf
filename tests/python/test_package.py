"""The installed package: where it lives, its version, the error classes, and its documentation
(every public function has a docstring with an example, and every >>> example runs as written)."""
import doctest
import inspect
import os
import re
import sys

import numpy as np

import tmu
from conftest import SOURCE

MODULES = ["tmu", "tmu.errors", "tmu.formats", "tmu.texture", "tmu.unit", "tmu.isa", "tmu.ptx", "tmu.loadplan",
           "tmu.executors", "tmu.translate", "tmu.image"]


def test_installed_not_imported_from_the_source_tree():
    here = os.path.realpath(tmu.__file__)
    assert "site-packages" in here
    assert not here.startswith(os.path.realpath(os.path.join(SOURCE, "python")) + os.sep)


def test_version_matches_the_library_and_the_project():
    with open(os.path.join(SOURCE, "CMakeLists.txt")) as f:
        project = re.search(r"project\(tmu VERSION ([0-9.]+)", f.read()).group(1)
    assert tmu.version() == tmu.__version__ == project


def test_error_classes():
    statuses = {name: v for name, v in tmu.ffi.typeof("tmu_status").relements.items()
                if name.startswith("TMU_ERR_")}
    assert len(statuses) == 9
    from tmu.errors import error_class
    seen = set()
    for name, v in statuses.items():
        cls = error_class(v)
        assert cls is not tmu.Error and issubclass(cls, tmu.Error) and cls.status == v, name
        seen.add(cls)
        e = cls("what", "where", line=3, column=4)
        assert e.status == v and e.where == "where (line 3, column 4)" and str(e) == "where (line 3, column 4): what"
        assert e.status_name == tmu.ffi.string(tmu.lib.tmu_status_str(v)).decode()
    assert len(seen) == 9
    assert issubclass(tmu.InvalidArgumentError, ValueError)
    assert issubclass(tmu.NotFoundError, LookupError)
    assert error_class(12345) is tmu.Error
    e = tmu.DecodeError("bad", "disasm", offset=7)
    assert e.offset == 7 and e.where == "disasm (offset 7)"


def _public_callables():
    for name in tmu.__all__:
        obj = getattr(tmu, name)
        if name in ("ffi", "lib"):
            continue
        if inspect.isclass(obj):
            yield name, obj
            if issubclass(obj, BaseException) or obj is tmu.Result:
                continue
            for m, f in vars(obj).items():
                if not m.startswith("_") and (inspect.isfunction(f) or isinstance(f, (property, classmethod))):
                    yield "%s.%s" % (name, m), f
        elif callable(obj):
            yield name, obj
    for mod, names in ((tmu.isa, ["words", "decode"]), (tmu.loadplan, ["names"])):
        for n in names:
            yield "%s.%s" % (mod.__name__, n), getattr(mod, n)


def test_every_public_function_has_a_docstring_with_an_example():
    missing = []
    count = 0
    for name, obj in _public_callables():
        f = obj.__func__ if isinstance(obj, classmethod) else obj.fget if isinstance(obj, property) else obj
        doc = inspect.getdoc(f) or ""
        count += 1
        if (name.startswith(("Texture.sample", "Texture.fetch", "Texture.gather", "Texture.query"))):
            ok = ":func:`tmu." in doc          # thin methods point at the documented function
        else:
            ok = bool(doc) and (">>>" in doc or "Example" in doc)
        if not ok:
            missing.append(name)
    assert count >= 40
    assert missing == []


def test_docstring_examples_run():
    globs = {"tmu": tmu, "np": np}
    attempted = 0
    for modname in MODULES:
        __import__(modname)
        mod = sys.modules[modname]
        res = doctest.testmod(mod, extraglobs=globs, optionflags=doctest.NORMALIZE_WHITESPACE, verbose=False)
        assert res.failed == 0, modname
        attempted += res.attempted
    assert attempted >= 40
