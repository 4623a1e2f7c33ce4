#!/usr/bin/env bash
# The Python package's tests: builds crates/python into a virtual environment under target/
# (target/python-venv), so nothing is installed globally, and runs pytest on
# crates/python/tests. Warm runs reuse the environment and skip the wheel build when no source
# the package is built from has changed (a hash of them is kept in the environment).
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
venv=${RAJAPASU_PYTHON_VENV:-target/python-venv}
# Test dependencies, pinned so a cached environment stays valid; bump DEPS_VERSION with them.
deps=(maturin==1.16.0 "numpy>=1.22" pettingzoo==1.27.0 "gymnasium>=1,<2" "pytest>=8")
deps_version=1

if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
if [ "$(cat "$venv/.deps" 2>/dev/null)" != "$deps_version" ]; then
  "$venv/bin/python" -m pip install --quiet --upgrade pip
  "$venv/bin/python" -m pip install --quiet "${deps[@]}"
  echo "$deps_version" >"$venv/.deps"
fi

# OpenSpiel, Ray and pyarrow only for their own tests (test_openspiel.py; the Ray and Parquet
# tests of test_selfplay.py), which skip without them: a platform with no wheel for one of them
# still runs the rest.
for extra in open_spiel==2.0.2 ray==2.60.0 pyarrow==26.0.1; do
  name=${extra%%=*}
  if [ "$(cat "$venv/.$name" 2>/dev/null)" != "$deps_version" ]; then
    if "$venv/bin/python" -m pip install --quiet --only-binary=:all: "$extra"; then
      echo "$deps_version" >"$venv/.$name"
    else
      echo "$name could not be installed here: its tests are skipped" >&2
    fi
  fi
done

# Everything the wheel is built from: the bindings, the crates they use, the lock file.
sources=$(find crates/python crates/engine crates/ai crates/tablebase -type f \
  \( -name '*.rs' -o -name '*.toml' -o -name '*.py' -o -name '*.pyi' -o -name 'py.typed' \) \
  -not -path '*/tests/*' | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)
lock=$(sha256sum Cargo.lock | cut -d' ' -f1)
stamp="$sources-$lock"
if [ "$(cat "$venv/.built" 2>/dev/null)" != "$stamp" ]; then
  # No build isolation: the environment's maturin builds it, so no fresh download each time;
  # its build hook runs `maturin` from PATH.
  PATH="$PWD/$venv/bin:$PATH" "$venv/bin/python" -m pip install --quiet --no-deps --no-build-isolation --force-reinstall ./crates/python
  echo "$stamp" >"$venv/.built"
fi

# From the tests' folder, so `import rajapasu` finds the installed package, not the sources.
cd crates/python/tests
"../../../$venv/bin/python" -m pytest -q -p no:cacheprovider .
