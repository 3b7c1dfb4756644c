#![cfg(not(target_arch = "wasm32"))]
//! Native tests of the embedded catalog and `listOffers`.

use gpuplan::catalog::query::{OfferFilter, OfferView};
use gpuplan::error::deserialize;
use gpuplan::{catalog_info, list_offers, Error};

fn filter(json: &str) -> Result<OfferFilter, Error> {
    deserialize("filter", &mut serde_json::Deserializer::from_str(json))
}

fn offers(json: &str) -> Vec<OfferView> {
    list_offers(&filter(json).expect("valid filter"))
        .expect("query runs")
        .offers
}

#[test]
fn catalog_info_counts_every_provider_and_dates() {
    let info = catalog_info().expect("embedded catalog decodes");
    assert_eq!(info.offer_count, 4088);
    assert!(
        info.provider_count >= 20,
        "{} providers",
        info.provider_count
    );
    assert_eq!(info.newest_snapshot.as_deref(), Some("2026-05-20"));
    assert_eq!(info.oldest_snapshot.as_deref(), Some("2025-11-30"));
    let azure = info
        .providers
        .iter()
        .find(|p| p.id == "azure")
        .expect("azure present");
    for family in ["NC", "ND", "NV", "NG", "NCC"] {
        assert!(
            azure.families.iter().any(|f| f == family),
            "Azure family {family} missing"
        );
    }
    assert!(azure
        .sources
        .iter()
        .all(|s| s.date.as_deref() == Some("2026-05-20")));
}

#[test]
fn azure_nd_h100_v5_eastus_has_its_list_price() {
    let found = offers(r#"{"provider":"azure","text":"Standard_ND96isr_H100_v5 eastus"}"#);
    let nd = found
        .iter()
        .find(|o| o.region.id == "eastus")
        .expect("ND96isr_H100_v5 in eastus");
    assert_eq!(nd.prices.on_demand, Some(98.32));
    assert_eq!(nd.gpu_count, 8.0);
    assert_eq!(nd.accelerator, "H100");
    assert_eq!(nd.gpu_memory_gib, 640.0);
    assert_eq!(nd.family, "ND");
    assert_eq!(nd.source.date.as_deref(), Some("2026-05-20"));
    assert_eq!(
        nd.region.jurisdiction,
        gpuplan::catalog::query::JurisdictionName::Us
    );
}

#[test]
fn every_offer_carries_its_source() {
    let all = offers(r#"{"limit":10000}"#);
    assert_eq!(all.len(), 4088);
    for o in &all {
        assert!(!o.source.name.is_empty(), "{} has no source", o.id);
        assert!(
            o.source.date.is_some() || !o.source.date_note.is_empty(),
            "{} has no date",
            o.id
        );
    }
}

#[test]
fn filters_by_memory_count_and_provider_and_sorts_by_price() {
    let found = offers(r#"{"provider":"aws","minMemoryPerGpuGib":80,"gpuCount":8,"limit":500}"#);
    assert!(!found.is_empty());
    for o in &found {
        assert_eq!(o.provider, "aws");
        assert!(o.memory_per_gpu_gib >= 80.0);
        assert_eq!(o.gpu_count, 8.0);
    }
    let prices: Vec<f64> = found.iter().filter_map(|o| o.prices.on_demand).collect();
    assert!(
        prices.windows(2).all(|w| w[0] <= w[1]),
        "not sorted by price"
    );
    // Unknown prices come last.
    let first_unknown = found
        .iter()
        .position(|o| o.prices.on_demand.is_none())
        .unwrap_or(found.len());
    assert!(found[first_unknown..]
        .iter()
        .all(|o| o.prices.on_demand.is_none()));
}

#[test]
fn fractional_gpus_stay_fractions() {
    let found = offers(r#"{"provider":"azure","text":"Standard_NV6ads_A10_v5","limit":1}"#);
    let nv = &found[0];
    assert!((nv.gpu_count - 0.167).abs() < 1e-9);
    assert!(
        nv.gpu_memory_gib < 5.0,
        "a 1/6 A10 has about 4 GiB, got {}",
        nv.gpu_memory_gib
    );
    assert!(nv.flags.iter().any(|f| f.code == "fractional-gpu"));
    // NVv4 counts are corrected from Microsoft's size table, and say so.
    let nv4 = &offers(r#"{"provider":"azure","text":"Standard_NV4as_v4","limit":1}"#)[0];
    assert_eq!(nv4.gpu_count, 0.125);
    assert_eq!(nv4.gpu_memory_gib, 2.0);
    assert!(nv4.flags.iter().any(|f| f.code == "corrected"));
}

#[test]
fn price_kind_sorts_and_has_price_filters() {
    let spot = offers(r#"{"priceKind":"spot","limit":10000}"#);
    assert_eq!(spot.len(), 4088, "priceKind alone hides nothing");
    let known: Vec<f64> = spot.iter().map_while(|o| o.prices.spot).collect();
    assert!(known.windows(2).all(|w| w[0] <= w[1]));
    assert!(spot[known.len()..].iter().all(|o| o.prices.spot.is_none()));
    let with_spot = offers(r#"{"priceKind":"spot","hasPrice":true,"limit":10000}"#);
    assert_eq!(with_spot.len(), known.len());
}

#[test]
fn jurisdiction_filter_keeps_only_that_jurisdiction() {
    let found = offers(r#"{"jurisdiction":"EU","limit":10000}"#);
    assert!(found.len() > 100);
    assert!(found
        .iter()
        .all(|o| o.region.jurisdiction == gpuplan::catalog::query::JurisdictionName::Eu));
}

#[test]
fn doubtful_and_placeholder_prices_are_flagged_never_silent() {
    let mithril = offers(r#"{"provider":"mithril"}"#);
    assert!(!mithril.is_empty());
    for o in &mithril {
        assert_eq!(
            o.prices.on_demand, None,
            "placeholder price must not be used"
        );
        assert!(o.flags.iter().any(|f| f.code == "placeholder-price"));
    }
    let spot_high = offers(r#"{"text":"","limit":10000}"#)
        .into_iter()
        .filter(|o| o.flags.iter().any(|f| f.code == "spot-above-on-demand"))
        .collect::<Vec<_>>();
    assert_eq!(spot_high.len(), 11);
    assert!(spot_high.iter().all(|o| o.prices.spot.is_none()));
}

#[test]
fn bad_filters_name_their_field() {
    let cases = [
        (r#"{"minGpuMemoryGib":-1}"#, "minGpuMemoryGib"),
        (r#"{"minGpuMemoryGib":"lots"}"#, "minGpuMemoryGib"),
        (r#"{"provider":"nowhere"}"#, "provider"),
        (r#"{"providers":["aws","nowhere"]}"#, "providers[1]"),
        (r#"{"accelerator":"H9000"}"#, "accelerator"),
        (r#"{"jurisdiction":"Mars"}"#, "jurisdiction"),
        (r#"{"minGpuCount":4,"maxGpuCount":2}"#, "maxGpuCount"),
        (r#"{"limit":0}"#, "limit"),
        (r#"{"minGpuMem":8}"#, "minGpuMem"),
        (r#"{"sort":"random"}"#, "sort"),
        (r#""just text""#, "filter"),
    ];
    for (json, field) in cases {
        let err = filter(json).and_then(|f| list_offers(&f)).expect_err(json);
        assert_eq!(err.field, field, "{json}: {}", err.message);
        assert!(!err.message.is_empty());
    }
}
