#!/bin/sh
# ctest fixture of the Python package tests: installs python/ the way the README documents,
# into a virtual environment of Debian's python that sees the system site packages (cffi, numpy,
# pytest from Debian), without an index and without build isolation, linked with this build's
# libtmu.a.  The package sources are staged in the build tree first, so that setuptools' build
# files never land in the source tree.
#   usage: install.sh PYTHON SOURCE_DIR(python/) STAGE_DIR VENV_DIR   (env: TMU_INCLUDE_DIR, TMU_LIBRARY)
set -eu
python=$1 src=$2 stage=$3 venv=$4
rm -rf "$stage" "$venv"
mkdir -p "$stage"
stage=$(cd "$stage" && pwd)
cp -R "$src/." "$stage/"
rm -rf "$stage/build" "$stage"/*.egg-info "$stage/tmu/__pycache__" "$stage"/tmu/_tmu_cffi*
"$python" -m venv --system-site-packages "$venv"
"$venv/bin/python" -m pip install --no-index --no-build-isolation --disable-pip-version-check -q "$stage"
"$venv/bin/python" -c 'import tmu, sys; print("installed tmu", tmu.__version__, "at", tmu.__file__)'
