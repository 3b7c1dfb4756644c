//! How the offers are stored in the embedded blob: as columns, each string
//! once, and each number as a short decimal where it is one.
//!
//! Why: the offers are nearly all of the catalog's bytes, and the module's
//! bytes are what a first visit downloads (issue 18). Stored row by row, each
//! offer interleaves strings, indexes and eight-byte floats, which gzip cannot
//! match across offers: the blob was 731 kB, 131.5 kB gzipped. A column of
//! region indexes, or of prices written as decimal integers (`32.7726` as
//! 327,726 × 10⁻⁴, a 3-byte varint instead of 8 bytes of mantissa), repeats
//! and compresses: 405 kB, 102.1 kB gzipped (5,389 offers; the tables beside
//! the offers, mostly sources' and notes' text, are 36.7 kB of it).
//!
//! Lossless: [`CatalogData`](super::CatalogData)'s `offers` field is
//! stored through this module (`#[serde(with)]`), so the engine still sees
//! one `Vec<Offer>`, equal field by field to what `build.rs` built. A number
//! is stored as a decimal only when dividing its digits by its power of ten
//! gives back the same `f64` bit for bit (checked when it is written; both are
//! exact in an `f64`, so the division is correctly rounded, as parsing the
//! decimal text was); any other number is kept as its bits.

use super::{Offer, OriginalPrice, Prices, Text};
use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};
use std::collections::HashMap;

/// Powers of ten an `f64` holds exactly (10²² is the largest).
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];
/// Integers up to 2⁵³ are exact in an `f64`.
const MAX_EXACT_DIGITS: u64 = 1 << 53;
/// Low bits of a decimal's code that hold its power of ten (0..=22).
const EXPONENT_BITS: u32 = 5;

/// The offers, one column per field. Text columns index `words`; a number
/// column holds codes (see [`number_code`]).
#[derive(Serialize, Deserialize, Default)]
#[serde(bound(deserialize = "'de: 'static"))]
struct OfferColumns {
    /// Every distinct provider, instance, family and currency, once.
    words: Vec<Text>,
    provider: Vec<u32>,
    instance: Vec<u32>,
    family: Vec<u32>,
    region: Vec<u32>,
    accelerator: Vec<u32>,
    source: Vec<u32>,
    flag_set: Vec<u32>,
    gpu_count: Vec<u64>,
    memory_per_gpu_gib: Vec<u64>,
    gpu_memory_gib: Vec<u64>,
    vcpus: Vec<u64>,
    memory_gib: Vec<u64>,
    on_demand: Vec<u64>,
    spot: Vec<u64>,
    reserved_1y: Vec<u64>,
    reserved_3y: Vec<u64>,
    /// 1 + the currency's index in `words`; 0: the price was published in USD.
    original_currency: Vec<u32>,
    original_on_demand_per_hour: Vec<u64>,
    /// Bit 0: reserved 1-year derived; bit 1: 3-year derived; bits 2–3:
    /// `rdma_declared` (0 none, 1 false, 2 true).
    marks: Vec<u8>,
    /// Numbers that are not short decimals, as they were.
    exact: Vec<f64>,
}

/// The code of a number: 0 is `None`; an odd code is a decimal, `digits ·
/// 10^-exponent` with `(digits << 5 | exponent) << 1 | 1`; an even code is
/// `(index + 1) << 1` into `exact`, where a number that is not a decimal is kept.
fn number_code(value: Option<f64>, exact: &mut Vec<f64>) -> u64 {
    let Some(v) = value else { return 0 };
    match decimal_of(v) {
        Some((digits, exponent)) => ((digits << EXPONENT_BITS | exponent as u64) << 1) | 1,
        None => {
            exact.push(v);
            (exact.len() as u64) << 1
        }
    }
}

/// `v` as `digits · 10^-exponent` when that gives `v` back exactly.
fn decimal_of(v: f64) -> Option<(u64, u32)> {
    if !v.is_finite() || v.is_sign_negative() {
        return None;
    }
    // `{:e}` writes the shortest digits that read back as `v`: "3.27726e1".
    let text = format!("{v:e}");
    let (mantissa, power) = text.split_once('e')?;
    let power: i32 = power.parse().ok()?;
    let digits_text: String = mantissa.chars().filter(|c| *c != '.').collect();
    let mut digits: u64 = digits_text.parse().ok()?;
    let mut exponent = digits_text.len() as i32 - 1 - power;
    while exponent < 0 {
        digits = digits.checked_mul(10)?;
        exponent += 1;
    }
    let exponent = u32::try_from(exponent).ok()?;
    if digits >= MAX_EXACT_DIGITS || exponent as usize >= POW10.len() {
        return None;
    }
    let back = digits as f64 / POW10[exponent as usize];
    (back.to_bits() == v.to_bits()).then_some((digits, exponent))
}

