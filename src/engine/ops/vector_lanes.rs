//! Which elements PyTorch's `cpu_kernel_vec` computes with its vectorised
//! routine and which with its scalar lambda: the two give different bits
//! for some functions (SLEEF's lanes against glibc), so a kernel that is
//! to print PyTorch's digits must know, element by element, which one
//! PyTorch ran. Depends on TensorIterator's loops, the grain size and the
//! number of intra-op threads.

/// `at::internal::GRAIN_SIZE`: below it TensorIterator runs one loop.
const GRAIN_SIZE: usize = 32768;
/// `vectorized_loop` steps two `Vectorized<float>` (16 lanes each) at a time;
/// the remainder of each loop goes through the scalar lambda.
const VEC_STEP: usize = 32;

/// Whether element `p` of `n`, in TensorIterator's order, is computed by
/// PyTorch's vectorised routine (true) or by the scalar lambda (false) of
/// `cpu_kernel_vec`, when the elements form loops of `row` elements (the
/// whole range for a contiguous input) and `threads` intra-op threads run.
/// Below `GRAIN_SIZE` elements TensorIterator runs one range, else
/// `at::parallel_for` splits it into min(threads, ceil(n / GRAIN_SIZE))
/// chunks of ceil(n / chunks) elements; each loop is a row cut by its chunk,
/// and its last `len % 32` elements are its scalar tail.
pub fn vector_lane(p: usize, n: usize, row: usize, threads: usize) -> bool {
    vector_lane_grain(p, n, row, threads, GRAIN_SIZE)
}

/// [`vector_lane`] for a kernel that passes its own grain size to
/// `at::parallel_for` (GELU: `numel / threads` above 16384 elements).
pub fn vector_lane_grain(p: usize, n: usize, row: usize, threads: usize, grain: usize) -> bool {
    let t = if n <= grain || threads <= 1 { 1 } else { threads.min(n.div_ceil(grain.max(1))) };
    let chunk = n.div_ceil(t).max(1);
    let row = row.max(1);
    let begin = (p / chunk * chunk).max(p / row * row);
    let end = (p / chunk * chunk + chunk).min(p / row * row + row).min(n);
    p - begin < (end - begin) / VEC_STEP * VEC_STEP
}

/// PyTorch's intra-op thread count as tsr assumes it: the threads tsr's own
/// kernels use (PyTorch's default is the number of cores).
pub fn pytorch_threads() -> usize {
    rayon::current_num_threads().max(1)
}

/// For each element of a `shape` tensor in row-major order, whether PyTorch's
/// `cpu_kernel_vec` takes the vectorised routine, given the input's and the
/// output's strides. TensorIterator walks the output's memory order; an
/// input laid out like a dense output is one loop, otherwise the loops run
/// along the output's innermost dimension and vectorise only where the input
/// is contiguous along it (an approximation of TensorIterator's dimension
/// coalescing).
pub fn vector_lanes(shape: &[usize], input: &[usize], output: &[usize], threads: usize) -> Vec<bool> {
    vector_lanes_grain(shape, input, output, threads, GRAIN_SIZE)
}

/// [`vector_lanes`] for a binary `cpu_kernel_vec` computing in `compute`
/// into `out`: the operands laid out alike, or one of them a single element
/// (the vector loop's scalar operand); an operand of another dtype is first
/// cast into the output's layout. Other layouts: every element takes the
/// scalar lambda.
pub fn binary_lanes(a: &super::elementwise::Arg, b: &super::elementwise::Arg, out: &crate::engine::tensor::Tensor, compute: crate::engine::dtype::DType) -> Vec<bool> {
    use super::elementwise::Arg;
    let shape = out.shape();
    let one = |v: &Arg| match v {
        Arg::S(_) => true,
        Arg::T(t) => t.numel() == 1,
    };
    let stride = |t: &crate::engine::tensor::Tensor| if t.dtype == compute { t.stride().to_vec() } else { out.stride().to_vec() };
    let full = |v: &Arg| matches!(v, Arg::T(t) if t.shape() == shape);
    let lead = match (a, b) {
        (Arg::T(x), Arg::T(y)) if full(a) && full(b) && stride(x) == stride(y) => stride(x),
        (Arg::T(x), _) if full(a) && one(b) => stride(x),
        (_, Arg::T(y)) if full(b) && one(a) => stride(y),
        _ => return vec![false; out.numel()],
    };
    vector_lanes(shape, &lead, out.stride(), pytorch_threads())
}

