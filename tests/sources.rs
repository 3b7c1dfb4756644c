#![cfg(not(target_arch = "wasm32"))]
//! The catalog builder on small fixture files: validation keeps, flags or refuses.

use gpuplan::catalog::schema::CatalogData;
use gpuplan::catalog::sources::{build, SourceFiles};

const SPECS: &str = "accelerator_name,full_name,vendor,architecture,launch_year,memory_gb,memory_type,memory_bandwidth_gbs,fp64_tflops,fp64_tensor_tflops,fp32_tflops,tf32_tflops_dense,bf16_tflops_dense,fp16_tflops_dense,fp8_tflops_dense,int8_tops_dense,tdp_w,interconnect,interconnect_gbs,confidence,sources,notes
L4,NVIDIA L4,NVIDIA,Ada,2023,24,GDDR6,300,0.5,,30,60,121,121,242,242,72,PCIe4,64,high,datasheet,
";
const REGIONS: &str = "provider,region,region_kind,display_name_en,display_name_zh,display_name_zh_script,location_text,city,state_or_province,country,continent,jurisdiction_group,derived,source_location,source_zh,notes
gcp,europe-west4,region,Netherlands,荷兰,Hans,,Eemshaven,,NL,Europe,EU/EEA,,,,
";
const HEADER: &str = "provider,instance_type,accelerator_name,accelerator_variant,accelerator_count,gpu_memory_gib_per_accelerator,total_accelerator_memory_gib,vcpus,memory_gib,region,ondemand_usd_per_hour,spot_usd_per_hour,spot_avg_usd_per_hour,snapshot_date,source_repo,source_path,source_commit,notes\n";
const NOTES: &str = "provider,code,message,source\n";
const CORRECTIONS: &str = "provider,instance,field,value,reason,source\n";

fn build_with(offers: &str) -> Result<CatalogData, String> {
    build(&SourceFiles {
        offers_csv: &format!("{HEADER}{offers}"),
        gpu_specs_csv: SPECS,
        regions_csv: REGIONS,
        provider_notes_csv: NOTES,
        corrections_csv: CORRECTIONS,
    })
}

fn flag_codes(data: &CatalogData, offer: usize) -> Vec<&str> {
    data.offers[offer]
        .flags
        .iter()
        .map(|&f| data.flags[f as usize].code.as_str())
        .collect()
}

#[test]
fn a_clean_row_becomes_an_offer_with_its_region_and_source() {
    let data = build_with(
        "gcp,g2-standard-4,L4,,1,24,24,4,16,europe-west4,0.85,0.30,,2026-07-30,repo,path,abc,\n",
    )
    .unwrap();
    assert_eq!(data.offers.len(), 1);
    let o = &data.offers[0];
    assert_eq!(o.prices.on_demand, Some(0.85));
    assert_eq!(o.prices.spot, Some(0.30));
    assert_eq!(o.family, "g2");
    assert_eq!(
        data.regions[o.region as usize].name_zh.as_deref(),
        Some("荷兰")
    );
    assert_eq!(
        data.sources[o.source as usize].snapshot_date.as_deref(),
        Some("2026-07-30")
    );
    assert!(flag_codes(&data, 0).is_empty());
}

#[test]
fn spot_above_on_demand_is_kept_flagged_and_not_used() {
    let data = build_with(
        "gcp,g2-standard-4,L4,,1,24,24,4,16,europe-west4,0.85,0.90,,2026-07-30,repo,path,abc,\n",
    )
    .unwrap();
    assert_eq!(data.offers[0].prices.spot, None);
    assert_eq!(flag_codes(&data, 0), ["spot-above-on-demand"]);
}

#[test]
fn missing_or_invalid_prices_are_unknown_with_a_flag() {
    let data = build_with(
        "gcp,a,L4,,1,24,24,4,16,europe-west4,,,,2026-07-30,repo,path,abc,\n\
         gcp,b,L4,,1,24,24,4,16,europe-west4,0,,,2026-07-30,repo,path,abc,\n",
    )
    .unwrap();
    assert_eq!(flag_codes(&data, 0), ["price-unknown"]);
    assert_eq!(flag_codes(&data, 1), ["price-invalid", "price-unknown"]);
}

#[test]
fn an_unknown_region_is_kept_with_unknown_metadata() {
    let data = build_with("gcp,a,L4,,1,24,24,4,16,mars-north1,1.0,,,undated copy,repo,path,abc,\n")
        .unwrap();
    assert_eq!(flag_codes(&data, 0), ["region-unknown"]);
    let region = &data.regions[data.offers[0].region as usize];
    assert_eq!(
        region.jurisdiction,
        gpuplan::catalog::schema::Jurisdiction::Unknown
    );
    assert_eq!(data.sources[0].snapshot_date, None);
    assert_eq!(data.sources[0].date_note, "undated copy");
}

#[test]
fn broken_source_rows_stop_the_build_with_file_and_line() {
    let unknown_accel =
        build_with("gcp,a,H9000,,1,24,24,4,16,europe-west4,1.0,,,2026-07-30,repo,path,abc,\n")
            .unwrap_err();
    assert!(unknown_accel.contains("H9000"), "{unknown_accel}");
    let bad_number =
        build_with("gcp,a,L4,,1,24,24,four,16,europe-west4,1.0,,,2026-07-30,repo,path,abc,\n")
            .unwrap_err();
    assert!(
        bad_number.contains("offers.csv:2") && bad_number.contains("vcpus"),
        "{bad_number}"
    );
    let duplicate = build_with(
        "gcp,a,L4,,1,24,24,4,16,europe-west4,1.0,,,2026-07-30,repo,path,abc,\n\
         gcp,a,L4,,1,24,24,4,16,europe-west4,1.1,,,2026-07-30,repo,path,abc,\n",
    )
    .unwrap_err();
    assert!(duplicate.contains("appears twice"), "{duplicate}");
}
