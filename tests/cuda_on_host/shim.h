// Lets g++ compile tsr's CUDA kernels (src/engine/gpu/kernels.cu) as plain
// C++ and run them on the host, one thread at a time: each launch is a loop
// over blocks with blockDim.x == 1, so __syncthreads() has nothing to wait
// for and the grid-stride loops cover every element. This checks the
// kernels' indexing, casts and arithmetic on a machine without a GPU; it
// cannot check anything about real parallel execution.
#include <cmath>
#include <cstdint>
struct tsr_dim3 { unsigned x, y, z; };
static tsr_dim3 blockIdx, blockDim, threadIdx, gridDim;
#define __global__
#define __device__
#define __forceinline__ inline
#define __shared__ static
static inline void __syncthreads() {}
// <cmath> already declares fabsf, sqrtf, expf, ... as C functions; the
// overloaded fmod/floor/copysign/pow come from std.
using std::fmod; using std::floor; using std::copysign; using std::pow;
