//! One module per workload kind: its request fields and the demand it makes.

pub mod devtest;
pub mod hpc;
pub mod inference;
pub mod raw;
pub mod render;
pub mod training;
pub mod vdi;
