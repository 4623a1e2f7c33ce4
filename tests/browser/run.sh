#!/usr/bin/env bash
# Browser end-to-end tests: installs Chromium, fonts and playwright-core when missing
# (scripts/test-setup.sh), starts the server on a free port with a throwaway database and one
# headless Chromium, runs every test file against them, two files at a time (all.mjs), and stops
# both; `run.sh FILE...` runs the files named instead (`run.sh e2e.test.mjs`). The server is the
# binary RAJAPASU_BIN when given (scripts/test.sh passes the one that `cargo test` built);
# otherwise this builds it, with the test command's profile.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
source "$ROOT/scripts/test-setup.sh"

# The message catalogs first: they need neither a browser nor the server.
(cd "$HERE" && node --test catalogs.test.mjs glossary.test.mjs)

setup browser

SERVER_BIN=${RAJAPASU_BIN:-}
if [ -z "$SERVER_BIN" ]; then
  (cd "$ROOT" && cargo build --profile "$RAJAPASU_PROFILE" -p rajapasu --quiet)
  SERVER_BIN="$(profile_dir)/rajapasu"
fi
SERVER_BIN="$(realpath "$SERVER_BIN")"

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# Waits up to 10 s for a line matching `pattern` in `file`, and prints its first match.
first_match() {
  local pattern=$1 file=$2
  for _ in $(seq 1 100); do
    grep -q "$pattern" "$file" && break
    sleep 0.1
  done
  grep -o "$pattern" "$file" | head -1
}

# No endgame table is built: the tests check the page, not the table (a build would take
# the cores the browser needs). Nor is one that happens to be on the machine used: the tests
# see what a fresh machine shows. Every player of every test comes from 127.0.0.1, two test
# files at a time, and together they register and log in far more than one person a minute:
# the per-address limit on logins and registrations is off here (the server's tests attack
# it), so that a test never fails on how many accounts the test beside it made.
"$SERVER_BIN" serve --addr 127.0.0.1:0 --db "$WORK/e2e.db" --no-tablebase-build \
  --tablebase "$WORK/no-table" --logins-per-minute 0 >"$WORK/server.log" 2>&1 &
PIDS+=($!)
BASE_URL="$(first_match 'http://[0-9.:]*' "$WORK/server.log")"
if [ -z "$BASE_URL" ]; then
  echo "the server did not start:"; cat "$WORK/server.log"; exit 1
fi
echo "server at $BASE_URL"

(cd "$HERE" && exec node browser_server.mjs) >"$WORK/browser.log" 2>&1 &
PIDS+=($!)
BROWSER_WS_ENDPOINT="$(first_match 'ws://[^ ]*' "$WORK/browser.log")"
if [ -z "$BROWSER_WS_ENDPOINT" ]; then
  echo "Chromium did not start:"; cat "$WORK/browser.log"; exit 1
fi

cd "$HERE"
# RAJAPASU_BIN: the tests that need a server of their own (own_server.mjs) start this one.
RAJAPASU_BIN="$SERVER_BIN" BASE_URL="$BASE_URL" BROWSER_WS_ENDPOINT="$BROWSER_WS_ENDPOINT" node all.mjs "$@"
