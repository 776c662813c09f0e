#!/usr/bin/env bash
# Whole-process timings of tsr against CPython on the five programs in
# benches/python/ (same machine, same run, interleaved), medians of N runs,
# plus tsr's start-up time. Usage: scripts/bench_python.sh [N] [PYTHON]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-5}
PY=${2:-python3}
cargo build --release -q
TSR=target/release/tsr
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s%N; }
run_ms() { local t0 t1; t0=$(now); "$@" > /dev/null; t1=$(now); echo $(( (t1 - t0) / 1000000 )); }
printf '%-14s %10s %10s %7s\n' program "tsr ms" "python ms" ratio
for f in benches/python/*.py; do
  # Same output first: a benchmark of a wrong answer means nothing.
  if ! diff <("$TSR" run "$f") <("$PY" "$f") > /dev/null; then
    echo "$f: tsr and $PY disagree" >&2
    exit 1
  fi
  ts=(); ps=()
  for _ in $(seq "$N"); do
    ts+=("$(run_ms "$TSR" run "$f")")
    ps+=("$(run_ms "$PY" "$f")")
  done
  t=$(printf '%s\n' "${ts[@]}" | median)
  p=$(printf '%s\n' "${ps[@]}" | median)
  printf '%-14s %10s %10s %7s\n' "$(basename "$f" .py)" "$t" "$p" "$(awk -v a="$t" -v b="$p" 'BEGIN {printf "%.2f", a / b}')"
done
s=(); for _ in $(seq "$N"); do s+=("$(run_ms "$TSR" -c 'print(1)')"); done
echo "start-up (tsr -c 'print(1)'): $(printf '%s\n' "${s[@]}" | median) ms"
