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
/// Every source file with only its header, so a test fills in what it checks.
fn empty_files() -> SourceFiles {
    let header_only = [
        ("gpu_specs_extra.csv", SPECS.lines().next().unwrap()),
        ("accelerator_aliases.csv", "alias,canonical,reason"),
        ("carbon.csv", "provider,region,location,gco2e_per_kwh,metric_ton_per_kwh,dataset,upstream_source,repo,path,commit,notes"),
        ("pue.csv", "provider,scope,pue,used_by,source,repo_or_url,path_or_note,commit_or_date"),
        ("provider_notes.csv", "provider,code,message,source"),
        ("corrections.csv", "provider,instance,field,value,reason,source"),
        ("provider_prices.csv", "provider,instance,ondemand_usd_per_hour,publisher,page,date,reason"),
        ("aws_reserved.csv", "provider,instance_type,accelerator_name,accelerator_count,region,term_years,offering_class,payment_option,effective_hourly_usd,ondemand_usd_per_hour,discount_vs_ondemand_pct,os,snapshot_date,source_repo,source_path,notes"),
        ("azure_reserved.csv", "instance,region,on_demand_hourly,spot_hourly,reserved_1y_total,reserved_1y_hourly,reserved_3y_total,reserved_3y_hourly,pct_off_1y,pct_off_3y,currency,source_repo,source_path,source_commit,source_date,notes"),
        ("azure_reserved_levels.csv", "pattern,pct_off_1y,pct_off_3y,basis,source"),
        ("azure_np.csv", "instance,accelerator,count,vcpus,memory_gib,regions,source,notes"),
        ("alibaba_gpu.csv", "instance,gpu,gpu_count,gpu_mem_gb,gpu_mem_total_gb,vcpu,ram_gb,region,payg_hourly,currency,monthly_sub,yearly_sub,source_repo,source_path,source_commit,source_date,spec_source,notes"),
        ("exchange_rates.csv", "currency,units_per_usd,date,source"),
        ("aws_china.csv", "instance_type,region,ondemand_per_hour,currency,snapshot_date,source_repo,source_path,source_commit,notes"),
        ("accelerator_graphics.csv", "accelerator,graphics,basis"),
        ("providers.csv", "provider,hipaa_baa,soc2_type2,iso27001,gdpr_dpa,pci_dss,fedramp,china_mlps,confidential_gpu,bare_metal_gpu,managed_ml_platform,software_stacks,source_urls,notes"),
        ("provider_capabilities.csv", "provider,operator_kind,operator_kind_source,desktop_hosting,desktop_hosting_source,vgpu_licence,vgpu_licence_source,cn_licensed_operator,cn_licensed_operator_source,mlps,mlps_source,notes"),
        ("country_points.csv", "country,reference_city,latitude_deg,longitude_deg"),
    ];
    let mut files = SourceFiles::default();
    for (name, text) in header_only {
        files.0.insert(name.to_string(), format!("{text}\n"));
    }
    files.0.insert("gpu_specs.csv".into(), SPECS.into());
    files.0.insert("regions.csv".into(), REGIONS.into());
    files.0.insert("offers.csv".into(), HEADER.into());
    files.0.insert(
        "gcp_pricing.yml".into(),
        "about:\n  generated: Thu Jul 30 06:13:17 2026\ncompute:\n  instance:\n".into(),
    );
    files
}

fn build_with(offers: &str) -> Result<CatalogData, String> {
    let mut files = empty_files();
    files.0.insert("offers.csv".into(), format!("{HEADER}{offers}"));
    build(&files)
}

fn with_file(mut files: SourceFiles, name: &str, rows: &str) -> SourceFiles {
    let header = files.0[name].clone();
    files.0.insert(name.into(), format!("{header}{rows}"));
    files
}

fn flag_codes(data: &CatalogData, offer: usize) -> Vec<&str> {
    data.flag_sets[data.offers[offer].flag_set as usize].iter().map(|&f| data.flags[f as usize].code.as_str()).collect()
}

