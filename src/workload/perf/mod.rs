//! The performance model: named, cited formulas for training step time,
//! achieved efficiency per vendor and software stack (as data), HPC code
//! classes and serving under continuous batching. Plain functions over plain
//! numbers, so each kind's fit can call them per offer. Sources and
//! assumptions are listed in docs/ACCURACY.md.

pub mod efficiency;
pub mod hpc;
pub mod serving;
pub mod training;
