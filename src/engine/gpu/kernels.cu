// tsr's CUDA kernels, compiled at run time with NVRTC (no toolkit needed at
// build time). Every kernel walks its elements with a grid-stride loop and
// addresses memory through explicit sizes and strides, so it runs on any
// layout tsr can describe. `Meta` is passed by value (as PyTorch passes its
// OffsetCalculator): for `nd` <= MAX_DIMS dims it holds sizes[nd], then one
// stride array (in elements) per operand, each MAX_DIMS long.
//
// Naming: <op>_<dtype> with dtype in {b8,u8,i8,i16,i32,i64,f32,f64}; copies
// that only move bits are named by element size (copy_1/2/4/8), so they also
// serve float16 and bfloat16.

typedef unsigned char b8;
typedef unsigned char u8;
typedef signed char i8;
typedef short i16;
typedef int i32;
typedef long long i64;
typedef float f32;
typedef double f64;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

#define MAX_DIMS 16
struct Meta { i64 v[4 * MAX_DIMS]; };

// Element offsets of linear index `i` in up to three operands.
struct Offsets { i64 a, b, c; };

__device__ __forceinline__ Offsets offsets(i64 i, const Meta& m, int nd, int nops) {
    Offsets o = {0, 0, 0};
    for (int d = nd - 1; d >= 0; --d) {
        i64 size = m.v[d];
        i64 c = i % size;
        i /= size;
        o.a += c * m.v[MAX_DIMS + d];
        if (nops > 1) o.b += c * m.v[2 * MAX_DIMS + d];
        if (nops > 2) o.c += c * m.v[3 * MAX_DIMS + d];
    }
    return o;
}

#define GRID_STRIDE(i, n) for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += (i64)gridDim.x * blockDim.x)

// ---- strided copies (dst = operand a, src = operand b) --------------------
#define COPY(NAME, T)                                                              \
extern "C" __global__ void NAME(T* dst, const T* src, Meta meta, int nd, i64 n) { \
    GRID_STRIDE(i, n) { Offsets o = offsets(i, meta, nd, 2); dst[o.a] = src[o.b]; } \
}
COPY(copy_1, u8)
COPY(copy_2, u16)
COPY(copy_4, u32)
COPY(copy_8, u64)

// ---- casts between the non-half dtypes -------------------------------------
// b8 and u8 are both unsigned char, so bool destinations get their own
// kernels (non-zero test) instead of a C cast; bool sources read as 0/1.
#define CAST(S, D)                                                                  \
extern "C" __global__ void cast_##S##_##D(D* dst, const S* src, Meta meta, int nd, i64 n) { \
    GRID_STRIDE(i, n) { Offsets o = offsets(i, meta, nd, 2); dst[o.a] = (D)src[o.b]; } \
}
#define CAST_TO_BOOL(S)                                                             \
extern "C" __global__ void cast_##S##_b8(b8* dst, const S* src, Meta meta, int nd, i64 n) { \
    GRID_STRIDE(i, n) { Offsets o = offsets(i, meta, nd, 2); dst[o.a] = src[o.b] != (S)0; } \
}
#define CAST_FROM(S) CAST(S, u8) CAST(S, i8) CAST(S, i16) CAST(S, i32) CAST(S, i64) CAST(S, f32) CAST(S, f64) CAST_TO_BOOL(S)
CAST_FROM(u8) CAST_FROM(i8) CAST_FROM(i16) CAST_FROM(i32) CAST_FROM(i64) CAST_FROM(f32) CAST_FROM(f64)
CAST(b8, i8) CAST(b8, i16) CAST(b8, i32) CAST(b8, i64) CAST(b8, f32) CAST(b8, f64)
// (b8 -> u8 and b8 -> b8 are bit copies: copy_1.)

