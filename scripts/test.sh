#!/usr/bin/env bash
# The project's test command: every Rust test (unit, integration, property, doc), the Python
# package's tests (in a virtual environment under target/; RAJAPASU_SKIP_PYTHON=1 skips them),
# then the browser tests when the web app has them. Installs what the tests need when missing
# (scripts/test-setup.sh).
#
# The workspace is built once, with Cargo.toml's `ci` profile, and everything runs on that
# build: the tests and doc tests, the Python package (maturin reuses it; only PyO3 and the
# bindings are compiled again) and the browser tests' server (the binary `cargo test` built for
# the command line's tests).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/test-setup.sh

RAJAPASU_REQUIRE_POSTGRES=1 scripts/postgres.sh cargo test --workspace --all-targets --profile "$RAJAPASU_PROFILE"
cargo test --workspace --doc --profile "$RAJAPASU_PROFILE"

if [ "${RAJAPASU_SKIP_PYTHON:-0}" != 1 ]; then
  scripts/python-tests.sh
fi

if [ -x tests/browser/run.sh ]; then
  RAJAPASU_SERVER_BIN="$(profile_dir)/rajapasu" tests/browser/run.sh
fi