#[test]
fn a_clean_row_becomes_an_offer_with_its_region_and_source() {
    let data =
        build_with("gcp,g2-standard-4,L4,,1,24,24,4,16,europe-west4,0.85,0.30,,2026-07-30,repo,path,abc,\n").unwrap();
    assert_eq!(data.offers.len(), 1);
    let o = &data.offers[0];
    assert_eq!(o.prices.on_demand, Some(0.85));
    assert_eq!(o.prices.spot, Some(0.30));
    assert_eq!(o.family, "g2");
    assert_eq!(data.regions[o.region as usize].name_zh.as_deref(), Some("荷兰"));
    assert_eq!(data.sources[o.source as usize].snapshot_date.as_deref(), Some("2026-07-30"));
    assert!(flag_codes(&data, 0).is_empty());
}

#[test]
fn spot_above_on_demand_is_kept_flagged_and_not_used() {
    let data =
        build_with("gcp,g2-standard-4,L4,,1,24,24,4,16,europe-west4,0.85,0.90,,2026-07-30,repo,path,abc,\n").unwrap();
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
    let data = build_with("gcp,a,L4,,1,24,24,4,16,mars-north1,1.0,,,undated copy,repo,path,abc,\n").unwrap();
    assert_eq!(flag_codes(&data, 0), ["undated", "region-unknown"]);
    let region = &data.regions[data.offers[0].region as usize];
    assert_eq!(region.jurisdiction, gpuplan::catalog::schema::Jurisdiction::Unknown);
    let source = &data.sources[data.offers[0].source as usize];
    assert_eq!(source.snapshot_date, None);
    assert_eq!(source.date_note, "undated copy");
}

#[test]
fn broken_source_rows_stop_the_build_with_file_and_line() {
    let unknown_accel =
        build_with("gcp,a,H9000,,1,24,24,4,16,europe-west4,1.0,,,2026-07-30,repo,path,abc,\n").unwrap_err();
    assert!(unknown_accel.contains("H9000"), "{unknown_accel}");
    let bad_number =
        build_with("gcp,a,L4,,1,24,24,four,16,europe-west4,1.0,,,2026-07-30,repo,path,abc,\n").unwrap_err();
    assert!(bad_number.contains("offers.csv:2") && bad_number.contains("vcpus"), "{bad_number}");
    let duplicate = build_with(
        "gcp,a,L4,,1,24,24,4,16,europe-west4,1.0,,,2026-07-30,repo,path,abc,\n\
         gcp,a,L4,,1,24,24,4,16,europe-west4,1.1,,,2026-07-30,repo,path,abc,\n",
    )
    .unwrap_err();
    assert!(duplicate.contains("appears twice"), "{duplicate}");
}

const OFFER: &str = "aws,g6.xlarge,L4,,1,24,24,4,16,europe-west4,1.00,0.40,,2025-11-30,repo,path,abc,\n";

#[test]
fn aws_reserved_prefers_standard_no_upfront_and_refuses_prices_above_on_demand() {
    let files = with_file(
        empty_files(),
        "aws_reserved.csv",
        "aws,g6.xlarge,L4,1,europe-west4,1,Standard,allUpfront,0.55,1.00,45,linux,2025-11-30,r,p,\n\
         aws,g6.xlarge,L4,1,europe-west4,1,Standard,noUpfront,0.62,1.00,38,linux,2025-11-30,r,p,\n\
         aws,g6.xlarge,L4,1,europe-west4,3,Convertible,noUpfront,1.20,1.00,-20,linux,2025-11-30,r,p,\n",
    );
    let mut files = files;
    files.0.insert("offers.csv".into(), format!("{HEADER}{OFFER}"));
    let data = build(&files).unwrap();
    let p = data.offers[0].prices;
    assert_eq!(p.reserved_1y, Some(0.62));
    assert!(!p.reserved_1y_derived);
    assert_eq!(p.reserved_3y, None, "a reserved price above on-demand is not used");
    assert!(flag_codes(&data, 0).contains(&"reserved-above-on-demand"));
    assert!(flag_codes(&data, 0).contains(&"reserved-terms"));
}

