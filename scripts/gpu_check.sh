#!/usr/bin/env bash
# The real-GPU check, run once on a machine with an NVIDIA GPU (see the
# README's "Real GPUs" section). It needs no Rust there: build here first,
#   cargo test --release --no-run --test cuda_real
#   mkdir -p .devbin && cp target/release/tsr .devbin/ && \
#     cp "$(ls -t target/release/deps/cuda_real-* | grep -v '\.d$' | head -1)" .devbin/cuda_real && strip .devbin/*
# then run this script from the repository root there, with OUT set to a
# folder for the results (one tarball and one log come back).
set -u
OUT=${OUT:-/tmp/gpu_out}
mkdir -p "$OUT" /tmp/gpu_res
log="$OUT/gpu_check.log"
exec > >(tee "$log") 2>&1
root=$PWD
# The test binary was compiled with this checkout at /work/main.
if [ ! -e /work/main ]; then mkdir -p /work && ln -s "$root" /work/main; fi
mkdir -p target/release && cp .devbin/tsr target/release/tsr
echo "== device"; nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv
echo "== NVRTC"
nvrtc=$(find /usr/local/cuda*/ /opt /usr/lib -name 'libnvrtc.so*' 2>/dev/null | grep -v builtins | sort | head -1)
echo "found: $nvrtc"
mkdir -p /tmp/nvlib
[ -n "$nvrtc" ] && ln -sf "$nvrtc" /tmp/nvlib/libnvrtc.so
export LD_LIBRARY_PATH=/tmp/nvlib:$(dirname "${nvrtc:-/x}"):${LD_LIBRARY_PATH:-}
tsr=target/release/tsr
echo "== probe"; $tsr --cuda real -c 'print(torch.cuda.is_available(), torch.cuda.get_device_name())'
echo "== tests/cuda_real.rs"
timeout 150 .devbin/cuda_real --test-threads=1 --nocapture; echo "cuda_real rc=$?"
echo "== snapshots under --cuda real"
for f in snapshots/4[1-4]_*.tsr snapshots/55_*.tsr snapshots/65_*.tsr; do
  b=$(basename "$f" .tsr)
  args=$(head -1 "$f" | sed -n 's/^# tsr-args://p' | sed 's/--cuda sim/--cuda real/')
  timeout 20 $tsr run "$f" --keep-going --color never $args > "/tmp/gpu_res/$b.real" 2>&1; echo "[exit $?]" >> "/tmp/gpu_res/$b.real"
done
echo "== memory against cuMemGetInfo"
timeout 90 python3 scripts/gpu_memory_check.py "$tsr"
echo "== speed"
timeout 150 python3 scripts/gpu_bench.py "$tsr"
tar czf "$OUT/gpu_results.tgz" -C /tmp gpu_res
echo "== done"
