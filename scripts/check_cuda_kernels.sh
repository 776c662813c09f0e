#!/usr/bin/env bash
# Compiles tsr's CUDA kernels (src/engine/gpu/kernels.cu) with the real NVRTC
# and assembles the PTX for a Hopper GPU (sm_90) with ptxas, on a machine
# without a GPU. Needs the NVRTC and nvcc wheels from PyPI, installed into a
# virtual environment outside the repo (default /work/.venv-torch):
#   python3 -m venv /work/.venv-torch
#   /work/.venv-torch/bin/pip install nvidia-cuda-nvrtc-cu12 nvidia-cuda-nvcc-cu12
# Usage: scripts/check_cuda_kernels.sh [venv] [sm_arch]
set -euo pipefail
venv=${1:-/work/.venv-torch}
arch=${2:-sm_90}
site=$(echo "$venv"/lib/python3*/site-packages)
nvrtc="$site/nvidia/cuda_nvrtc/lib"
ptxas="$site/nvidia/cuda_nvcc/bin/ptxas"
[ -d "$nvrtc" ] || { echo "no NVRTC wheel in $venv (see the header)"; exit 2; }
[ -x "$ptxas" ] || { echo "no ptxas in $venv (see the header)"; exit 2; }
ptx=$(mktemp --suffix=.ptx)
trap 'rm -f "$ptx" "$ptx.cubin"' EXIT
cd "$(dirname "$0")/.."
TSR_DUMP_PTX="$ptx" LD_LIBRARY_PATH="$nvrtc" cargo test -q --lib kernels_compile_with_nvrtc -- --nocapture
[ -s "$ptx" ] || { echo "NVRTC did not run (library not found?)"; exit 1; }
echo "NVRTC: $(grep -c '\.entry' "$ptx") kernels in $(wc -c <"$ptx") bytes of PTX"
"$ptxas" -arch="$arch" -o "$ptx.cubin" "$ptx"
echo "ptxas: assembled for $arch ($(wc -c <"$ptx.cubin") bytes)"
