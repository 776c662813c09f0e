// Runs tsr's CUDA kernels on the host (see shim.h) against expected values.
// Prints one line per check and exits non-zero if any failed.
#include <cstdio>
#include <cstring>
#include <vector>
#include "../../src/engine/gpu/kernels.cu"

static int failures = 0;

// sizes, then each operand's strides, in the kernels' Meta layout.
static Meta mk(std::initializer_list<i64> sizes, std::initializer_list<std::initializer_list<i64>> strides) {
    Meta m;
    std::memset(&m, 0, sizeof m);
    int d = 0;
    for (i64 s : sizes) m.v[d++] = s;
    int k = 1;
    for (auto st : strides) {
        d = 0;
        for (i64 s : st) m.v[k * MAX_DIMS + d++] = s;
        ++k;
    }
    return m;
}

// One launch: `grid` blocks of one thread each, run in order.
template <typename F, typename... A>
static void launch(unsigned grid, F f, A... a) {
    gridDim = {grid, 1, 1};
    blockDim = {1, 1, 1};
    threadIdx = {0, 0, 0};
    for (unsigned b = 0; b < grid; ++b) {
        blockIdx = {b, 0, 0};
        f(a...);
    }
}

template <typename T>
static void expect(const char* what, const std::vector<T>& got, const std::vector<T>& want) {
    bool ok = got.size() == want.size();
    for (size_t i = 0; ok && i < got.size(); ++i) {
        bool both_nan = got[i] != got[i] && want[i] != want[i];
        ok = both_nan || got[i] == want[i];
    }
    std::printf("%s %s\n", ok ? "ok" : "FAIL", what);
    if (!ok) {
        ++failures;
        for (size_t i = 0; i < got.size(); ++i) std::printf("  [%zu] got %g want %g\n", i, (double)got[i], i < want.size() ? (double)want[i] : -1.0);
    }
}