fn number_of(code: u64, exact: &[f64]) -> Result<Option<f64>, String> {
    if code == 0 {
        return Ok(None);
    }
    if code & 1 == 1 {
        let packed = code >> 1;
        let exponent = (packed & ((1 << EXPONENT_BITS) - 1)) as usize;
        let digits = packed >> EXPONENT_BITS;
        let power = POW10.get(exponent).ok_or("a number's power of ten is out of range")?;
        return Ok(Some(digits as f64 / power));
    }
    exact.get((code >> 1) as usize - 1).copied().map(Some).ok_or_else(|| "a number's index is out of range".into())
}

impl OfferColumns {
    fn from_offers(offers: &[Offer]) -> OfferColumns {
        let mut columns = OfferColumns::default();
        let mut word_index: HashMap<Text, u32> = HashMap::new();
        for offer in offers {
            let mut word = |text: &Text| -> u32 {
                *word_index.entry(text.clone()).or_insert_with(|| {
                    columns.words.push(text.clone());
                    columns.words.len() as u32 - 1
                })
            };
            let (provider, instance, family) = (word(&offer.provider), word(&offer.instance), word(&offer.family));
            let currency = offer.original_price.as_ref().map_or(0, |p| word(&p.currency) + 1);
            columns.provider.push(provider);
            columns.instance.push(instance);
            columns.family.push(family);
            columns.original_currency.push(currency);
            columns.region.push(offer.region);
            columns.accelerator.push(offer.accelerator);
            columns.source.push(offer.source);
            columns.flag_set.push(offer.flag_set);
            let mut code = |v: Option<f64>| number_code(v, &mut columns.exact);
            columns.gpu_count.push(code(Some(offer.gpu_count)));
            columns.memory_per_gpu_gib.push(code(offer.memory_per_gpu_gib));
            columns.gpu_memory_gib.push(code(offer.gpu_memory_gib));
            columns.vcpus.push(code(offer.vcpus));
            columns.memory_gib.push(code(offer.memory_gib));
            let p = &offer.prices;
            columns.on_demand.push(code(p.on_demand));
            columns.spot.push(code(p.spot));
            columns.reserved_1y.push(code(p.reserved_1y));
            columns.reserved_3y.push(code(p.reserved_3y));
            columns.original_on_demand_per_hour.push(code(offer.original_price.as_ref().map(|o| o.on_demand_per_hour)));
            let rdma = match offer.rdma_declared {
                None => 0,
                Some(false) => 1,
                Some(true) => 2,
            };
            columns.marks.push(p.reserved_1y_derived as u8 | (p.reserved_3y_derived as u8) << 1 | rdma << 2);
        }
        columns
    }

    fn into_offers(self) -> Result<Vec<Offer>, String> {
        let n = self.provider.len();
        let lengths = [
            self.instance.len(),
            self.family.len(),
            self.region.len(),
            self.accelerator.len(),
            self.source.len(),
            self.flag_set.len(),
            self.gpu_count.len(),
            self.memory_per_gpu_gib.len(),
            self.gpu_memory_gib.len(),
            self.vcpus.len(),
            self.memory_gib.len(),
            self.on_demand.len(),
            self.spot.len(),
            self.reserved_1y.len(),
            self.reserved_3y.len(),
            self.original_currency.len(),
            self.original_on_demand_per_hour.len(),
            self.marks.len(),
        ];
        if lengths.iter().any(|&l| l != n) {
            return Err("the offer columns differ in length".into());
        }
        let word = |i: u32| self.words.get(i as usize).cloned().ok_or("a word index is out of range");
        let number = |code: u64| number_of(code, &self.exact);
        let mut offers = Vec::with_capacity(n);
        for i in 0..n {
            let marks = self.marks[i];
            let original_price = match self.original_currency[i] {
                0 => None,
                c => Some(OriginalPrice {
                    currency: word(c - 1)?,
                    on_demand_per_hour: number(self.original_on_demand_per_hour[i])?
                        .ok_or("a published price has no amount")?,
                }),
            };
            offers.push(Offer {
                provider: word(self.provider[i])?,
                instance: word(self.instance[i])?,
                family: word(self.family[i])?,
                region: self.region[i],
                accelerator: self.accelerator[i],
                gpu_count: number(self.gpu_count[i])?.ok_or("an offer has no GPU count")?,
                memory_per_gpu_gib: number(self.memory_per_gpu_gib[i])?,
                gpu_memory_gib: number(self.gpu_memory_gib[i])?,
                vcpus: number(self.vcpus[i])?,
                memory_gib: number(self.memory_gib[i])?,
                prices: Prices {
                    on_demand: number(self.on_demand[i])?,
                    spot: number(self.spot[i])?,
                    reserved_1y: number(self.reserved_1y[i])?,
                    reserved_3y: number(self.reserved_3y[i])?,
                    reserved_1y_derived: marks & 1 != 0,
                    reserved_3y_derived: marks & 2 != 0,
                },
                original_price,
                source: self.source[i],
                flag_set: self.flag_set[i],
                rdma_declared: match marks >> 2 {
                    0 => None,
                    1 => Some(false),
                    _ => Some(true),
                },
            });
        }
        Ok(offers)
    }
}