/// [`vector_lanes`] with the kernel's own `at::parallel_for` grain size.
pub fn vector_lanes_grain(shape: &[usize], input: &[usize], output: &[usize], threads: usize, grain: usize) -> Vec<bool> {
    let n: usize = shape.iter().product();
    let mut dims: Vec<usize> = (0..shape.len()).filter(|&d| shape[d] > 1).collect();
    dims.sort_by_key(|&d| output[d]);
    // Each element's position in the iteration: the output's memory order.
    let mut pos = vec![0usize; shape.len()];
    let mut acc = 1;
    for &d in &dims {
        pos[d] = acc;
        acc *= shape[d];
    }
    let same = dims.iter().all(|&d| input[d] == output[d] && output[d] == pos[d]);
    let (row, contiguous) = match dims.first() {
        _ if same => (n, true),
        Some(&d) => (shape[d], input[d] == 1),
        None => (n, true),
    };
    // Row-major positions (the output row-major, the input laid out as it)
    // are the element indices: whole chunks at a time.
    let mut row_major = 1;
    let identity = (0..shape.len()).rev().all(|d| {
        let ok = shape[d] == 1 || pos[d] == row_major;
        row_major *= shape[d];
        ok
    });
    if same && identity {
        let t = if n <= grain || threads <= 1 { 1 } else { threads.min(n.div_ceil(grain.max(1))) };
        let chunk = n.div_ceil(t).max(1);
        let mut lanes = vec![false; n];
        for begin in (0..n).step_by(chunk) {
            let len = chunk.min(n - begin);
            lanes[begin..begin + len / VEC_STEP * VEC_STEP].fill(true);
        }
        return lanes;
    }
    let mut lanes = Vec::with_capacity(n);
    let mut idx = vec![0usize; shape.len()];
    for _ in 0..n {
        let p: usize = idx.iter().zip(&pos).map(|(&i, &s)| i * s).sum();
        lanes.push(contiguous && vector_lane_grain(p, n, row, threads, grain));
        for d in (0..shape.len()).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    lanes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where PyTorch's loops put their scalar tails: the sweep's 126636
    /// sigmoid inputs on 2 threads split at 63318, each chunk ending in a
    /// 22-element tail (positions measured against PyTorch).
    #[test]
    fn tails_of_loops_and_chunks() {
        assert!(vector_lane(31, 40, 40, 2) && !vector_lane(32, 40, 40, 2));
        assert!(!vector_lane(0, 3, 3, 2));
        let n = 126636;
        assert!(vector_lane(63295, n, n, 2) && !vector_lane(63296, n, n, 2) && !vector_lane(63317, n, n, 2));
        assert!(vector_lane(63318, n, n, 2) && !vector_lane(126614, n, n, 2) && vector_lane(126613, n, n, 2));
        assert!(vector_lane(63300, n, n, 1));
        // Rows of 40 elements cut by the chunk boundary at 63300.
        let n = 126600;
        assert!(!vector_lane(63280, n, 40, 2) && !vector_lane(63308, n, 40, 2) && vector_lane(63240, n, 40, 2));
    }

    /// The whole-chunk fill of a row-major tensor gives what the
    /// per-element rule gives.
    #[test]
    fn row_major_lanes_match_the_per_element_rule() {
        for shape in [vec![1usize], vec![31], vec![33], vec![70_001], vec![300, 257], vec![3, 1, 40_000], vec![2, 50, 700]] {
            let n: usize = shape.iter().product();
            let mut stride = vec![1; shape.len()];
            for d in (0..shape.len().saturating_sub(1)).rev() {
                stride[d] = stride[d + 1] * shape[d + 1];
            }
            for threads in [1, 2, 3, 16] {
                for grain in [GRAIN_SIZE, 1000] {
                    let want: Vec<bool> = (0..n).map(|p| vector_lane_grain(p, n, n, threads, grain)).collect();
                    assert_eq!(vector_lanes_grain(&shape, &stride, &stride, threads, grain), want, "{shape:?} {threads} {grain}");
                }
            }
        }
    }
}
