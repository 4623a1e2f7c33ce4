#!/usr/bin/env bash
# The project's test command: every Rust test (unit, integration, property, doc), the Python
# package's tests (in a virtual environment under target/; RAJAPASU_SKIP_PYTHON=1 skips them),
# then the browser tests when the web app has them. Installs what the browser tests need when
# missing.
set -euo pipefail
cd "$(dirname "$0")/.."

RAJAPASU_REQUIRE_POSTGRES=1 scripts/postgres.sh cargo test --workspace --all-targets
cargo test --workspace --doc

if [ "${RAJAPASU_SKIP_PYTHON:-0}" != 1 ]; then
  scripts/python-tests.sh
fi

if [ -x tests/browser/run.sh ]; then
  tests/browser/run.sh
fi
