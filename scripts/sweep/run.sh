#!/usr/bin/env bash
# Random differential sweep against PyTorch: each generator writes one
# program of N random expressions (each in try/except, printing its value,
# shape, strides and dtype, or its exception), run by PyTorch and by tsr;
# the diff is what to fix or list in the README's known divergences.
#   scripts/sweep/run.sh [PYTHON] [SEEDS] [N]
# e.g. scripts/sweep/run.sh ~/venv/bin/python "1 2 3" 500
# GENS="random" picks generators (gen_random.py is not in the default set:
# it also reports the draws tsr does not have, see the README).
# Found on 2026-12-05: oracle cases 484-492 and 494-498. (resize_ grows no storage here:
# its new elements are garbage in PyTorch and zeros in tsr, by design.)
set -u
py=${1:-python3}
seeds=${2:-"1 2 3"}
n=${3:-400}
here=$(cd "$(dirname "$0")" && pwd)
tsr=${TSR:-$here/../../target/release/tsr}
out=$(mktemp -d)
for gen in ${GENS:-math shape inplace bits index}; do
  for s in $seeds; do
    f=$out/${gen}_$s.py
    python3 "$here/gen_$gen.py" "$s" "$n" "$f"
    "$py" "$f" > "$f.torch" 2>/dev/null
    (cd "$out" && "$tsr" run "$(basename "$f")" > "$f.tsr" 2>/dev/null)
    if ! diff -q "$f.torch" "$f.tsr" >/dev/null; then
      echo "== $gen seed $s: $(diff "$f.torch" "$f.tsr" | grep -c '^<') differing lines"
      diff "$f.torch" "$f.tsr" | grep '^[<>] [0-9]' | head -20
    fi
  done
done
echo "programs and outputs in $out"