#[test]
fn azure_reserved_is_published_where_known_and_derived_elsewhere() {
    let offers = "azure,Standard_NC4as_T4_v3,L4,,1,24,24,4,28,europe-west4,1.00,,,2026-05-20,repo,path,abc,\n\
                  azure,Standard_NC4as_T4_v3,L4,,1,24,24,4,28,mars-north1,2.00,,,2026-05-20,repo,path,abc,\n\
                  azure,Standard_NV12s_v3,L4,,1,24,24,12,112,europe-west4,1.00,,,2026-05-20,repo,path,abc,\n";
    let regions = format!("{REGIONS}azure,europe-west4,region,West Europe,,,,,,NL,Europe,EU/EEA,,,,\n");
    let mut files = with_file(
        empty_files(),
        "azure_reserved.csv",
        "Standard_NC4as_T4_v3,europe-west4,1.00,,5000,0.59,8000,0.38,41.0,62.0,USD,repo,path,c,2026-01-26,\n",
    );
    files = with_file(files, "azure_reserved_levels.csv", "Standard_N*,14.0,38.0,a level,pricing_rules.md\n");
    files.0.insert("regions.csv".into(), regions);
    files.0.insert("offers.csv".into(), format!("{HEADER}{offers}"));
    let data = build(&files).unwrap();
    let published = data.offers[0].prices;
    assert_eq!((published.reserved_1y, published.reserved_3y), (Some(0.59), Some(0.38)));
    assert!(!published.reserved_1y_derived);
    // Same size elsewhere: the size's observed discount (41% / 62%) on that region's on-demand.
    let same_size = data.offers[1].prices;
    assert!((same_size.reserved_1y.unwrap() - 2.0 * 0.59).abs() < 1e-9);
    assert!((same_size.reserved_3y.unwrap() - 2.0 * 0.38).abs() < 1e-9);
    assert!(same_size.reserved_1y_derived && same_size.reserved_3y_derived);
    // No observed level: the configured family level.
    let level = data.offers[2].prices;
    assert!((level.reserved_1y.unwrap() - 0.86).abs() < 1e-9);
    assert!(flag_codes(&data, 2).contains(&"reserved-derived"));
}

#[test]
fn alibaba_keeps_cny_converts_at_the_stated_rate_and_lists_unpriced_types() {
    let mut files = with_file(
        empty_files(),
        "alibaba_gpu.csv",
        "ecs.gn6i-c4g1.xlarge,L4,1,24.0,24.0,4,15,europe-west4,7.00,CNY,,,repo,path,c,2024-10-09,spec,payg note\n\
         ecs.sgn7i-vws-m2.xlarge,L4,1,2.0,2.0,4,15,europe-west4,1.40,CNY,,,repo,path,c,2024-10-09,spec,payg note\n\
         ecs.gn8v.4xlarge,GPU H,1,96.0,96.0,16,96,,,CNY,,,repo,path2,c,,spec,spec only\n",
    );
    files = with_file(files, "exchange_rates.csv", "CNY,7.0,2024-10-24,a rate\n");
    let data = build(&files).unwrap();
    let whole = &data.offers[0];
    assert_eq!(whole.prices.on_demand, Some(1.0));
    assert_eq!(whole.original_price.as_ref().map(|p| (p.currency.as_str(), p.on_demand_per_hour)), Some(("CNY", 7.0)));
    let slice = &data.offers[1];
    assert!((slice.gpu_count - 2.0 / 24.0).abs() < 1e-9, "a 2 GiB vGPU of a 24 GiB L4 is 1/12");
    assert!(flag_codes(&data, 1).contains(&"vgpu-slice"));
    let unpriced = &data.offers[2];
    assert_eq!(unpriced.prices.on_demand, None);
    assert!(flag_codes(&data, 2).contains(&"price-unknown"));
    assert!(flag_codes(&data, 2).contains(&"specs-unknown"));
    assert_eq!(data.accelerators[unpriced.accelerator as usize].key, "Alibaba GPU H");
}

