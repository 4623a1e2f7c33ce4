#!/usr/bin/env bash
# The project's test command: every Rust test (unit, integration, property, doc), the Python
# package's tests (in a virtual environment under target/; RAJAPASU_SKIP_PYTHON=1 skips them)
# and the browser tests when the web app has them. Installs what the tests need when missing
# (scripts/test-setup.sh).
#
# The workspace is built once, with Cargo.toml's `ci` profile, and everything runs on that
# build: the tests and doc tests, the Python package (maturin builds in the same place with the
# same profile, and compiles again only PyO3, the bindings and the crates whose features differ
# without the tests' dependencies), and the command line's binary, which the Python tests run
# and the browser tests serve (RAJAPASU_BIN). The browser tests spend their time waiting for the
# pages (animations, moves coming back from the server) rather than computing: they run in the
# background beside the Rust and Python tests, and their output, kept in
# target/browser-tests.log, is shown when they end.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/test-setup.sh

# Everything to install first, with one apt-get: the parts below run side by side.
parts=(postgres)
[ -x tests/browser/run.sh ] && parts+=(browser)
[ "${RAJAPASU_SKIP_PYTHON:-0}" != 1 ] && parts+=(python)
setup "${parts[@]}"

# The build; it needs no database.
cargo test --workspace --all-targets --profile "$RAJAPASU_PROFILE" --no-run
export RAJAPASU_BIN
RAJAPASU_BIN="$(profile_dir)/rajapasu"

browser=""
if [ -x tests/browser/run.sh ]; then
  mkdir -p target
  browser_log=target/browser-tests.log
  # A session of its own, so that the server and the browser stop with it if this script stops.
  setsid tests/browser/run.sh >"$browser_log" 2>&1 &
  browser=$!
  trap 'kill -- -"$browser" 2>/dev/null || true' EXIT
  echo "browser tests: running beside the others, output in $browser_log"
fi

RAJAPASU_REQUIRE_POSTGRES=1 scripts/postgres.sh cargo test --workspace --all-targets --profile "$RAJAPASU_PROFILE"
cargo test --workspace --doc --profile "$RAJAPASU_PROFILE"

if [ "${RAJAPASU_SKIP_PYTHON:-0}" != 1 ]; then
  scripts/python-tests.sh
fi

if [ -n "$browser" ]; then
  status=0
  wait "$browser" || status=$?
  trap - EXIT
  echo "browser tests (tests/browser/run.sh):"
  cat "$browser_log"
  if [ "$status" -ne 0 ]; then
    echo "error: the browser tests failed" >&2
    exit "$status"
  fi
fi
