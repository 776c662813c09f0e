//! An .npy header and its data, and the same bytes as a safetensors file.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut r = std::io::Cursor::new(data);
    if let Ok(h) = tsr::io::npy::read_header(&mut r)
        && let Ok(_t) = h.tensor(0)
        && h.nbytes() <= 1 << 20
    {
        let mut buf = vec![0u8; h.nbytes()];
        let _ = tsr::io::npy::read_data(&mut r, &h, &mut buf);
    }
    if let Ok(f) = tsr::io::safetensors_file::from_bytes(data.to_vec()) {
        for i in 0..f.tensors.len() {
            let _ = f.data(i).len();
        }
    }
});
