#!/usr/bin/env bash
# What the test scripts share: the Cargo profile they build with, where the Python environment
# lives, and what they need besides the Rust toolchain, Node and Python, installed when missing:
#
#   postgres  Debian's postgresql (apt-get), for scripts/postgres.sh;
#   browser   Chromium, and fonts for the Bengali, Sinhala and Tamil pages (apt-get:
#             fonts-lohit-beng-bengali; fonts-noto-core has Noto Sans Sinhala and Tamil), and
#             playwright-core (npm), for tests/browser/run.sh;
#   python    a virtual environment (target/python-venv, or RAJAPASU_PYTHON_VENV) with maturin,
#             numpy, PettingZoo, Gymnasium and pytest, and OpenSpiel, Ray and pyarrow where
#             this platform has wheels for them, for scripts/python-tests.sh.
#
# `scripts/test-setup.sh [PART...]` installs the parts named (all three when none is), with one
# apt-get for every missing package; .ci/run does so while it checks formatting and lints. The
# test scripts source this file and call `setup PART...` first, which costs nothing when the
# part is there.

TEST_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# The profile that scripts/test.sh builds once for everything it runs: the Rust tests and doc
# tests, the Python package under test and the browser tests' server (Cargo.toml says why).
RAJAPASU_PROFILE=${RAJAPASU_PROFILE:-ci}
export RAJAPASU_PROFILE

# Where Cargo puts what it builds with that profile.
profile_dir() {
  echo "${CARGO_TARGET_DIR:-$TEST_ROOT/target}/$RAJAPASU_PROFILE"
}

PYTHON_VENV=${RAJAPASU_PYTHON_VENV:-$TEST_ROOT/target/python-venv}
# The Python tests' dependencies, pinned so that a kept environment stays valid; bump
# PYTHON_DEPS_VERSION with them.
PYTHON_DEPS=(maturin==1.16.0 "numpy>=1.22" pettingzoo==1.27.0 "gymnasium>=1,<2" "pytest>=8")
# OpenSpiel, Ray and pyarrow only for their own tests (test_openspiel.py; the Ray and Parquet
# tests of test_selfplay.py), which skip without them: a platform with no wheel for one of them
# still runs the rest.
PYTHON_EXTRAS=(open_spiel==2.0.2 ray==2.60.0 pyarrow==26.0.1)
PYTHON_DEPS_VERSION=1

# The directory of PostgreSQL's initdb and pg_ctl, if they are installed.
pg_bin() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return 0
  fi
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
      echo "$d"
      return 0
    fi
  done
  return 1
}

# (fc-list is read whole first: grep -q would stop reading it, and pipefail would count that.)
fonts_missing() {
  local fonts font
  fonts="$(fc-list 2>/dev/null || true)"
  for font in "lohit bengali" "noto sans sinhala" "noto sans tamil"; do
    grep -qi "$font" <<<"$fonts" || return 0
  done
  return 1
}

# The Debian packages that `part` needs and that are missing.
apt_missing() {
  case $1 in
    postgres) pg_bin >/dev/null || echo postgresql ;;
    browser)
      [ -x /usr/bin/chromium ] || echo chromium
      if fonts_missing; then echo fonts-lohit-beng-bengali fonts-noto-core; fi
      ;;
  esac
}

setup_python() {
  local python=${PYTHON:-python3} extra name
  if [ ! -x "$PYTHON_VENV/bin/python" ]; then
    "$python" -m venv "$PYTHON_VENV"
  fi
  if [ "$(cat "$PYTHON_VENV/.deps" 2>/dev/null)" != "$PYTHON_DEPS_VERSION" ]; then
    "$PYTHON_VENV/bin/python" -m pip install --quiet --upgrade pip
    "$PYTHON_VENV/bin/python" -m pip install --quiet "${PYTHON_DEPS[@]}"
    echo "$PYTHON_DEPS_VERSION" >"$PYTHON_VENV/.deps"
  fi
  for extra in "${PYTHON_EXTRAS[@]}"; do
    name=${extra%%=*}
    if [ "$(cat "$PYTHON_VENV/.$name" 2>/dev/null)" != "$PYTHON_DEPS_VERSION" ]; then
      if "$PYTHON_VENV/bin/python" -m pip install --quiet --only-binary=:all: "$extra"; then
        echo "$PYTHON_DEPS_VERSION" >"$PYTHON_VENV/.$name"
      else
        echo "$name could not be installed here: its tests are skipped" >&2
      fi
    fi
  done
}

# Installs what the parts named need (postgres, browser, python), when it is missing.
setup() {
  local part more packages=()
  for part in "$@"; do
    case $part in
      postgres | browser) read -r -a more <<<"$(apt_missing "$part" | tr '\n' ' ')"; packages+=("${more[@]}") ;;
      python) ;;
      *) echo "error: unknown part \`$part\` (postgres, browser or python)" >&2; return 2 ;;
    esac
  done
  if [ ${#packages[@]} -gt 0 ]; then
    echo "installing ${packages[*]} (apt-get)"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
  fi
  for part in "$@"; do
    case $part in
      browser)
        if [ ! -d "$TEST_ROOT/tests/browser/node_modules/playwright-core" ]; then
          echo "installing playwright-core (npm)"
          (cd "$TEST_ROOT/tests/browser" && (npm ci --no-audit --no-fund || npm install --no-audit --no-fund))
        fi
        ;;
      python) setup_python ;;
    esac
  done
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  if [ $# -eq 0 ]; then set -- postgres browser python; fi
  setup "$@"
fi
