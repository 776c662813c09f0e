//! Pickles: a restricted reader (the security boundary for every file tsr
//! opens) and a writer for what `torch.save` and memory snapshots hold.

pub mod read;
pub mod write;
