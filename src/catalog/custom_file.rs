//! Custom catalog files (CSV or JSON) in the documented schema: every error
//! names its line and column.

use crate::error::{check_range, Error};
use serde::{Deserialize, Serialize};

/// One offer of a custom catalog: the documented schema of CSV and JSON imports.
#[derive(Deserialize, Serialize, Debug, Default, Clone, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct CustomOffer {
    pub provider: String,
    pub instance: String,
    pub region: String,
    /// A catalog accelerator key or alias; other names are kept as given, without specs.
    pub accelerator: String,
    pub gpu_count: f64,
    /// Memory per GPU; defaults to the accelerator's.
    #[serde(default)]
    pub memory_per_gpu_gib: Option<f64>,
    #[serde(default)]
    pub vcpus: Option<f64>,
    #[serde(default)]
    pub memory_gib: Option<f64>,
    /// Prices per instance-hour in `currency` (USD unless stated).
    #[serde(default)]
    pub on_demand: Option<f64>,
    #[serde(default)]
    pub spot: Option<f64>,
    #[serde(default, rename = "reserved1y")]
    pub reserved_1y: Option<f64>,
    #[serde(default, rename = "reserved3y")]
    pub reserved_3y: Option<f64>,
    #[serde(default)]
    pub currency: Option<String>,
    /// Where the prices come from (a quote, a contract) and when.
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub date: Option<String>,
    /// The network between instances, as the owner declares it: `infiniband`,
    /// `roce`, `efa` or `rdma` (RDMA-class, for multi-node training), `ethernet`
    /// or `none`. Left out, a multi-node cluster of it is `rdma-unknown`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub interconnect: Option<String>,
}

/// The declared interconnects: RDMA-class first (`true`), then without RDMA.
pub const INTERCONNECTS: [(&str, bool); 6] =
    [("infiniband", true), ("roce", true), ("efa", true), ("rdma", true), ("ethernet", false), ("none", false)];

/// Whether a declared interconnect is RDMA-class; `None` for a name not in [`INTERCONNECTS`].
pub fn interconnect_rdma(name: &str) -> Option<bool> {
    let name = name.trim().to_ascii_lowercase();
    INTERCONNECTS.iter().find(|(n, _)| *n == name).map(|(_, rdma)| *rdma)
}

/// Columns of the CSV form, in the documented order.
pub const CUSTOM_COLUMNS: [&str; 17] = [
    "provider",
    "instance",
    "region",
    "accelerator",
    "gpuCount",
    "memoryPerGpuGib",
    "vcpus",
    "memoryGib",
    "onDemand",
    "spot",
    "reserved1y",
    "reserved3y",
    "currency",
    "source",
    "date",
    "interconnect",
    "notes",
];

const FILE_FIELD: &str = "file";

/// Reads a custom catalog file (`csv` or `json`), naming line and column of any error.
pub fn parse_custom_catalog(text: &str, format: &str) -> Result<Vec<CustomOffer>, Error> {
    let offers = match format {
        "csv" => parse_csv(text)?,
        "json" => parse_json(text)?,
        other => return Err(Error::new("format", format!("`{other}` is not a catalog format; use `csv` or `json`"))),
    };
    if offers.is_empty() {
        return Err(Error::new(FILE_FIELD, "the file holds no offers"));
    }
    Ok(offers)
}

