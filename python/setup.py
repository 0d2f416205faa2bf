"""setuptools entry point: the package metadata is in pyproject.toml; this file only adds the
cffi extension module, built by tmu/_build.py against libtmu (see there for how it is found)."""
from setuptools import setup

setup(cffi_modules=["tmu/_build.py:ffibuilder"])
