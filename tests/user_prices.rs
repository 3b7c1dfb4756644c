//! Users' own prices: discounts, overrides, exchange rates and custom catalogs.
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::catalog::query::{OfferFilter, OfferView};
use gpuplan::{list_offers, parse_catalog_file, Error};

fn query(json: &str) -> Result<Vec<OfferView>, Error> {
    let filter: OfferFilter = gpuplan::input::read_json("filter", json)?;
    Ok(list_offers(&filter)?.offers)
}

const ND: &str = r#""provider":"azure","text":"Standard_ND96isr_H100_v5","region":"eastus""#;

#[test]
fn a_provider_discount_lowers_on_demand_and_reserved_but_not_spot() {
    let list = query(&format!("{{{ND}}}")).unwrap();
    let discounted = query(&format!(r#"{{{ND},"userPrices":{{"discounts":{{"azure":20}}}}}}"#)).unwrap();
    let (a, b) = (&list[0].prices, &discounted[0].prices);
    assert!((b.on_demand.unwrap() - 98.32 * 0.8).abs() < 1e-9);
    assert!((b.reserved_3y.unwrap() - a.reserved_3y.unwrap() * 0.8).abs() < 1e-9);
    assert_eq!(a.spot, b.spot);
    assert!(discounted[0].flags.iter().any(|f| f.code == "user-discount"));
    // The embedded catalog itself is unchanged.
    assert_eq!(query(&format!("{{{ND}}}")).unwrap()[0].prices.on_demand, Some(98.32));
}

#[test]
fn an_override_sets_one_offers_price_and_sorting_uses_it() {
    let id = "azure/Standard_ND96isr_H100_v5/eastus";
    let json = format!(
        r#"{{"provider":"azure","gpuCount":8,"limit":1,"userPrices":{{"overrides":{{"{id}":{{"onDemand":1.5}}}}}}}}"#
    );
    let first = &query(&json).unwrap()[0];
    assert_eq!(first.id, id, "the cheapest 8-GPU Azure offer is now the overridden one");
    assert_eq!(first.prices.on_demand, Some(1.5));
    let err = query(r#"{"userPrices":{"overrides":{"azure/nope/eastus":{"onDemand":1}}}}"#).unwrap_err();
    assert_eq!(err.field, "userPrices.overrides.azure/nope/eastus");
    let err = query(&format!(r#"{{"userPrices":{{"overrides":{{"{id}":{{"onDemand":-1}}}}}}}}"#)).unwrap_err();
    assert_eq!(err.field, format!("userPrices.overrides.{id}.onDemand"));
}

#[test]
fn a_user_exchange_rate_converts_alibaba_prices() {
    let q = r#""provider":"alibaba","text":"ecs.gn7i-c8g1.2xlarge","region":"cn-beijing""#;
    let catalog_rate = query(&format!("{{{q}}}")).unwrap();
    let mine = query(&format!(r#"{{{q},"userPrices":{{"exchangeRates":{{"CNY":8.0}}}}}}"#)).unwrap();
    let cny = catalog_rate[0].prices.original.as_ref().unwrap().on_demand;
    assert!((mine[0].prices.on_demand.unwrap() - cny / 8.0).abs() < 1e-9);
    assert!((mine[0].prices.original.as_ref().unwrap().units_per_usd - 8.0).abs() < 1e-9);
    let err = query(r#"{"userPrices":{"exchangeRates":{"CNY":0}}}"#).unwrap_err();
    assert_eq!(err.field, "userPrices.exchangeRates.CNY");
}

#[test]
fn custom_offers_add_providers_and_replace_catalog_offers() {
    let file = "provider,instance,region,accelerator,gpuCount,onDemand,reserved1y,currency,source,date\n\
                mycloud,h100x8,eastus,H100-SXM,8,16.00,12.0,,our quote,2026-11-01\n\
                azure,Standard_ND96isr_H100_v5,eastus,H100,8,70.00,,,our EA price sheet,2026-10-01\n\
                mycloud,mi325,eastus,MI325X,8,30,,,our quote,2026-11-01\n";
    let parsed = parse_catalog_file(file, "csv").unwrap();
    assert_eq!(parsed.offers.len(), 3);
    let user = serde_json::json!({ "customOffers": parsed.offers });
    let all = query(&format!(r#"{{"limit":10000,"userPrices":{user}}}"#)).unwrap();
    let mine = all.iter().find(|o| o.id == "mycloud/h100x8/eastus").expect("custom offer listed");
    assert_eq!(mine.accelerator, "H100", "aliases resolve in custom catalogs");
    assert_eq!(mine.gpu_memory_gib, Some(640.0), "memory defaults to the accelerator's");
    assert_eq!(mine.prices.reserved_1y, Some(12.0));
    assert_eq!(mine.source.name, "our quote");
    let nd: Vec<_> = all.iter().filter(|o| o.id == "azure/Standard_ND96isr_H100_v5/eastus").collect();
    assert_eq!(nd.len(), 1, "replaced, not duplicated");
    assert_eq!(nd[0].prices.on_demand, Some(70.0));
    let unknown_chip = all.iter().find(|o| o.instance == "mi325").unwrap();
    assert!(unknown_chip.flags.iter().any(|f| f.code == "gpu-memory-unknown"));
    // Filters see custom providers and accelerators.
    assert_eq!(query(&format!(r#"{{"provider":"mycloud","userPrices":{user}}}"#)).unwrap().len(), 2);
    assert_eq!(query(&format!(r#"{{"accelerator":"MI325X","userPrices":{user}}}"#)).unwrap().len(), 1);
}

#[test]
fn bad_catalog_files_name_line_and_column() {
    let cases = [
        ("provider,instance,region,accelerator,gpuCount,onDemand\nx,a,r,H100,8,cheap\n", "csv", 2, "onDemand"),
        ("provider,instance,region,accelerator,gpuCount,price\n", "csv", 1, "price"),
        ("provider,instance,region,accelerator\n", "csv", 1, "gpuCount"),
        ("provider,instance,region,accelerator,gpuCount\nx,a,r,H100,8\nx,b,,H100,8\n", "csv", 3, "region"),
        ("provider,instance,region,accelerator,gpuCount\nx,a,r,H100,-2\n", "csv", 2, "gpuCount"),
        ("{\"offers\": [\n  {\"provider\": \"x\", \"instance\": \"a\", \"region\": \"r\",\n   \"accelerator\": \"H100\", \"gpuCount\": \"eight\"}\n]}", "json", 3, ""),
    ];
    for (text, format, line, column) in cases {
        let err = parse_catalog_file(text, format).unwrap_err();
        assert_eq!(err.line, Some(line), "{text}: {}", err.message);
        if !column.is_empty() {
            assert_eq!(err.column.as_deref(), Some(column), "{text}: {}", err.message);
        }
        assert!(err.message.starts_with(&format!("line {line}")), "{}", err.message);
    }
    assert_eq!(parse_catalog_file("a,b", "xml").unwrap_err().field, "format");
    assert!(parse_catalog_file("[]", "json").is_err(), "an empty file is refused");
}