/// `#[serde(serialize_with)]` of `CatalogData::offers`.
pub fn serialize<S: Serializer>(offers: &[Offer], serializer: S) -> Result<S::Ok, S::Error> {
    OfferColumns::from_offers(offers).serialize(serializer)
}

/// `#[serde(deserialize_with)]` of `CatalogData::offers`.
pub fn deserialize<'de: 'static, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Offer>, D::Error> {
    OfferColumns::deserialize(deserializer)?.into_offers().map_err(D::Error::custom)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field's every form, through the columns and back (the embedded catalog
    /// has no offer with a declared RDMA flag: only custom offers carry one).
    #[test]
    fn offers_come_back_from_their_columns_field_for_field() {
        let base = Offer {
            provider: Text::borrowed("aws"),
            instance: Text::borrowed("p5.48xlarge"),
            family: Text::borrowed("p5"),
            region: 3,
            accelerator: 7,
            gpu_count: 8.0,
            memory_per_gpu_gib: Some(80.0),
            gpu_memory_gib: Some(640.0),
            vcpus: Some(192.0),
            memory_gib: Some(2048.0),
            prices: Prices {
                on_demand: Some(98.32),
                spot: None,
                reserved_1y: Some(98.32 * 0.63),
                reserved_3y: Some(43.16),
                reserved_1y_derived: true,
                reserved_3y_derived: false,
            },
            original_price: None,
            source: 2,
            flag_set: 1,
            rdma_declared: None,
        };
        let offers = vec![
            base.clone(),
            Offer {
                instance: Text::borrowed("ecs.gn7i-c8g1.2xlarge"),
                gpu_count: 1.0 / 6.0,
                memory_per_gpu_gib: None,
                original_price: Some(OriginalPrice { currency: Text::borrowed("CNY"), on_demand_per_hour: 11.62 }),
                prices: Prices { reserved_3y_derived: true, on_demand: Some(11.62 / 7.1), ..base.prices },
                rdma_declared: Some(true),
                ..base.clone()
            },
            Offer { provider: Text::from("mine".to_string()), rdma_declared: Some(false), ..base.clone() },
        ];
        let back = OfferColumns::from_offers(&offers).into_offers().unwrap();
        assert_eq!(back, offers);
        let mut columns = OfferColumns::from_offers(&offers);
        columns.spot.pop();
        assert!(columns.into_offers().is_err(), "columns of different lengths are refused");
    }

    #[test]
    fn a_number_is_a_decimal_only_when_it_reads_back_bit_for_bit() {
        assert_eq!(decimal_of(32.7726), Some((327_726, 4)));
        assert_eq!(decimal_of(8.0), Some((8, 0)));
        assert_eq!(decimal_of(1.6e3), Some((1600, 0)));
        assert_eq!(decimal_of(0.1667), Some((1667, 4)));
        // 16 digits still read back; 17 (0.30000000000000004) do not fit 2⁵³: kept as bits.
        assert_eq!(decimal_of(1.0 / 3.0), Some((3_333_333_333_333_333, 16)));
        assert_eq!(decimal_of(0.1 + 0.2), None);
        assert_eq!(decimal_of(-1.5), None);
        assert_eq!(decimal_of(-0.0), None);
        assert_eq!(decimal_of(f64::NAN), None);
        assert_eq!(decimal_of(1e300), None);
        for v in [0.0, 5e-324, 0.1, 0.2 + 0.1, 98.32, 12.29 * 0.7, 1e22, 123456789.123, 2f64.powi(60)] {
            let mut exact = Vec::new();
            let code = number_code(Some(v), &mut exact);
            assert_eq!(number_of(code, &exact).unwrap().map(f64::to_bits), Some(v.to_bits()), "{v:e}");
        }
    }
}