// ---- element-wise binary ops (out = a, lhs = b, rhs = c), one dtype -------
// op: 0 add, 1 sub, 2 mul, 3 div (true division), 4 maximum, 5 minimum,
//     6 floor division, 7 Python remainder, 8 pow; 3 and 6-8 are launched
//     for float dtypes only (integer // and % must raise on zero divisors).
template <typename T> __device__ __forceinline__ T floordiv(T x, T y) {
    // PyTorch's div_floor for floating types (Python's // semantics).
    if (y == (T)0) return x / y;
    T m = fmod(x, y);
    T d = (x - m) / y;
    if (m != (T)0 && ((y < (T)0) != (m < (T)0))) d -= (T)1;
    if (d != (T)0) {
        T fd = floor(d);
        return (d - fd > (T)0.5) ? fd + (T)1 : fd;
    }
    return copysign((T)0, x / y);
}
template <typename T> __device__ __forceinline__ T pyremainder(T x, T y) {
    T m = fmod(x, y);
    return (m != (T)0 && ((y < (T)0) != (m < (T)0))) ? m + y : m;
}
template <typename T> __device__ __forceinline__ T binop(int op, T x, T y) {
    switch (op) {
        case 0: return x + y;
        case 1: return x - y;
        case 2: return x * y;
        case 3: return x / y;
        case 4: return x != x ? x : (y != y ? y : (x > y ? x : y));
        default: return x != x ? x : (y != y ? y : (x < y ? x : y));
    }
}
__device__ __forceinline__ f32 binop(int op, f32 x, f32 y) {
    switch (op) {
        case 6: return floordiv<f32>(x, y);
        case 7: return pyremainder<f32>(x, y);
        case 8: return powf(x, y);
        default: return binop<f32>(op, x, y);
    }
}
__device__ __forceinline__ f64 binop(int op, f64 x, f64 y) {
    switch (op) {
        case 6: return floordiv<f64>(x, y);
        case 7: return pyremainder<f64>(x, y);
        case 8: return pow(x, y);
        default: return binop<f64>(op, x, y);
    }
}
// A Python number operand is passed by value (sa / sb) instead of through
// memory: bit 0 of `scalars` means `a` is sa, bit 1 means `b` is sb.
#define BINARY(T)                                                                   \
extern "C" __global__ void binary_##T(T* out, const T* a, const T* b, Meta meta, int nd, i64 n, int op, T sa, T sb, int scalars) { \
    GRID_STRIDE(i, n) {                                                             \
        Offsets o = offsets(i, meta, nd, 3);                                        \
        T x = (scalars & 1) ? sa : a[o.b];                                          \
        T y = (scalars & 2) ? sb : b[o.c];                                          \
        out[o.a] = binop(op, x, y);                                              \
    }                                                                               \
}
BINARY(u8) BINARY(i8) BINARY(i16) BINARY(i32) BINARY(i64) BINARY(f32) BINARY(f64)

// comparisons: 0 eq, 1 ne, 2 lt, 3 le, 4 gt, 5 ge -> bool
template <typename T> __device__ __forceinline__ b8 cmpop(int op, T x, T y) {
    switch (op) {
        case 0: return x == y;
        case 1: return x != y;
        case 2: return x < y;
        case 3: return x <= y;
        case 4: return x > y;
        default: return x >= y;
    }
}
#define COMPARE(T)                                                                  \
extern "C" __global__ void compare_##T(b8* out, const T* a, const T* b, Meta meta, int nd, i64 n, int op, T sa, T sb, int scalars) { \
    GRID_STRIDE(i, n) {                                                             \
        Offsets o = offsets(i, meta, nd, 3);                                        \
        T x = (scalars & 1) ? sa : a[o.b];                                          \
        T y = (scalars & 2) ? sb : b[o.c];                                          \
        out[o.a] = cmpop<T>(op, x, y);                                              \
    }                                                                               \
}
COMPARE(b8) COMPARE(i8) COMPARE(i16) COMPARE(i32) COMPARE(i64) COMPARE(f32) COMPARE(f64)

// ---- element-wise unary math on floats (out = a, in = b) -------------------
// op: 0 neg, 1 abs, 2 sqrt, 3 exp, 4 log, 5 sin, 6 cos, 7 tanh, 8 sigmoid, 9 relu
__device__ __forceinline__ f32 unop(int op, f32 x) {
    switch (op) {
        case 0: return -x;
        case 1: return fabsf(x);
        case 2: return sqrtf(x);
        case 3: return expf(x);
        case 4: return logf(x);
        case 5: return sinf(x);
        case 6: return cosf(x);
        case 7: return tanhf(x);
        case 8: return 1.0f / (1.0f + expf(-x));
        default: return x < 0.0f ? 0.0f : x;  // clamp_min: -0.0 and NaN stay
    }
}
__device__ __forceinline__ f64 unop(int op, f64 x) {
    switch (op) {
        case 0: return -x;
        case 1: return fabs(x);
        case 2: return sqrt(x);
        case 3: return exp(x);
        case 4: return log(x);
        case 5: return sin(x);
        case 6: return cos(x);
        case 7: return tanh(x);
        case 8: return 1.0 / (1.0 + exp(-x));
        default: return x < 0.0 ? 0.0 : x;
    }
}
#define UNARY(T)                                                                    \
extern "C" __global__ void unary_##T(T* out, const T* a, Meta meta, int nd, i64 n, int op) { \
    GRID_STRIDE(i, n) { Offsets o = offsets(i, meta, nd, 2); out[o.a] = unop(op, a[o.b]); } \
}
UNARY(f32) UNARY(f64)

