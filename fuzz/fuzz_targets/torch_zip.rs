//! A checkpoint from arbitrary zip bytes: open it, then read every storage
//! (bounded) as torch.load would.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(mut ar) = tsr::io::torch_file::from_zip(std::io::Cursor::new(data)) {
        for i in 0..ar.storages.len() {
            let n = ar.storages[i].nbytes;
            if n <= 1 << 20 {
                let mut buf = vec![0u8; n];
                let _ = ar.read_storage(i, &mut buf);
            }
        }
    }
});
