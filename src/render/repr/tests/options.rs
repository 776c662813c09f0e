//! Print options (precision, sci_mode, linewidth, threshold, edgeitems) and the suffixes (`dtype=`, `grad_fn=`, `size=`).
use super::*;

#[test]
fn suffix_dtype_and_grad_fn_wrap() {
    check(
        &VecSrc::f(&[7], &[0.0, 3.0, 6.0, 9.0, 12.0, 15.0, 18.0]),
        &["dtype=torch.float64", "grad_fn=<MulBackward0>"],
        &PrintOptions::default(),
        "tensor([ 0.,  3.,  6.,  9., 12., 15., 18.], dtype=torch.float64,\n       grad_fn=<MulBackward0>)",
    );
}

#[test]
fn suffix_requires_grad_leaf() {
    check(
        &VecSrc::f(&[2], &[1.0, 2.0]),
        &["requires_grad=True"],
        &PrintOptions::default(),
        "tensor([1., 2.], requires_grad=True)",
    );
}

#[test]
fn suffix_wrap_after_multiline() {
    check(
        &VecSrc::f(
            &[16],
            &[
                0.0,
                0.6666666666666666,
                1.3333333333333333,
                2.0,
                2.6666666666666665,
                3.3333333333333335,
                4.0,
                4.666666666666667,
                5.333333333333333,
                6.0,
                6.666666666666667,
                7.333333333333333,
                8.0,
                8.666666666666666,
                9.333333333333334,
                10.0,
            ],
        ),
        &["dtype=torch.float64", "grad_fn=<MulBackward0>"],
        &PrintOptions::default(),
        "tensor([ 0.0000,  0.6667,  1.3333,  2.0000,  2.6667,  3.3333,  4.0000,  4.6667,\n         5.3333,  6.0000,  6.6667,  7.3333,  8.0000,  8.6667,  9.3333, 10.0000],\n       dtype=torch.float64, grad_fn=<MulBackward0>)",
    );
}

#[test]
fn precision_2() {
    check(
        &VecSrc::f(&[2], &[1.1234500408172607, 2.5]),
        &[],
        &PrintOptions {
            precision: 2,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: None,
        },
        "tensor([1.12, 2.50])",
    );
}

#[test]
fn precision_0() {
    check(
        &VecSrc::f(&[3], &[1.5, 2.5, -0.4000000059604645]),
        &[],
        &PrintOptions {
            precision: 0,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: None,
        },
        "tensor([ 2,  2, -0])",
    );
}

#[test]
fn precision_0_sci() {
    check(
        &VecSrc::f(&[2], &[1.500000053056283e-06, 2.5]),
        &[],
        &PrintOptions {
            precision: 0,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: None,
        },
        "tensor([2e-06, 2e+00])",
    );
}

#[test]
fn precision_8() {
    check(
        &VecSrc::f(&[2], &[0.3333333333333333, 2.0]),
        &["dtype=torch.float64"],
        &PrintOptions {
            precision: 8,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: None,
        },
        "tensor([0.33333333, 2.00000000], dtype=torch.float64)",
    );
}

#[test]
fn sci_mode_forced_on() {
    check(
        &VecSrc::f(&[2], &[1.0, 2.0]),
        &[],
        &PrintOptions {
            precision: 4,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: Some(true),
        },
        "tensor([1.0000e+00, 2.0000e+00])",
    );
}

#[test]
fn sci_mode_forced_on_fixed() {
    check(
        &VecSrc::f(&[2], &[0.5, 2.25]),
        &[],
        &PrintOptions {
            precision: 4,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: Some(true),
        },
        "tensor([5.0000e-01, 2.2500e+00])",
    );
}

#[test]
fn sci_mode_forced_off() {
    check(
        &VecSrc::f(&[2], &[9.999999747378752e-06, 1.0]),
        &[],
        &PrintOptions {
            precision: 4,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: Some(false),
        },
        "tensor([0.0000, 1.0000])",
    );
}

#[test]
fn sci_mode_forced_off_huge() {
    check(
        &VecSrc::f(&[2], &[1e+20, 1.0]),
        &["dtype=torch.float64"],
        &PrintOptions {
            precision: 4,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: Some(false),
        },
        "tensor([100000000000000000000.,                     1.], dtype=torch.float64)",
    );
}

#[test]
fn sci_mode_forced_on_all_zero() {
    check(
        &VecSrc::f(&[2], &[0.0, 0.0]),
        &[],
        &PrintOptions {
            precision: 4,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: Some(true),
        },
        "tensor([0., 0.])",
    );
}

#[test]
fn linewidth_40() {
    check(
        &VecSrc::i(
            &[20],
            &[
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
            ],
        ),
        &[],
        &PrintOptions {
            precision: 4,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 40,
            sci_mode: None,
        },
        "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,\n         8,  9, 10, 11, 12, 13, 14, 15,\n        16, 17, 18, 19])",
    );
}

#[test]
fn linewidth_tiny() {
    check(
        &VecSrc::f(&[2], &[123.5, 4.25]),
        &[],
        &PrintOptions {
            precision: 4,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 5,
            sci_mode: None,
        },
        "tensor([123.5000,\n          4.2500])",
    );
}

#[test]
fn threshold_5_edgeitems_1() {
    check(
        &VecSrc::i(&[10], &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        &[],
        &PrintOptions {
            precision: 4,
            threshold: 5,
            edgeitems: 1,
            linewidth: 80,
            sci_mode: None,
        },
        "tensor([0,  ..., 9])",
    );
}

#[test]
fn threshold_5_2d_edgeitems_2() {
    check(
        &VecSrc::i(
            &[6, 6],
            &[
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
            ],
        ),
        &[],
        &PrintOptions {
            precision: 4,
            threshold: 5,
            edgeitems: 2,
            linewidth: 80,
            sci_mode: None,
        },
        "tensor([[ 0,  1,  ...,  4,  5],\n        [ 6,  7,  ..., 10, 11],\n        ...,\n        [24, 25,  ..., 28, 29],\n        [30, 31,  ..., 34, 35]])",
    );
}

#[test]
fn threshold_inf() {
    check(
        &LazySrc::int(&[1001], |i| (i % 10) as i64),
        &[],
        &PrintOptions {
            precision: 4,
            threshold: usize::MAX,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: None,
        },
        "tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0])",
    );
}

#[test]
fn edgeitems_0_1d() {
    check(
        &VecSrc::i(&[10], &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        &[],
        &PrintOptions {
            precision: 4,
            threshold: 5,
            edgeitems: 0,
            linewidth: 80,
            sci_mode: None,
        },
        "tensor([...], size=(10,))",
    );
}

#[test]
fn edgeitems_0_2d_dtype() {
    check(
        &VecSrc::i(&[2, 5], &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        &["dtype=torch.int16"],
        &PrintOptions {
            precision: 4,
            threshold: 5,
            edgeitems: 0,
            linewidth: 80,
            sci_mode: None,
        },
        "tensor([...], size=(2, 5), dtype=torch.int16)",
    );
}

#[test]
fn empty_size_goes_after_device() {
    check(
        &VecSrc::i(&[0, 2], &[]),
        &["device='cpu'", "dtype=torch.int32"],
        &PrintOptions::default(),
        "tensor([], device='cpu', size=(0, 2), dtype=torch.int32)",
    );
}