#[test]
fn aliases_give_one_key_per_chip() {
    let mut files = with_file(empty_files(), "accelerator_aliases.csv", "L4-PCIE,L4,same chip\n");
    files.0.insert(
        "offers.csv".into(),
        format!("{HEADER}gcp,a,L4-PCIE,,1,24,24,4,16,europe-west4,1.0,,,2026-07-30,repo,path,abc,\n"),
    );
    let data = build(&files).unwrap();
    assert_eq!(data.accelerators[data.offers[0].accelerator as usize].key, "L4");
    assert_eq!(data.accelerator_aliases, [("L4-PCIE".into(), "L4".into())]);
}

#[test]
fn a_rounded_share_of_one_gpu_is_the_exact_fraction() {
    let data = build_with("gcp,a,L4,,0.333,24,7.99,4,16,europe-west4,1.0,,,2026-07-30,repo,path,abc,\n").unwrap();
    assert_eq!(data.offers[0].gpu_count, 1.0 / 3.0);
    assert_eq!(data.offers[0].gpu_memory_gib, Some(8.0));
}

#[test]
fn spot_equal_to_on_demand_is_not_a_spot_price() {
    let data = build_with("gcp,a,L4,,1,24,24,4,16,europe-west4,0.85,0.85,,2026-07-30,repo,path,abc,\n").unwrap();
    assert_eq!(data.offers[0].prices.spot, None);
    assert_eq!(flag_codes(&data, 0), ["spot-equals-on-demand"]);
}

#[test]
fn a_provider_page_price_replaces_the_file_price_and_dates_it() {
    let files = with_file(
        empty_files(),
        "provider_prices.csv",
        "gcp,a,0.70,Provider docs,https://example.org/pricing,2026-05-28,newer list price\n",
    );
    let mut files = files;
    files.0.insert(
        "offers.csv".into(),
        format!("{HEADER}gcp,a,L4,,1,24,24,4,16,europe-west4,1.40,,,undated copy,repo,path,abc,\n"),
    );
    let data = build(&files).unwrap();
    assert_eq!(data.offers[0].prices.on_demand, Some(0.70));
    assert_eq!(data.sources[data.offers[0].source as usize].snapshot_date.as_deref(), Some("2026-05-28"));
    assert_eq!(flag_codes(&data, 0), ["corrected"]);
}

#[test]
fn a_region_with_only_a_country_gets_its_jurisdiction_and_a_name() {
    use gpuplan::catalog::schema::Jurisdiction;
    use gpuplan::catalog::sources::regions::{country_jurisdiction, readable_name};
    assert_eq!(country_jurisdiction("IT"), Jurisdiction::Eu);
    assert_eq!(country_jurisdiction("NO"), Jurisdiction::Eu);
    assert_eq!(country_jurisdiction("GB"), Jurisdiction::Uk);
    assert_eq!(country_jurisdiction("CH"), Jurisdiction::Other);
    assert_eq!(country_jurisdiction("CA;US"), Jurisdiction::Unknown);
    assert_eq!(readable_name("Ontario, CA, NA", &["", "Ontario"], "CA"), "Ontario, Canada");
    assert_eq!(readable_name("FIN-01", &[], "FI"), "Finland (FIN-01)");
    assert_eq!(readable_name("default", &[], ""), "Region not named by the source (default)");
    assert_eq!(readable_name("a3111bd4", &[], ""), "Region not named by the source (a3111bd4)");
}

