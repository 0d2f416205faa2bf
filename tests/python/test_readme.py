"""The README's Python section as a new user meets it (issue 29 items 13, 14 and 19): the install
recipe's interpreter has what the offline install needs, setup.py names what an interpreter
lacks, and the README's Python example runs as written from the repository root."""
import importlib.util
import os
import re
import subprocess
import sys

from conftest import SOURCE

README = os.path.join(SOURCE, "README.md")


def readme():
    with open(README, encoding="utf-8") as f:
        return f.read()


def block_after(marker, lang):
    text = readme()
    i = text.index(marker)
    m = re.compile(r"^```" + lang + r"\n(.*?)^```", re.M | re.S).search(text, i)
    assert m, marker
    return m.group(1)


def test_install_recipe_interpreter_has_the_packages():
    recipe = block_after("<!-- setup:python -->", "sh")
    venv = [ln for ln in recipe.splitlines() if " -m venv " in ln]
    assert len(venv) == 1, recipe
    interpreter = venv[0].split()[0]
    # a bare `python3` is whatever comes first on PATH (here: pyenv's, without cffi, NumPy, wheel)
    r = subprocess.run([interpreter, "-c", "import cffi, numpy, setuptools, wheel, venv"],
                       capture_output=True, text=True)
    assert r.returncode == 0, (interpreter, r.stderr)


def load_setup():
    spec = importlib.util.spec_from_file_location("tmu_setup", os.path.join(SOURCE, "python", "setup.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # not __main__: setup() is not called
    return mod


def test_setup_names_what_the_interpreter_lacks():
    setup = load_setup()
    assert setup.missing_modules() == []  # this interpreter has everything
    gone = {"wheel", "numpy"}
    missing = setup.missing_modules(find=lambda name: None if name in gone else object())
    assert [m[0] for m in missing] == ["numpy", "wheel"]
    msg = setup.missing_message(missing, executable="/opt/py/bin/python3")
    assert "/opt/py/bin/python3" in msg and "numpy >= 1.21, wheel" in msg
    assert "/usr/bin/python3" in msg and "python3-numpy python3-wheel" in msg


def test_python_example_runs_from_the_repository_root():
    text = readme()
    code = re.search(r"^```python\n(import numpy as np, tmu\n.*?)^```", text, re.M | re.S).group(1)
    r = subprocess.run([sys.executable, "-c", code], cwd=SOURCE, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
