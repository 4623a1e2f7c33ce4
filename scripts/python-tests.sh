#!/usr/bin/env bash
# The Python package's tests: builds crates/python into a virtual environment under target/
# (target/python-venv, made by scripts/test-setup.sh), so nothing is installed globally, and
# runs pytest on crates/python/tests. The wheel is built with the test command's Cargo profile
# (RAJAPASU_PROFILE, `ci`), so it reuses what `cargo test` built with the same features. Warm
# runs skip the wheel build when no source the package is built from has changed (a hash of
# them is kept in the environment).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/test-setup.sh
setup python
venv=$PYTHON_VENV

# Everything the wheel is built from: the bindings, the crates they use, the lock file, the
# profile.
sources=$(find crates/python crates/engine crates/ai crates/tablebase -type f \
  \( -name '*.rs' -o -name '*.toml' -o -name '*.py' -o -name '*.pyi' -o -name 'py.typed' \) \
  -not -path '*/tests/*' | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)
workspace=$(cat Cargo.lock Cargo.toml | sha256sum | cut -d' ' -f1)
stamp="$sources-$workspace-$RAJAPASU_PROFILE"
if [ "$(cat "$venv/.built" 2>/dev/null)" != "$stamp" ]; then
  # No build isolation: the environment's maturin builds it, so no fresh download each time;
  # its build hook runs `maturin` from PATH.
  PATH="$venv/bin:$PATH" "$venv/bin/python" -m pip install --quiet --no-deps --no-build-isolation \
    --force-reinstall --config-settings=build-args="--profile $RAJAPASU_PROFILE" ./crates/python
  echo "$stamp" >"$venv/.built"
fi

# The command line's binary, which some tests run (RAJAPASU_BIN; they skip without it): the
# one built with the test command's profile, when it is there.
if [ -z "${RAJAPASU_BIN:-}" ] && [ -x "$(profile_dir)/rajapasu" ]; then
  export RAJAPASU_BIN
  RAJAPASU_BIN="$(profile_dir)/rajapasu"
fi

# From the tests' folder, so `import rajapasu` finds the installed package, not the sources.
cd crates/python/tests
"$venv/bin/python" -m pytest -q -p no:cacheprovider .
