#!/bin/bash
# Runs one fuzz target with cargo-fuzz (nightly) in fork mode, so that a
# crash, timeout or OOM is saved under artifacts/TARGET/ and the run goes on.
# Usage: fuzz/run.sh parse|eval SECONDS        (log in fuzz/logs/TARGET.log)
set -u
cd "$(dirname "$0")"
T=${1:?target: parse, eval, pickle, torch_zip or npy}; S=${2:-600}
case "$T" in
  parse) LEN=65536 ;;
  eval) LEN=2048 ;;   # short programs: each run stays fast
  pickle|torch_zip|npy) LEN=65536 ;;   # file readers
  *) echo "unknown target $T" >&2; exit 2 ;;
esac
mkdir -p "corpus/$T" "artifacts/$T" logs
DICT=-dict=tsr.dict; case "$T" in pickle|torch_zip|npy) DICT= ;; esac
exec cargo +nightly fuzz run -O "$T" "corpus/$T" -- $DICT -max_total_time="$S" -timeout=10 \
  -rss_limit_mb=2048 -malloc_limit_mb=2048 -max_len="$LEN" -fork=1 \
  -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
  -artifact_prefix="artifacts/$T/" > "logs/$T.log" 2>&1
