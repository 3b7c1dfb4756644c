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

/// A Retail Prices API dump re-keyed by its collector (`pricePoints`, `price`,
/// `purchaseOption`): the checked-in indonesiacentral copy.
#[test]
fn azure_retail_reads_the_dashboard_dump() {
    let rows = import(&[include_str!("../data/sources/azure/virtual-machines_indonesiacentral.json")]).unwrap();
    assert_eq!(rows.len(), 10);
    let h100 = rows.iter().find(|r| r.instance == "Standard_NC40ads_H100_v5").unwrap();
    assert_eq!((h100.on_demand_hourly, h100.spot_hourly), (Some(8.167), Some(1.610532)), "Windows meters skipped");
    assert_eq!((h100.reserved_1y_total, h100.reserved_3y_total), (Some(53655.0), Some(107310.0)));
    let wrong_term = r#"{"pricePoints":[{"armSkuName":"Standard_X","armRegionName":"r","purchaseOption":"RI_1Y",
        "reservationTerm":"3 Years","price":1.0,"skuName":"X","productName":"X Series","currencyCode":"USD"}]}"#;
    assert!(import(&[wrong_term]).unwrap_err().contains("purchaseOption RI_1Y with reservationTerm"));
    let unknown = wrong_term.replace("RI_1Y", "SAVINGS");
    assert!(import(&[&unknown]).unwrap_err().contains("no `type` and purchaseOption"));
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

/// `gpuplan-import refresh` run as the build script's users run it.
mod refresh {
    use std::path::{Path, PathBuf};
    use std::process::Command;

    const DATA_FILES: [&str; 5] =
        ["offers.csv", "azure_reserved.csv", "aws_china.csv", "aws_reserved.csv", "alibaba_gpu.csv"];

    /// A folder of the system's temporary directory, removed when the test ends
    /// (it passes or fails): six of them held about 11 MB a run, left behind.
    struct Scratch(PathBuf);