fn parse_csv(text: &str) -> Result<Vec<CustomOffer>, Error> {
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| Error::in_file(FILE_FIELD, 1, "", e.to_string()))?.clone();
    for h in headers.iter() {
        if !CUSTOM_COLUMNS.contains(&h) {
            return Err(Error::in_file(
                FILE_FIELD,
                1,
                h,
                format!("unknown column; expected: {}", CUSTOM_COLUMNS.join(", ")),
            ));
        }
    }
    for required in ["provider", "instance", "region", "accelerator", "gpuCount"] {
        if !headers.iter().any(|h| h == required) {
            return Err(Error::in_file(FILE_FIELD, 1, required, "required column is missing"));
        }
    }
    let mut offers = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            Error::in_file(FILE_FIELD, line, "", e.to_string())
        })?;
        let line = record.position().map_or(0, |p| p.line());
        let cell = |name: &str| headers.iter().position(|h| h == name).and_then(|i| record.get(i)).unwrap_or("");
        let text = |name: &str| Some(cell(name).to_string()).filter(|s| !s.is_empty());
        let number = |name: &str| -> Result<Option<f64>, Error> {
            let c = cell(name);
            if c.is_empty() {
                return Ok(None);
            }
            c.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(Some)
                .ok_or_else(|| Error::in_file(FILE_FIELD, line, name, format!("`{c}` is not a number")))
        };
        let required =
            |name: &str| text(name).ok_or_else(|| Error::in_file(FILE_FIELD, line, name, "a value is required"));
        let offer = CustomOffer {
            provider: required("provider")?,
            instance: required("instance")?,
            region: required("region")?,
            accelerator: required("accelerator")?,
            gpu_count: number("gpuCount")?
                .ok_or_else(|| Error::in_file(FILE_FIELD, line, "gpuCount", "a value is required"))?,
            memory_per_gpu_gib: number("memoryPerGpuGib")?,
            vcpus: number("vcpus")?,
            memory_gib: number("memoryGib")?,
            on_demand: number("onDemand")?,
            spot: number("spot")?,
            reserved_1y: number("reserved1y")?,
            reserved_3y: number("reserved3y")?,
            currency: text("currency"),
            source: text("source"),
            date: text("date"),
            interconnect: text("interconnect"),
        };
        check_offer(offers.len(), &offer)
            .map_err(|e| Error::in_file(FILE_FIELD, line, e.field.rsplit('.').next().unwrap_or(""), e.message))?;
        offers.push(offer);
    }
    Ok(offers)
}

/// JSON: `{ "offers": [ … ] }` or a bare array of offers.
fn parse_json(text: &str) -> Result<Vec<CustomOffer>, Error> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Wrapped {
        offers: Vec<CustomOffer>,
    }
    fn read<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, Error> {
        let mut de = serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.inner();
            Error::in_file(FILE_FIELD, inner.line() as u64, if path == "." { "" } else { &path }, inner.to_string())
        })
    }
    // The first character says which form it is, so errors keep their position.
    let offers = if text.trim_start().starts_with('[') {
        read::<Vec<CustomOffer>>(text)?
    } else {
        read::<Wrapped>(text)?.offers
    };
    for (i, o) in offers.iter().enumerate() {
        check_offer(i, o)?;
    }
    Ok(offers)
}

/// Checks one custom offer's values; the field path names the offer.
pub(crate) fn check_offer(i: usize, o: &CustomOffer) -> Result<(), Error> {
    let field = |name: &str| format!("customOffers[{i}].{name}");
    for (name, value) in
        [("provider", &o.provider), ("instance", &o.instance), ("region", &o.region), ("accelerator", &o.accelerator)]
    {
        if value.trim().is_empty() || value.len() > 200 {
            return Err(Error::new(field(name), "must be 1 to 200 characters"));
        }
    }
    check_range(&field("gpuCount"), o.gpu_count, 0.001, 100_000.0)?;
    if let Some(name) = &o.interconnect {
        if interconnect_rdma(name).is_none() {
            let known: Vec<&str> = INTERCONNECTS.iter().map(|(n, _)| *n).collect();
            return Err(Error::new(field("interconnect"), format!("unknown `{name}`; use {}", known.join(", "))));
        }
    }
    for (name, value) in [
        ("memoryPerGpuGib", o.memory_per_gpu_gib),
        ("vcpus", o.vcpus),
        ("memoryGib", o.memory_gib),
        ("onDemand", o.on_demand),
        ("spot", o.spot),
        ("reserved1y", o.reserved_1y),
        ("reserved3y", o.reserved_3y),
    ] {
        if let Some(v) = value {
            check_range(&field(name), v, 0.0, 1e9)?;
        }
    }
    Ok(())
}
