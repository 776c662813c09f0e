//! The element-wise math family on the simulated CUDA device: results stay
//! on the input's device, and gradients come back to the CPU leaf (values
//! as PyTorch prints them on the CPU, checked there by cases 900-914).

mod common;

use common::tsr_split;

#[test]
fn math_results_stay_on_the_inputs_device() {
    let src = "x = tensor([0.5, 0.25]).cuda()\nprint(x.acos(), atan2(x, x), x.softmax(0), logsumexp(x, 0), lerp(x, x, 0.5), x.isnan(), x.nan_to_num())";
    let (out, err, code) = tsr_split(&["--cuda", "sim", "-c", src], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "tensor([1.0472, 1.3181], device='cuda:0') tensor([0.7854, 0.7854], device='cuda:0') tensor([0.5622, 0.4378], device='cuda:0') \
tensor(1.0759, device='cuda:0') tensor([0.5000, 0.2500], device='cuda:0') tensor([False, False], device='cuda:0') tensor([0.5000, 0.2500], device='cuda:0')\n"
    );
}

#[test]
fn math_gradients_flow_back_from_the_device() {
    let src = "w = tensor([0.5, 0.25], requires_grad=True)\nc = w.cuda()\ny = c.softmax(0) * tensor([1.0, 2.0]).cuda() + logsumexp(c, 0) + c.acos() + atan2(c, c)\ny.sum().backward()\nprint(w.grad)";
    let (out, err, code) = tsr_split(&["--cuda", "sim", "-c", src], "");
    assert_eq!(code, 0, "{err}");
    // PyTorch 2.15 on the CPU: tensor([-0.2765,  0.0890]).
    assert_eq!(out, "tensor([-0.2765,  0.0890])\n");
}