    impl std::ops::Deref for Scratch {
        type Target = Path;
        fn deref(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn scratch(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("gpuplan-import-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn repo(path: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
    }

    fn refresh(sources: &Path, data: &Path, extra: &[&str]) -> (bool, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_gpuplan-import"))
            .arg("refresh")
            .arg(sources)
            .arg("--data")
            .arg(data)
            .args(extra)
            .output()
            .unwrap();
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        (out.status.success(), text)
    }

    /// The manifest's (format, provider, source path) per file; for a file of
    /// offers rows, one entry per provider it holds.
    fn manifest() -> Vec<(String, String, String)> {
        let mut r = csv::Reader::from_path(repo("data/sources/MANIFEST.csv")).unwrap();
        let mut out = Vec::new();
        for rec in r.records() {
            let rec = rec.unwrap();
            if &rec[1] == "offers-rows" {
                let mut rows = csv::Reader::from_path(repo(&format!("data/sources/{}", &rec[0]))).unwrap();
                let providers: std::collections::BTreeSet<String> =
                    rows.records().map(|row| row.unwrap()[0].to_string()).collect();
                out.extend(providers.into_iter().map(|p| ("offers-rows".to_string(), p, String::new())));
            } else {
                out.push((rec[1].to_string(), rec[2].to_string(), rec[4].to_string()));
            }
        }
        out
    }

    fn lines(text: &str) -> Vec<&str> {
        text.split_inclusive('\n').collect()
    }

    #[test]
    fn the_data_files_are_rebuilt_from_the_checked_in_sources_byte_for_byte() {
        let sources = manifest();
        let from_source = |line: &str, columns: &[String], file: &str| -> bool {
            let cells: Vec<String> = csv::ReaderBuilder::new()
                .has_headers(false)
                .from_reader(line.as_bytes())
                .records()
                .next()
                .map(|r| r.unwrap().iter().map(String::from).collect())
                .unwrap_or_default();
            let cell = |name: &str| columns.iter().position(|c| c == name).map(|i| cells[i].as_str());
            sources.iter().any(|(format, provider, path)| match (file, format.as_str()) {
                (
                    "offers.csv",
                    "skypilot-vms" | "vantage-json" | "aws-gpu-js" | "skypilot-vms-gcp" | "aws-types-js",
                ) => cell("provider") == Some(provider) && cell("source_path") == Some(path),
                ("offers.csv", "offers-rows") => cell("provider") == Some(provider),
                ("azure_reserved.csv", "azure-retail" | "azure-calculator-azpx") => cell("source_path") == Some(path),
                ("aws_china.csv", "vantage-json-china") => cell("source_path") == Some(path),
                ("aws_reserved.csv", "vantage-json") => cell("source_path") == Some(path),
                ("alibaba_gpu.csv", "sparecores-server-json") => {
                    cell("region") == Some("")
                        && cell("source_path").is_some_and(|p| p.starts_with("data/server/alicloud/"))
                }
                ("alibaba_gpu.csv", "priceserver-alibaba-json" | "skypilot-vms-alicloud") => {
                    cell("source_path") == Some(path)
                }
                _ => false,
            })
        };
        // Every row a checked-in source yields is removed, then rebuilt by the importer.
        let data = scratch("rebuild");
        let mut removed = 0;
        for file in DATA_FILES {
            let text = std::fs::read_to_string(repo(&format!("data/{file}"))).unwrap();
            let all = lines(&text);
            let columns: Vec<String> = all[0].trim_end().split(',').map(String::from).collect();
            let kept: String = std::iter::once(all[0])
                .chain(all[1..].iter().copied().filter(|l| !from_source(l, &columns, file)))
                .collect();
            removed += all.len() - lines(&kept).len();
            std::fs::write(data.join(file), kept).unwrap();
        }
        assert!(
            removed >= 14_333,
            "azure 921 + lambda 391 + vast 64 + 1,298 GCP (composed) + 275 GPU-cloud + 1,127 + 12 (g7e) AWS offers, 29 Azure reservation rows (3 eastus, 10 indonesiacentral, 16 polandcentral), 58 AWS China rows, 9,612 AWS reserved rows, 318 + 43 Alibaba priced rows, 185 Alibaba specification rows: {removed}"
        );
        // gcp_pricing.yml is one snapshot, copied whole from its source: the rebuild starts without it.
        let (ok, report) = refresh(&repo("data/sources"), &data, &[]);
        assert!(ok, "{report}");
        for file in DATA_FILES.iter().chain(&["gcp_pricing.yml"]) {
            let rebuilt = std::fs::read(data.join(file)).unwrap();
            let checked_in = std::fs::read(repo(&format!("data/{file}"))).unwrap();
            assert!(rebuilt == checked_in, "data/{file} differs from its rebuild from data/sources\n{report}");
        }
        // And the checked-in files are what their sources say now.
        let (ok, report) = refresh(&repo("data/sources"), &repo("data"), &["--check"]);
        assert!(ok, "{report}");
        assert!(report.contains("no data file changed"), "{report}");
    }

    #[test]
    fn a_partial_import_drops_nothing() {
        // A source folder holding a tenth of Lambda's file and one Azure API page
        // of 10 items: before, such an Azure import replaced azure_reserved.csv
        // (29 rows → 2).
        let sources = scratch("partial-sources");
        let lambda = std::fs::read_to_string(repo("data/sources/anycloud/lambda_vms.csv")).unwrap();
        let first_rows: String = lines(&lambda).into_iter().take(40).collect();
        std::fs::create_dir_all(sources.join("anycloud")).unwrap();
        std::fs::write(sources.join("anycloud/lambda_vms.csv"), first_rows).unwrap();
        std::fs::write(sources.join("page.json"), super::PAGE).unwrap();
        std::fs::write(
            sources.join("MANIFEST.csv"),
            "file,format,provider,repo,path,commit,date,row_note,note\n\
             anycloud/lambda_vms.csv,skypilot-vms,lambda,anycloud-sh/catalog,lambda/vms.csv,4c0610266db3c729e55a84d8e0ffe1c96cd903ec,2026-05-07,,first 39 rows\n\
             page.json,azure-retail,azure,a fixture,page.json,,2026-07-27,,one page\n",
        )
        .unwrap();
        std::fs::copy(repo("data/sources/instance_facts.csv"), sources.join("instance_facts.csv")).unwrap();
        let data = scratch("partial-data");
        for file in DATA_FILES {
            std::fs::copy(repo(&format!("data/{file}")), data.join(file)).unwrap();
        }
        let (ok, report) = refresh(&sources, &data, &[]);
        assert!(ok, "{report}");
        let keys = |file: &str, key: &[usize]| -> std::collections::BTreeSet<Vec<String>> {
            let mut r = csv::Reader::from_path(file).unwrap();
            r.records().map(|rec| key.iter().map(|&i| rec.as_ref().unwrap()[i].to_string()).collect()).collect()
        };
        let before = keys(repo("data/offers.csv").to_str().unwrap(), &[0, 1, 9]);
        let after = keys(data.join("offers.csv").to_str().unwrap(), &[0, 1, 9]);
        assert_eq!(before.difference(&after).count(), 0, "no offer may disappear");
        assert!(report.contains("lambda"), "{report}");
        let reserved_before = keys(repo("data/azure_reserved.csv").to_str().unwrap(), &[0, 1]);
        let reserved_after = keys(data.join("azure_reserved.csv").to_str().unwrap(), &[0, 1]);
        assert_eq!(reserved_before.len(), 29);
        assert!(reserved_before.is_subset(&reserved_after), "every reservation row stays");
        let published = |file: &Path| {
            let mut r = csv::Reader::from_path(file).unwrap();
            r.records().filter(|rec| !rec.as_ref().unwrap()[4].is_empty()).count()
        };
        assert_eq!(published(&repo("data/azure_reserved.csv")), 27);
        assert!(published(&data.join("azure_reserved.csv")) >= 27, "published reservation prices are kept");
        // The file's rows the one page lists were updated, the rest kept and counted.
        let line = report.lines().find(|l| l.starts_with("offers.csv") && l.contains("lambda")).unwrap();
        let kept: usize = line.split_whitespace().last().unwrap().parse().unwrap();
        assert_eq!(kept, 391 - 39, "{report}");
    }

    /// AWS China's instances.vantage.sh JSON: one row per type and region with
    /// a Linux on-demand price, in CNY as published; a region outside AWS China
    /// is refused, naming the file and type.
    #[test]
    fn aws_china_json_becomes_rows_in_cny() {
        let sources = scratch("china-sources");
        std::fs::write(
            sources.join("cn.json"),
            r#"[{"instance_type":"g4dn.xlarge","pricing":{"cn-north-1":{"linux":{"ondemand":"5.223"}},"cn-northwest-1":{"linux":{"ondemand":"3.711"}}}},
                {"instance_type":"g2.2xlarge","pricing":{}}]"#,
        )
        .unwrap();
        let manifest = "file,format,provider,repo,path,commit,date,row_note,note\n\
             cn.json,vantage-json-china,aws-cn,a repo,cn.json,abc,2026-01-21,a note,test\n";
        std::fs::write(sources.join("MANIFEST.csv"), manifest).unwrap();
        let data = scratch("china-data");
        for file in DATA_FILES {
            std::fs::copy(repo(&format!("data/{file}")), data.join(file)).unwrap();
        }
        std::fs::write(
            data.join("aws_china.csv"),
            lines(&std::fs::read_to_string(repo("data/aws_china.csv")).unwrap())[0],
        )
        .unwrap();
        let (ok, report) = refresh(&sources, &data, &[]);
        assert!(ok, "{report}");
        assert_eq!(
            std::fs::read_to_string(data.join("aws_china.csv")).unwrap(),
            "instance_type,region,ondemand_per_hour,currency,snapshot_date,source_repo,source_path,source_commit,notes\n\
             g4dn.xlarge,cn-north-1,5.223,CNY,2026-01-21,a repo,cn.json,abc,a note\n\
             g4dn.xlarge,cn-northwest-1,3.711,CNY,2026-01-21,a repo,cn.json,abc,a note\n"
        );
        std::fs::write(
            sources.join("cn.json"),
            r#"[{"instance_type":"g4dn.xlarge","pricing":{"us-east-1":{"linux":{"ondemand":"0.5"}}}}]"#,
        )
        .unwrap();
        let (ok, report) = refresh(&sources, &data, &["--check"]);
        assert!(!ok && report.contains("cn.json: g4dn.xlarge lists region `us-east-1`"), "{report}");
    }

    #[test]
    fn a_bad_manifest_names_its_line() {
        let sources = scratch("bad-manifest");
        std::fs::write(
            sources.join("MANIFEST.csv"),
            "file,format,provider,repo,path,commit,date,row_note,note\nx.csv,excel,aws,r,p,c,2026-01-01,,\n",
        )
        .unwrap();
        let (ok, report) = refresh(&sources, &repo("data"), &["--check"]);
        assert!(!ok);
        assert!(report.contains("MANIFEST.csv:2: unknown format `excel`"), "{report}");
    }
}
