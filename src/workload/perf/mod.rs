//! Performance models made of named formulas: what a layout of GPUs does with a workload.

pub mod serving;
