#!/usr/bin/env bash
# The project's test command: every Rust test (unit, integration, property, doc), then the
# browser tests when the web app has them. Installs what the browser tests need when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --all-targets
cargo test --workspace --doc

if [ -x tests/browser/run.sh ]; then
  tests/browser/run.sh
fi
