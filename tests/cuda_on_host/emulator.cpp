// The CUDA emulator (src/engine/gpu/emulator.rs loads this as a shared
// library): every kernel of kernels.cu, compiled for the host through
// shim.h, behind `emu_<name>(grid, block, params)`, which runs the kernel
// once per block with one thread per block, in block order. `params` is the
// cuLaunchKernel argument array: one pointer per kernel parameter.
//
// Build: g++ -std=c++17 -O2 -shared -fPIC -include shim.h -o libtsr_cuda_emu.so emulator.cpp
// (tests/cuda_real.rs does this when g++ is present).
#include <cstddef>
#include <utility>
#include "../../src/engine/gpu/kernels.cu"

template <typename... A, std::size_t... I>
static void call_with(void (*f)(A...), void** p, std::index_sequence<I...>) {
    f(*static_cast<A*>(p[I])...);
}

template <typename... A>
static void run(void (*f)(A...), unsigned grid, unsigned /*block*/, void** p) {
    gridDim = {grid, 1, 1};
    blockDim = {1, 1, 1};
    threadIdx = {0, 0, 0};
    for (unsigned b = 0; b < grid; ++b) {
        blockIdx = {b, 0, 0};
        call_with(f, p, std::index_sequence_for<A...>{});
    }
}

#define EMU(name) extern "C" void emu_##name(unsigned grid, unsigned block, void** p) { run(name, grid, block, p); }

EMU(binary_f32)
EMU(binary_f64)
EMU(binary_i16)
EMU(binary_i32)
EMU(binary_i64)
EMU(binary_i8)
EMU(binary_u8)
EMU(cast_b8_f32)
EMU(cast_b8_f64)
EMU(cast_b8_i16)
EMU(cast_b8_i32)
EMU(cast_b8_i64)
EMU(cast_b8_i8)
EMU(cast_f32_b8)
EMU(cast_f32_f32)
EMU(cast_f32_f64)
EMU(cast_f32_i16)
EMU(cast_f32_i32)
EMU(cast_f32_i64)
EMU(cast_f32_i8)
EMU(cast_f32_u8)
EMU(cast_f64_b8)
EMU(cast_f64_f32)
EMU(cast_f64_f64)
EMU(cast_f64_i16)
EMU(cast_f64_i32)
EMU(cast_f64_i64)
EMU(cast_f64_i8)
EMU(cast_f64_u8)
EMU(cast_i16_b8)
EMU(cast_i16_f32)
EMU(cast_i16_f64)
EMU(cast_i16_i16)
EMU(cast_i16_i32)
EMU(cast_i16_i64)
EMU(cast_i16_i8)
EMU(cast_i16_u8)
EMU(cast_i32_b8)
EMU(cast_i32_f32)
EMU(cast_i32_f64)
EMU(cast_i32_i16)
EMU(cast_i32_i32)
EMU(cast_i32_i64)
EMU(cast_i32_i8)
EMU(cast_i32_u8)
EMU(cast_i64_b8)
EMU(cast_i64_f32)
EMU(cast_i64_f64)
EMU(cast_i64_i16)
EMU(cast_i64_i32)
EMU(cast_i64_i64)
EMU(cast_i64_i8)
EMU(cast_i64_u8)
EMU(cast_i8_b8)
EMU(cast_i8_f32)
EMU(cast_i8_f64)
EMU(cast_i8_i16)
EMU(cast_i8_i32)
EMU(cast_i8_i64)
EMU(cast_i8_i8)
EMU(cast_i8_u8)
EMU(cast_u8_b8)
EMU(cast_u8_f32)
EMU(cast_u8_f64)
EMU(cast_u8_i16)
EMU(cast_u8_i32)
EMU(cast_u8_i64)
EMU(cast_u8_i8)
EMU(cast_u8_u8)
EMU(compare_b8)
EMU(compare_f32)
EMU(compare_f64)
EMU(compare_i16)
EMU(compare_i32)
EMU(compare_i64)
EMU(compare_i8)
EMU(copy_1)
EMU(copy_2)
EMU(copy_4)
EMU(copy_8)
EMU(sum_b8)
EMU(sum_f32)
EMU(sum_f64)
EMU(sum_i16)
EMU(sum_i32)
EMU(sum_i64)
EMU(sum_i8)
EMU(sum_u8)
EMU(unary_f32)
EMU(unary_f64)
EMU(reduce_f32)
EMU(reduce_f64)
EMU(reduce_i64)
EMU(reduce_i32)
EMU(reduce_i16)
EMU(reduce_i8)
EMU(reduce_u8)
EMU(reduce_b8)
EMU(matmul_f32)
EMU(matmul_f64)
