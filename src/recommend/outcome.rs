//! What the per-offer pass keeps: plain numbers and stable codes, with no
//! text and no allocation. Words (en and zh) are written from a code and its
//! params only for what an answer returns (`words.rs`), so the page can also
//! render any language from the same code and numbers.

use serde::ser::{Serialize, SerializeMap, Serializer};

/// Up to four named numbers that explain a code.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Params {
    names: [&'static str; 4],
    values: [f64; 4],
    len: u8,
}

impl Params {
    pub fn of(pairs: &[(&'static str, f64)]) -> Params {
        let mut p = Params::default();
        for (name, value) in pairs.iter().take(4) {
            p.names[p.len as usize] = name;
            p.values[p.len as usize] = *value;
            p.len += 1;
        }
        p
    }

    pub fn get(&self, name: &str) -> Option<f64> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The value of `name`, 0 when absent (templates only ask for what their code sets).
    pub fn num(&self, name: &str) -> f64 {
        self.get(name).unwrap_or(0.0)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, f64)> + '_ {
        (0..self.len as usize).map(|i| (self.names[i], self.values[i]))
    }
}

impl Serialize for Params {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len as usize))?;
        for (name, value) in self.iter() {
            map.serialize_entry(name, &value)?;
        }
        map.end()
    }
}

crate::ts_as!(Params, "Record<string, number>");

/// Why an offer cannot serve the demand: a stable code and its numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Exclusion {
    pub code: &'static str,
    pub params: Params,
}

pub fn exclude(code: &'static str, params: &[(&'static str, f64)]) -> Exclusion {
    Exclusion { code, params: Params::of(params) }
}

/// A caution about a kept offer: a stable code and its numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Notice {
    pub code: &'static str,
    pub params: Params,
}

/// At most four notices, kept inline.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Notices {
    items: [Option<Notice>; 4],
}

impl Notices {
    pub fn push(&mut self, code: &'static str, params: &[(&'static str, f64)]) {
        if let Some(slot) = self.items.iter_mut().find(|n| n.is_none()) {
            *slot = Some(Notice { code, params: Params::of(params) });
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &Notice> + '_ {
        self.items.iter().flatten()
    }
}

/// How the GPUs of a fit are laid out and talk to each other.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Layout {
    /// All GPUs in one instance.
    OneInstance,
    /// Several instances; `rdma` when their networking is InfiniBand/RDMA class,
    /// with the fabric's Gb/s per instance where the provider states it, and the GPUs
    /// one NVLink domain joins where it spans instances (an NVL72 rack: 72).
    MultiNode { rdma: bool, fabric_gbit_per_s: Option<f64>, nvlink_rack_gpus: Option<f64> },
    /// Several instances, each on its own share of independent work (frames, HPC jobs that
    /// each fit within one instance): nothing crosses between them.
    Apart,
    /// Inference replicas of `gpus_per_replica` GPUs, tensor parallel inside an instance.
    Replicas { gpus_per_replica: f64 },
    /// Virtual desktops per instance.
    Desktops { per_instance: f64 },
}
