//! The restricted unpickler under both policies, and a snapshot read:
//! no input may panic, hang or allocate beyond its size.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tsr::io::pickle::read::{unpickle, Policy};

fuzz_target!(|data: &[u8]| {
    let _ = unpickle(data, Policy::Torch);
    let _ = unpickle(data, Policy::Plain);
    let _ = tsr::io::snapshot::parse(data);
});