// ---- full sums of a contiguous range, in two deterministic passes ----------
// Pass 1: each block reduces a grid-stride share of `in` into partial[block].
// Pass 2: one block reduces the partials into out[0]. The order of additions
// depends only on the launch shape, so results are reproducible.
#define SUM_BLOCK 256
#define SUM(NAME, T, ACC)                                                           \
extern "C" __global__ void NAME(ACC* out, const T* in, i64 n) {                    \
    __shared__ ACC buf[SUM_BLOCK];                                                  \
    ACC acc = 0;                                                                    \
    GRID_STRIDE(i, n) { acc += (ACC)in[i]; }                                        \
    buf[threadIdx.x] = acc;                                                         \
    __syncthreads();                                                                \
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {  /* a power of two */     \
        if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];              \
        __syncthreads();                                                            \
    }                                                                               \
    if (threadIdx.x == 0) out[blockIdx.x] = buf[0];                                 \
}
SUM(sum_f32, f32, f32)
SUM(sum_f64, f64, f64)
SUM(sum_i64, i64, i64)
SUM(sum_i32, i32, i64)
SUM(sum_i16, i16, i64)
SUM(sum_i8, i8, i64)
SUM(sum_u8, u8, i64)
SUM(sum_b8, b8, i64)

// ---- reductions over some dims: one thread per output element -------------
// `kept` holds the kept dims' sizes, the input's strides (operand a) and the
// output's strides (operand b); `red` the reduced dims' sizes and the
// input's strides (operand a). op: 0 sum, 1 prod, 2 max, 3 min, 4 mean.
// Max and min propagate NaN, as PyTorch's do; they are launched only where
// ACC is the input's own type. Sums add runs of 256 elements in index order
// into a partial, then the partials (error ~ (256 + n/256) ulp, not n).
#define REDUCE(NAME, T, ACC)                                                        \
extern "C" __global__ void NAME(ACC* out, const T* in, Meta kept, int nk, Meta red, int nr, i64 n_out, i64 n_red, int op) { \
    GRID_STRIDE(i, n_out) {                                                         \
        Offsets o = offsets(i, kept, nk, 2);                                        \
        ACC acc = op == 1 ? (ACC)1 : (ACC)0;                                        \
        ACC run = 0;                                                                \
        for (i64 j = 0; j < n_red; ++j) {                                           \
            Offsets r = offsets(j, red, nr, 1);                                     \
            ACC v = (ACC)in[o.a + r.a];                                             \
            if (op == 1) acc *= v;                                                  \
            else if (op == 2) acc = j == 0 ? v : (acc != acc ? acc : (v != v ? v : (v > acc ? v : acc))); \
            else if (op == 3) acc = j == 0 ? v : (acc != acc ? acc : (v != v ? v : (v < acc ? v : acc))); \
            else {                                                                  \
                run += v;                                                           \
                if ((j & 255) == 255) { acc += run; run = 0; }                      \
            }                                                                       \
        }                                                                           \
        if (op == 0 || op == 4) acc += run;                                         \
        if (op == 4) acc = acc / (ACC)n_red;                                        \
        out[o.b] = acc;                                                             \
    }                                                                               \
}
REDUCE(reduce_f32, f32, f32)
REDUCE(reduce_f64, f64, f64)
REDUCE(reduce_i64, i64, i64)
REDUCE(reduce_i32, i32, i64)
REDUCE(reduce_i16, i16, i64)
REDUCE(reduce_i8, i8, i64)
REDUCE(reduce_u8, u8, i64)
REDUCE(reduce_b8, b8, i64)

// ---- batched matrix product (float32/float64) -----------------------------
// out[b, i, j] = sum_p a[b, i, p] * b[b, p, j], out contiguous; `batch` holds
// the broadcast batch sizes with a's strides (operand a) and b's (operand b).
// One thread per output element, products accumulated in T in order of p
// (cuBLAS, which PyTorch uses, blocks and fuses differently: results can
// differ in the last bits).
#define MATMUL(T)                                                                   \
extern "C" __global__ void matmul_##T(T* out, const T* a, const T* b, Meta batch, int nb, i64 n_out, i64 m, i64 n, i64 k, i64 a_rs, i64 a_cs, i64 b_rs, i64 b_cs) { \
    GRID_STRIDE(idx, n_out) {                                                       \
        i64 j = idx % n, i = (idx / n) % m, bi = idx / (m * n);                     \
        Offsets o = offsets(bi, batch, nb, 2);                                      \
        const T* pa = a + o.a + i * a_rs;                                           \
        const T* pb = b + o.b + j * b_cs;                                           \
        T acc = 0;                                                                  \
        for (i64 p = 0; p < k; ++p) acc += pa[p * a_cs] * pb[p * b_rs];             \
        out[idx] = acc;                                                             \
    }                                                                               \
}
MATMUL(f32)
MATMUL(f64)
