//! Layout math checked against the worked results in the PyTorch reference
//! (each expected value was produced by torch 2.15).
use super::*;

fn l(shape: &[usize], stride: &[usize], offset: usize) -> Layout {
    Layout { shape: shape.to_vec(), stride: stride.to_vec(), offset }
}

#[test]
fn default_strides_use_max_size_one() {
    assert_eq!(contiguous_strides(&[2, 3, 4]), vec![12, 4, 1]);
    assert_eq!(contiguous_strides(&[3, 0]), vec![1, 1]);
    assert_eq!(contiguous_strides(&[]), Vec::<usize>::new());
}

#[test]
fn contiguity_skips_size_one_dims() {
    assert!(is_contiguous(&[1, 3], &[1, 1])); // zeros(3,1).t()
    assert!(is_contiguous(&[3, 0], &[1, 3])); // zeros(0,3).t()
    assert!(!is_contiguous(&[4, 3], &[1, 4]));
    assert!(is_channels_last(&[2, 3, 4, 5], &[60, 1, 15, 3]));
    assert!(!is_channels_last(&[3, 4, 5], &[20, 5, 1]));
    assert_eq!(channels_last_strides(&[2, 3, 4, 5]).unwrap(), vec![60, 1, 15, 3]);
}

#[test]
fn compute_stride_worked_examples() {
    let c = l(&[2, 3, 4], &[12, 4, 1], 0);
    assert_eq!(view(&c, &[2, 1, 12]).unwrap().stride, vec![12, 12, 1]);
    assert_eq!(view(&c, &[24, 1]).unwrap().stride, vec![1, 1]);
    let t = l(&[4, 3], &[1, 4], 0);
    assert_eq!(view(&t, &[4, 3, 1]).unwrap().stride, vec![1, 4, 4]);
    assert_eq!(view(&t, &[1, 4, 3]).unwrap().stride, vec![4, 1, 4]);
    assert_eq!(view(&t, &[2, 2, 3]).unwrap().stride, vec![2, 1, 4]);
    assert!(view(&t, &[3, 4]).is_err());
    let p = l(&[3, 2, 4], &[4, 12, 1], 0);
    assert_eq!(view(&p, &[3, 2, 2, 2]).unwrap().stride, vec![4, 12, 2, 1]);
    assert!(view(&p, &[6, 4]).is_err());
    let odd = l(&[2, 1, 3], &[3, 100, 1], 0);
    assert_eq!(view(&odd, &[6]).unwrap().stride, vec![1]);
    let sliced = l(&[2, 3, 2], &[12, 4, 1], 0);
    assert_eq!(view(&sliced, &[6, 2]).unwrap().stride, vec![4, 1]);
    let empty = l(&[0, 3], &[3, 1], 0);
    assert_eq!(view(&empty, &[3, 0, 0]).unwrap().stride, vec![1, 1, 1]);
}

#[test]
fn infer_size_errors_use_pytorch_wording() {
    assert_eq!(infer_size(&[-1, 4], 12).unwrap(), vec![3, 4]);
    assert_eq!(infer_size(&[-1, -1], 12).unwrap_err().message, "only one dimension can be inferred");
    assert_eq!(infer_size(&[5], 12).unwrap_err().message, "shape '[5]' is invalid for input of size 12");
    assert_eq!(
        infer_size(&[-2, 6], 12).unwrap_err().message,
        "invalid shape dimension -2 at index 0 of shape [-2, 6]"
    );
    assert!(infer_size(&[-1, 0], 0).unwrap_err().message.starts_with("cannot reshape tensor of 0 elements"));
}

#[test]
fn view_ops_match_reference_table() {
    let c = Layout::contiguous(&[2, 3, 4]);
    assert_eq!(unsqueeze(&c, 1).unwrap().stride, vec![12, 12, 4, 1]);
    assert_eq!(unsqueeze(&c, 3).unwrap().stride, vec![12, 4, 1, 1]);
    assert_eq!(movedim(&c, &[0], &[2]).unwrap().stride, vec![4, 1, 12]);
    let e = expand(&Layout::contiguous(&[3, 1]), &[2, 3, 5], "LongTensor").unwrap();
    assert_eq!((e.shape, e.stride), (vec![2, 3, 5], vec![0, 1, 0]));
    let u = unfold(&Layout::contiguous(&[10]), 0, 3, 2).unwrap();
    assert_eq!((u.shape, u.stride), (vec![4, 3], vec![2, 1]));
    let n = narrow(&Layout::contiguous(&[4, 3]), 0, 1, 2).unwrap();
    assert_eq!((n.shape, n.stride, n.offset), (vec![2, 3], vec![3, 1], 3));
    let s = slice(&Layout::contiguous(&[10]), 0, Some(1), Some(8), 3).unwrap();
    assert_eq!((s.shape, s.stride, s.offset), (vec![3], vec![3], 1));
    let d = diagonal(&Layout::contiguous(&[3, 4]), 1, 0, 1).unwrap();
    assert_eq!((d.shape, d.stride, d.offset), (vec![3], vec![5], 1));
}

#[test]
fn error_messages_match_pytorch() {
    let c = Layout::contiguous(&[3, 4]);
    assert_eq!(
        wrap_dim(2, 2).unwrap_err().message,
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    );
    assert_eq!(
        expand(&Layout::contiguous(&[3, 1]), &[2, 4], "LongTensor").unwrap_err().message,
        "The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [2, 4].  Tensor sizes: [3, 1]"
    );
    assert_eq!(
        as_strided(&[3, 4], &[4, 2], 0, 8, 96).unwrap_err().message,
        "setStorage: sizes [3, 4], strides [4, 2], storage offset 0, and itemsize 8 requiring a storage size of 120 are out of bounds for storage of size 96"
    );
    assert_eq!(
        narrow(&Layout::contiguous(&[4]), 0, 5, 1).unwrap_err().message,
        "start out of range (expected to be in range of [-4, 4], but got 5)"
    );
    assert_eq!(
        select(&c, 0, 5).unwrap_err().message,
        "select(): index 5 out of range for tensor of size [3, 4] at dimension 0"
    );
    assert_eq!(
        t(&Layout::contiguous(&[2, 3, 4])).unwrap_err().message,
        "t() expects a tensor with <= 2 dimensions, but self is 3D"
    );
}

#[test]
fn dense_strides_keep_order() {
    // zeros(4,6)[:, ::2].t() has strides (2, 6); its clone is (1, 3).
    assert_eq!(infer_dense_strides(&[3, 4], &[2, 6]), vec![1, 3]);
    assert!(is_non_overlapping_and_dense(&[4, 3], &[1, 4]));
    assert!(!is_non_overlapping_and_dense(&[3, 4], &[1, 0]));
    assert_eq!(infer_dense_strides(&[2, 3, 4], &[12, 8, 1]), vec![12, 4, 1]);
}
