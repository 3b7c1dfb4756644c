//! The price-export importers on small fixture files made for these tests.
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::catalog::sources::azure_retail::{import, to_csv};
use gpuplan::catalog::sources::builder::{Builder, OfferDraft};
use gpuplan::catalog::sources::{aws, regions, specs};

const PAGE: &str = include_str!("fixtures/azure_retail_page.json");

#[test]
fn azure_retail_rows_become_hourly_prices_per_size_and_region() {
    let rows = import(&[PAGE]).unwrap();
    assert_eq!(rows.len(), 2, "Windows, Dev/Test and Low Priority meters are skipped: {rows:?}");
    let nd = rows.iter().find(|r| r.instance == "Standard_ND96isr_H100_v5").unwrap();
    assert_eq!(nd.on_demand_hourly, Some(98.32));
    assert_eq!(nd.spot_hourly, Some(18.17));
    // Whole-term totals ÷ 8,760 h and ÷ 26,280 h.
    assert!((nd.reserved_1y_hourly().unwrap() - 62.924772).abs() < 1e-6);
    assert!((nd.reserved_3y_hourly().unwrap() - 43.162481).abs() < 1e-6);
    let nc = rows.iter().find(|r| r.region == "westeurope").unwrap();
    assert_eq!(nc.reserved_3y_total, None);
}

#[test]
fn azure_retail_csv_has_the_shape_the_catalog_reads() {
    let csv = to_csv(&import(&[PAGE]).unwrap(), "a fixture", "page.json", "2026-07-27");
    let header = csv.lines().next().unwrap();
    let shared = include_str!("../data/azure_reserved.csv").lines().next().unwrap();
    assert_eq!(header, shared);
    let nd = csv.lines().find(|l| l.starts_with("Standard_ND96isr_H100_v5,eastus")).unwrap();
    assert!(nd.contains(",62.924772,"), "{nd}");
    assert!(nd.contains(",36.0,56.1,"), "{nd}");
}

#[test]
fn azure_retail_errors_name_the_page() {
    let err = import(&[PAGE, "{\"Items\": [{\"armSkuName\": 3}]}"]).unwrap_err();
    assert!(err.starts_with("page 2:"), "{err}");
}

#[test]
fn aws_reserved_file_sets_the_preferred_linux_terms() {
    let mut accelerators = Vec::new();
    specs::read_gpu_specs("gpu_specs.csv", include_str!("../data/gpu_specs.csv"), &mut accelerators).unwrap();
    let region_table = regions::read_regions(include_str!("../data/regions.csv")).unwrap();
    let mut b = Builder::new(accelerators, Vec::new(), region_table);
    let draft = OfferDraft {
        provider: "aws".into(),
        instance: "p4d.24xlarge".into(),
        region: "us-east-1".into(),
        accelerator: "A100".into(),
        gpu_count: 8.0,
        prices: gpuplan::catalog::schema::Prices { on_demand: Some(21.96), ..Default::default() },
        ..OfferDraft::default()
    };
    b.add(draft, 0, "test").unwrap();
    aws::read_aws_reserved(include_str!("fixtures/aws_reserved_small.csv"), &mut b).unwrap();
    let p = b.offers[0].prices;
    assert_eq!(p.reserved_1y, Some(14.3), "Standard no-upfront preferred over all-upfront");
    assert_eq!(p.reserved_3y, Some(8.4), "Standard all-upfront beats Convertible; Windows rows ignored");
}
