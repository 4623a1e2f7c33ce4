#!/usr/bin/env bash
# Browser end-to-end tests: installs Chromium and playwright-core when missing, builds and starts
# the server on a free port with a throwaway database, runs the tests, stops the server.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"

# The message catalogs first: they need neither a browser nor the server.
(cd "$HERE" && node --test catalogs.test.mjs)

# Chromium, and fonts for the Bengali, Sinhala and Tamil pages (fonts-noto-core has Noto Sans
# Sinhala and Noto Sans Tamil).
# (fc-list is read whole first: grep -q would stop reading it, and pipefail would count that.)
fonts_missing() {
  local fonts
  fonts="$(fc-list 2>/dev/null || true)"
  for font in "lohit bengali" "noto sans sinhala" "noto sans tamil"; do
    grep -qi "$font" <<<"$fonts" || return 0
  done
  return 1
}
if [ ! -x /usr/bin/chromium ] || fonts_missing; then
  echo "installing chromium, fonts-lohit-beng-bengali and fonts-noto-core (apt-get)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-lohit-beng-bengali fonts-noto-core >/dev/null
fi
if [ ! -d "$HERE/node_modules/playwright-core" ]; then
  echo "installing playwright-core (npm)"
  (cd "$HERE" && (npm ci --no-audit --no-fund || npm install --no-audit --no-fund))
fi

(cd "$ROOT" && cargo build --release -p rajapasu --quiet)

WORK="$(mktemp -d)"
LOG="$WORK/server.log"
"$ROOT/target/release/rajapasu" serve --addr 127.0.0.1:0 --db "$WORK/e2e.db" >"$LOG" 2>&1 &
SERVER=$!
cleanup() {
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  grep -q "http://" "$LOG" && break
  sleep 0.1
done
BASE_URL="$(grep -o 'http://[0-9.:]*' "$LOG" | head -1)"
if [ -z "$BASE_URL" ]; then
  echo "the server did not start:"; cat "$LOG"; exit 1
fi
echo "server at $BASE_URL"
cd "$HERE"
BASE_URL="$BASE_URL" node --test --test-concurrency=1 e2e.test.mjs play.test.mjs languages.test.mjs learn.test.mjs analysis.test.mjs mandiri.test.mjs mandiri_help.test.mjs