int main() {
    // copy_4: a 4x3 transposed view of a 3x4 row-major matrix -> contiguous.
    {
        std::vector<f32> src = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
        std::vector<f32> dst(12, -1);
        Meta meta = mk({4, 3}, {{3, 1}, {1, 4}});
        launch(2, copy_4, (u32*)dst.data(), (const u32*)src.data(), meta, 2, (i64)12);
        expect<f32>("copy_4 transpose 3x4 -> contiguous 4x3", dst, {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11});
    }
    // copy_8 with an offset source (a[1:3] of an int64 arange) and a step.
    {
        std::vector<i64> src = {10, 11, 12, 13, 14, 15};
        std::vector<i64> dst(3, 0);
        Meta meta = mk({3}, {{1}, {2}});
        launch(1, copy_8, (u64*)dst.data(), (const u64*)(src.data() + 1), meta, 1, (i64)3);
        expect<i64>("copy_8 x[1::2]", dst, {11, 13, 15});
    }
    // casts: float -> int truncates toward zero; float -> bool tests non-zero; bool -> float is 0/1.
    {
        std::vector<f32> src = {1.9f, -1.9f, 0.0f, 2.5f};
        std::vector<i32> di(4);
        std::vector<b8> db(4);
        Meta meta = mk({4}, {{1}, {1}});
        launch(1, cast_f32_i32, di.data(), (const f32*)src.data(), meta, 1, (i64)4);
        expect<i32>("cast_f32_i32 truncation", di, {1, -1, 0, 2});
        launch(1, cast_f32_b8, db.data(), (const f32*)src.data(), meta, 1, (i64)4);
        expect<b8>("cast_f32_b8 non-zero test", db, {1, 1, 0, 1});
        std::vector<u8> u = {0, 2, 255, 1};
        launch(1, cast_u8_b8, db.data(), (const u8*)u.data(), meta, 1, (i64)4);
        expect<b8>("cast_u8_b8 non-zero test (not a bit copy)", db, {0, 1, 1, 1});
        std::vector<f32> back(4);
        launch(1, cast_b8_f32, back.data(), (const b8*)db.data(), meta, 1, (i64)4);
        expect<f32>("cast_b8_f32", back, {0, 1, 1, 1});
    }
    // binary_f32: a (2x3) + b (3,) broadcast with stride 0 on dim 0.
    {
        std::vector<f32> a = {1, 2, 3, 4, 5, 6}, b = {10, 20, 30}, out(6);
        Meta meta = mk({2, 3}, {{3, 1}, {3, 1}, {0, 1}});
        launch(3, binary_f32, out.data(), (const f32*)a.data(), (const f32*)b.data(), meta, 2, (i64)6, 0, (f32)0, (f32)0, 0);
        expect<f32>("binary_f32 add with broadcast", out, {11, 22, 33, 14, 25, 36});
        launch(1, binary_f32, out.data(), (const f32*)a.data(), (const f32*)b.data(), meta, 2, (i64)6, 3, (f32)0, (f32)0, 0);
        expect<f32>("binary_f32 div", out, {0.1f, 0.1f, 0.1f, 0.4f, 0.25f, 0.2f});
        std::vector<f32> x = {1, NAN, 3}, y = {2, 0, NAN}, m(3);
        Meta meta1 = mk({3}, {{1}, {1}, {1}});
        launch(1, binary_f32, m.data(), (const f32*)x.data(), (const f32*)y.data(), meta1, 1, (i64)3, 4, (f32)0, (f32)0, 0);
        expect<f32>("binary_f32 maximum propagates NaN", m, {2, NAN, NAN});
        // out written through a transposed layout: out strides (1, 2) for shape (2, 3).
        std::vector<f32> t(6);
        Meta meta2 = mk({2, 3}, {{1, 2}, {3, 1}, {0, 1}});
        launch(2, binary_f32, t.data(), (const f32*)a.data(), (const f32*)b.data(), meta2, 2, (i64)6, 1, (f32)0, (f32)0, 0);
        expect<f32>("binary_f32 sub into a column-major output", t, {-9, -6, -18, -15, -27, -24});
    }
    // Python-number operands by value: a * 0.5 and 2 - a (scalar first).
    {
        std::vector<f32> a = {1, 2, 3}, out(3);
        Meta meta = mk({3}, {{1}, {1}, {0}});
        launch(1, binary_f32, out.data(), (const f32*)a.data(), (const f32*)nullptr, meta, 1, (i64)3, 2, (f32)0, (f32)0.5f, 2);
        expect<f32>("binary_f32 tensor * scalar", out, {0.5f, 1, 1.5f});
        Meta meta_r = mk({3}, {{1}, {0}, {1}});
        launch(1, binary_f32, out.data(), (const f32*)nullptr, (const f32*)a.data(), meta_r, 1, (i64)3, 1, (f32)2, (f32)0, 1);
        expect<f32>("binary_f32 scalar - tensor", out, {1, 0, -1});
        std::vector<b8> c(3);
        launch(1, compare_f32, c.data(), (const f32*)a.data(), (const f32*)nullptr, meta, 1, (i64)3, 4, (f32)0, (f32)1.5f, 2);
        expect<b8>("compare_f32 tensor > scalar", c, {0, 1, 1});
    }
    // Python's // and % on floats (signs follow the divisor), and pow.
    {
        std::vector<f32> x = {7, -7, 7, -7, 1, -0.0f}, y = {2, 2, -2, -2, 0, 3}, out(6);
        Meta meta = mk({6}, {{1}, {1}, {1}});
        launch(1, binary_f32, out.data(), (const f32*)x.data(), (const f32*)y.data(), meta, 1, (i64)6, 6, (f32)0, (f32)0, 0);
        expect<f32>("binary_f32 floor division", out, {3, -4, -4, 3, INFINITY, -0.0f});
        launch(1, binary_f32, out.data(), (const f32*)x.data(), (const f32*)y.data(), meta, 1, (i64)5, 7, (f32)0, (f32)0, 0);
        out[5] = 0;
        expect<f32>("binary_f32 Python remainder", out, {1, 1, -1, -1, NAN, 0});
        std::vector<f64> xd = {2, 9, -8}, yd = {10, 0.5, 3}, od(3);
        Meta m3 = mk({3}, {{1}, {1}, {1}});
        launch(1, binary_f64, od.data(), (const f64*)xd.data(), (const f64*)yd.data(), m3, 1, (i64)3, 8, (f64)0, (f64)0, 0);
        expect<f64>("binary_f64 pow", od, {1024, 3, -512});
    }
    // binary_i64 wraps like C++; compare_i64 gives bools.
    {
        std::vector<i64> a = {INT64_MAX, 5, -3}, b = {1, 5, 2}, out(3);
        std::vector<b8> c(3);
        Meta meta = mk({3}, {{1}, {1}, {1}});
        launch(1, binary_i64, out.data(), (const i64*)a.data(), (const i64*)b.data(), meta, 1, (i64)3, 2, (i64)0, (i64)0, 0);
        expect<i64>("binary_i64 mul", out, {INT64_MAX, 25, -6});
        launch(1, compare_i64, c.data(), (const i64*)a.data(), (const i64*)b.data(), meta, 1, (i64)3, 2, (i64)0, (i64)0, 0);
        expect<b8>("compare_i64 lt", c, {0, 0, 1});
        launch(1, compare_i64, c.data(), (const i64*)a.data(), (const i64*)b.data(), meta, 1, (i64)3, 3, (i64)0, (i64)0, 0);
        expect<b8>("compare_i64 le", c, {0, 1, 1});
    }
    // unary_f32 / unary_f64.
    {
        std::vector<f32> x = {-2, 0, 4}, out(3);
        Meta meta = mk({3}, {{1}, {1}});
        launch(1, unary_f32, out.data(), (const f32*)x.data(), meta, 1, (i64)3, 9);
        expect<f32>("unary_f32 relu", out, {0, 0, 4});
        launch(1, unary_f32, out.data(), (const f32*)x.data(), meta, 1, (i64)3, 1);
        expect<f32>("unary_f32 abs", out, {2, 0, 4});
        std::vector<f64> xd = {0, 1}, od(2);
        Meta meta2 = mk({2}, {{1}, {1}});
        launch(1, unary_f64, od.data(), (const f64*)xd.data(), meta2, 1, (i64)2, 8);
        expect<f64>("unary_f64 sigmoid", od, {0.5, 1.0 / (1.0 + std::exp(-1.0))});
    }
    // sum: pass 1 over 3 blocks, pass 2 over the partials.
    {
        std::vector<f32> x(1000);
        for (int i = 0; i < 1000; ++i) x[i] = (f32)i;
        std::vector<f32> partial(3), total(1);
        launch(3, sum_f32, partial.data(), (const f32*)x.data(), (i64)1000);
        launch(1, sum_f32, total.data(), (const f32*)partial.data(), (i64)3);
        expect<f32>("sum_f32 two passes", total, {499500});
        std::vector<i32> xi = {INT32_MAX, INT32_MAX, 2};
        std::vector<i64> pi(2), ti(1);
        launch(2, sum_i32, pi.data(), (const i32*)xi.data(), (i64)3);
        launch(1, sum_i64, ti.data(), (const i64*)pi.data(), (i64)2);
        expect<i64>("sum_i32 accumulates in int64", ti, {2 * (i64)INT32_MAX + 2});
        std::vector<b8> xb = {1, 0, 1, 1};
        launch(1, sum_b8, pi.data(), (const b8*)xb.data(), (i64)4);
        expect<i64>("sum_b8 counts trues", std::vector<i64>{pi[0]}, {3});
    }
    // reduce_*: a (2, 3, 4) int32 tensor reduced over dim 1 (kept: 0 and 2),
    // and a full max with a NaN.
    {
        std::vector<i32> x(24);
        for (int i = 0; i < 24; ++i) x[i] = i;
        std::vector<i64> out(8);
        Meta kept = mk({2, 4}, {{12, 1}, {4, 1}});
        Meta red = mk({3}, {{4}});
        launch(2, reduce_i32, out.data(), (const i32*)x.data(), kept, 2, red, 1, (i64)8, (i64)3, 0);
        expect<i64>("reduce_i32 sum over dim 1", out, {12, 15, 18, 21, 48, 51, 54, 57});
        launch(1, reduce_i32, out.data(), (const i32*)x.data(), kept, 2, red, 1, (i64)8, (i64)3, 1);
        expect<i64>("reduce_i32 prod over dim 1", out, {0, 45, 120, 231, 12 * 16 * 20, 13 * 17 * 21, 14 * 18 * 22, 15 * 19 * 23});
        std::vector<f32> f = {1, 5, NAN, 2}, o1(1);
        Meta none = mk({}, {});
        Meta all = mk({4}, {{1}});
        launch(1, reduce_f32, o1.data(), (const f32*)f.data(), none, 0, all, 1, (i64)1, (i64)4, 2);
        expect<f32>("reduce_f32 max propagates NaN", o1, {NAN});
        launch(1, reduce_f32, o1.data(), (const f32*)f.data(), none, 0, all, 1, (i64)1, (i64)2, 4);
        expect<f32>("reduce_f32 mean", o1, {3});
        launch(1, reduce_f32, o1.data(), (const f32*)f.data(), none, 0, all, 1, (i64)1, (i64)0, 1);
        expect<f32>("reduce_f32 prod of nothing is 1", o1, {1});
    }
    // matmul_f32: a batch of 2 (2x3) @ a broadcast (3x2) (batch stride 0),
    // with b read transposed (column-major).
    {
        std::vector<f32> a = {1, 2, 3, 4, 5, 6, -1, -2, -3, -4, -5, -6};
        std::vector<f32> bt = {1, 0, 1, 0, 1, 1};  // b = [[1,0],[0,1],[1,1]] stored column-major
        std::vector<f32> out(8);
        Meta batch = mk({2}, {{6}, {0}});
        launch(2, matmul_f32, out.data(), (const f32*)a.data(), (const f32*)bt.data(), batch, 1, (i64)8, (i64)2, (i64)2, (i64)3, (i64)3, (i64)1, (i64)1, (i64)3);
        expect<f32>("matmul_f32 batched, broadcast, transposed b", out, {4, 5, 10, 11, -4, -5, -10, -11});
    }
    return failures == 0 ? 0 : 1;
}