#[test]
fn days_since_epoch_counts_leap_years() {
    use gpuplan::catalog::sources::fields::days_since_epoch;
    assert_eq!(days_since_epoch("1970-01-01"), Some(0));
    assert_eq!(days_since_epoch("2000-03-01"), Some(11_017));
    assert_eq!(days_since_epoch("2024-03-01").unwrap() - days_since_epoch("2024-02-28").unwrap(), 2);
    assert_eq!(days_since_epoch("2026-07-30").unwrap() - days_since_epoch("2025-07-30").unwrap(), 365);
    assert_eq!(days_since_epoch("undated"), None);
    assert_eq!(days_since_epoch("2026-13-01"), None);
}

#[test]
fn prices_older_than_a_year_on_the_day_of_the_answer_are_stale() {
    use gpuplan::catalog::age::AgeReference;
    use gpuplan::catalog::Catalog;
    let data = build_with(
        "gcp,a,L4,,1,24,24,4,16,europe-west4,1.0,,,2026-07-30,repo,path,abc,\n\
         gcp,b,L4,,1,24,24,4,16,europe-west4,1.0,,,2025-07-30,repo,path,abc2,\n\
         gcp,c,L4,,1,24,24,4,16,europe-west4,1.0,,,2025-07-29,repo,path,abc3,\n",
    )
    .unwrap();
    // Nothing is flagged stale at build time: the day of the answer decides.
    assert!((0..3).all(|i| flag_codes(&data, i).is_empty()));
    let catalog = Catalog::new(data);
    let stale_of = |age: &AgeReference| -> Vec<bool> {
        let flags = age.stale_flags(&catalog);
        catalog.data.offers.iter().map(|o| flags[o.source as usize].is_some()).collect()
    };
    // Without a today, ages count from the newest snapshot (2026-07-30).
    let built = AgeReference::resolve(&catalog, None, "today").unwrap().unwrap();
    assert_eq!((built.date.as_str(), built.is_today), ("2026-07-30", false));
    assert_eq!(stale_of(&built), [false, false, true], "365 days is not yet stale");
    // A reader a year later sees the 2026-07-30 price go stale too.
    let later = AgeReference::resolve(&catalog, Some("2027-07-31"), "today").unwrap().unwrap();
    assert_eq!(stale_of(&later), [true, true, true]);
    let flag = later.stale_flags(&catalog)[0].clone().unwrap();
    assert_eq!(flag.message.as_str(), "price from 2026-07-30, more than 365 days before today (2027-07-31)");
    let e = AgeReference::resolve(&catalog, Some("31/07/2027"), "today").unwrap_err();
    assert_eq!((e.field.as_str(), e.code), ("today", "invalid-value"));
    let ages = gpuplan::catalog::sources::offer_ages(&catalog.data);
    assert_eq!((ages.within_90_days, ages.within_365_days, ages.over_365_days, ages.undated), (1, 1, 1, 0));
}

/// The embedded blob stores offers as columns with numbers as decimals
/// (src/catalog/offer_columns.rs); what the engine decodes must be exactly what
/// the builder made from `data/`, every float bit for bit.
#[test]
fn the_embedded_catalog_decodes_to_what_the_builder_made_from_data() {
    let files = SourceFiles::read_from(std::path::Path::new("data")).expect("the source files");
    let built = build(&files).expect("the catalog builds");
    let embedded = &gpuplan::catalog::embedded().expect("the embedded catalog decodes").data;
    assert_eq!(embedded.offers.len(), built.offers.len());
    for (decoded, made) in embedded.offers.iter().zip(&built.offers) {
        assert_eq!(decoded, made);
        let bits = |o: &gpuplan::catalog::schema::Offer| {
            let p = &o.prices;
            [Some(o.gpu_count), o.memory_per_gpu_gib, o.gpu_memory_gib, o.vcpus, o.memory_gib]
                .into_iter()
                .chain([p.on_demand, p.spot, p.reserved_1y, p.reserved_3y])
                .chain([o.original_price.as_ref().map(|x| x.on_demand_per_hour)])
                .map(|v| v.map(f64::to_bits))
                .collect::<Vec<_>>()
        };
        assert_eq!(bits(decoded), bits(made), "{} {}", made.provider, made.instance);
    }
    assert_eq!(embedded, &built);
}
