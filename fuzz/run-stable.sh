#!/usr/bin/env bash
# Runs the fuzz targets with libFuzzer on the stable toolchain (coverage instrumentation by
# LLVM's sanitizer-coverage pass, no AddressSanitizer). `cargo +nightly fuzz run TARGET` is the
# usual way when a nightly toolchain is at hand.
# Usage: fuzz/run-stable.sh [SECONDS per target] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:-60}; shift || true
targets=${*:-parse_position parse_record random_game}
triple=$(rustc -vV | sed -n 's/^host: //p')
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks"
# An explicit --target keeps these flags away from build scripts.
cargo build --release --bins --target "$triple"
for t in $targets; do
  mkdir -p "corpus/$t"
  echo "== $t ($secs s)"
  "$CARGO_TARGET_DIR/$triple/release/$t" -max_total_time="$secs" -max_len=512 "corpus/$t" 2>&1 | tail -n 1
done
