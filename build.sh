#!/usr/bin/env bash
# gpuplan's one entry point: setup | build | serve | test | bench | catalog | fuzz | fuzz-glue.
# Every step is idempotent and quiet on success; on failure it prints the log.
set -euo pipefail
cd "$(dirname "$0")"

WASM_TARGET=wasm32-unknown-unknown
LOG_DIR=target/build-logs
mkdir -p "$LOG_DIR"
export CHROMEDRIVER=${CHROMEDRIVER:-/usr/bin/chromedriver}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
# A clean clone (CI) builds every crate once: incremental artefacts would only fill the disk,
# so CI turns them off unless told otherwise (with the dev profile in Cargo.toml, a cold test's
# target/ fell from 3.5 GB to 1.2 GB; README). The last CI run failed with its disk full.
if [ -n "${CI:-}" ]; then export CARGO_INCREMENTAL=${CARGO_INCREMENTAL:-0}; fi

say() { printf '%s\n' "$*" >&2; }

# Runs a command with its output in a log; shows the log only if it fails.
quietly() {
  local name=$1; shift
  local log="$LOG_DIR/$name.log"
  if ! "$@" >"$log" 2>&1; then
    say "✗ $name failed: $*"
    tail -n 60 "$log" >&2
    return 1
  fi
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    say "need root to run: $*"; return 1; fi
}

wasm_bindgen_version() {
  # The CLI must match the library version that Cargo.lock pins.
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

setup() {
  if ! rustup target list --installed | grep -qx "$WASM_TARGET"; then
    say "· adding the $WASM_TARGET Rust target"
    quietly rustup-target rustup target add "$WASM_TARGET"
  fi
  for component in rustfmt clippy; do
    if ! rustup component list --installed | grep -q "^$component"; then
      quietly "rustup-$component" rustup component add "$component"
    fi
  done
  [ -f Cargo.lock ] || quietly lockfile cargo generate-lockfile
  local want; want=$(wasm_bindgen_version)
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    # No --locked: the CLI's own lockfile pins a crate release the registry mirror lacks.
    say "· installing wasm-bindgen-cli $want (about 3 minutes, once)"
    quietly wasm-bindgen-cli cargo install wasm-bindgen-cli --version "=$want"
  fi
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    say "· installing Chromium and ChromeDriver from Debian"
    quietly apt-update as_root apt-get update
    quietly apt-chromium as_root env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y --no-install-recommends chromium chromium-driver
  fi
  # Chinese text in the browser tests' screenshots needs a CJK font (Linux has none by default).
  if [ ! -d /usr/share/fonts/opentype/noto ] || ! ls /usr/share/fonts/opentype/noto | grep -q CJK; then
    say "· installing the Noto CJK fonts from Debian"
    quietly apt-update as_root apt-get update
    quietly apt-fonts as_root env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y --no-install-recommends fonts-noto-cjk
  fi
  if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -x node_modules/.bin/tsc ] \
     || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "· installing npm packages (binaryen's wasm-opt, playwright-core, typescript, esbuild, pdfjs-dist)"
    quietly npm-ci npm ci --no-audit --no-fund
  fi
}

build() {
  quietly cargo-build-wasm cargo build --release --lib --target "$WASM_TARGET"
  mkdir -p www/pkg
  # The page's modules as one script (tools/bundle.mjs), and the answers to its
  # first calls computed by the native engine (src/bin/first-answers.rs).
  quietly bundle node tools/bundle.mjs
  quietly first-answers cargo run --quiet --bin first-answers -- tools/first-requests.json www/pkg/first-answers.js
  local module="target/$WASM_TARGET/release/gpuplan.wasm" stamp=pkg/.built-from
  # wasm-opt takes half a minute: skip both steps when the module is unchanged.
  # (The glue patch of tools/glue-reset.mjs counts as an input too.)
  if [ -f "$stamp" ] && [ -f www/pkg/gpuplan_bg.wasm ] && cmp -s "$module" "$stamp" \
     && [ pkg/gpuplan.js -nt tools/glue-reset.mjs ]; then
    package
    prerender
    return 0
  fi
  quietly wasm-bindgen wasm-bindgen --target web --out-dir pkg --out-name gpuplan "$module"
  # One export more, so that engine.js restarts a trapped module without re-importing the glue.
  quietly glue-reset node tools/glue-reset.mjs pkg/gpuplan.js
  # Binaryen from npm: Debian's older wasm-opt breaks wasm-bindgen's externref table.
  # Exactly the features rustc's wasm32 target emits; `--all-features` would let
  # wasm-opt use encodings browsers reject (compact imports).
  # Functions with one caller are inlined only when small (100 bytes; binaryen's default is any
  # size): on a cold load the browser compiles a hot function again with its optimizing tier, and
  # merged into giants (30 kB) those compiles took the page's second core for 400 ms while its
  # first calls ran (docs/PERFORMANCE.md, round 25).
  quietly wasm-opt node_modules/.bin/wasm-opt -Oz --one-caller-inline-max-function-size 100 \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    pkg/gpuplan_bg.wasm -o pkg/gpuplan_bg.wasm
  mkdir -p www/pkg
  cp pkg/gpuplan.js pkg/gpuplan_bg.wasm pkg/gpuplan.d.ts www/pkg/
  cp "$module" "$stamp"
  package
  prerender
  # One line of the catalog build report; `./build.sh catalog` prints all of it.
  head -n 1 "$(ls -t target/$WASM_TARGET/release/build/gpuplan-*/out/catalog-report.txt | head -n 1)" >&2
}

# www/index.html: the page's source (www/page.html) with its first result drawn in, by the page
# itself in headless Chromium (tools/prerender.mjs), so a visitor sees it before any script runs.
prerender() {
  quietly prerender node tools/prerender.mjs
}

# pkg/ as an npm package: package.json (the crate's version), the Node entry, README, LICENSE.
package() {
  quietly package node tools/package.mjs pkg
}

catalog_report() {
  cargo run --quiet --bin catalog-report -- "$@"
}

# `./build.sh catalog refresh DIR [--check]`: rebuilds the data files from a folder
# of downloaded sources (data/sources is the checked-in one) by merging, prints
# what changed per provider, then the new catalog's report.
catalog_refresh() {
  local dir=${1:-}
  [ -n "$dir" ] || { say "usage: ./build.sh catalog refresh DIR [--check]"; exit 2; }
  shift
  cargo run --quiet --bin gpuplan-import -- refresh "$dir" --data data "$@"
  case " $* " in *" --check "*) ;; *) catalog_report ;; esac
}

# The long fuzz pass through the shipped glue: `./build.sh fuzz-glue [seconds]` (docs/RELIABILITY.md).
fuzz_glue() {
  nice -n 10 node --expose-gc tools/fuzz-glue.mjs --seconds "${1:-600}"
}

# The long fuzz pass of the engine (docs/RELIABILITY.md): `./build.sh fuzz [seconds]`,
# a random seed unless GPUPLAN_FUZZ_SEED (hex) is given; the seed is printed to repeat a run.
fuzz() {
  local seconds=${1:-600}
  local seed=${GPUPLAN_FUZZ_SEED:-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')}
  say "· fuzzing the engine for $seconds s with seed 0x$seed (nice 10; the first run compiles)"
  # Optimized, but without LTO's long link, and unwinding so each panic is caught and reported.
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=3 \
    CARGO_PROFILE_RELEASE_PANIC=unwind GPUPLAN_FUZZ_SECONDS=$seconds GPUPLAN_FUZZ_SEED=$seed \
    nice -n 10 cargo test --quiet --release --target-dir target/fuzz --test fuzz fuzz_engine -- --nocapture
}

serve() {
  setup
  build
  exec node tools/serve.mjs www "${PORT:-8080}"
}

# Chromium under chromedriver leaves its profile and singleton folders (about 13 MB) in the
# temporary directory each time the wasm test runner ends its session: each browser test file
# runs with a temporary directory of its own, removed after it, pass or fail.
with_own_tmp() {
  local dir=target/browser-tmp rc=0
  rm -rf "$dir"
  mkdir -p "$dir"
  TMPDIR="$PWD/$dir" "$@" || rc=$?
  rm -rf "$dir"
  return "$rc"
}

run_tests() {
  setup
  build
  say "· rustfmt"; quietly fmt cargo fmt --check
  say "· clippy"
  quietly clippy cargo clippy --all-targets -- -D warnings
  quietly clippy-wasm cargo clippy --target "$WASM_TARGET" --lib --test wasm_api --test wasm_bounds -- -D warnings
  quietly clippy-wasm-fuzz cargo clippy --target "$WASM_TARGET" --test wasm_fuzz -- -D warnings
  # Includes tests/fuzz.rs: the short fuzz pass, fixed seed and input counts.
  say "· native tests"; cargo test --quiet
  say "· wasm tests in headless Chromium"
  with_own_tmp cargo test --target "$WASM_TARGET" --test wasm_api
  say "· wasm bounds (issue 20's reproducers) in headless Chromium"
  # Seconds per call in a debug build: past the runner's default 20 s for a whole file.
  with_own_tmp env WASM_BINDGEN_TEST_TIMEOUT=300 cargo test --target "$WASM_TARGET" --test wasm_bounds
  say "· boundary fuzz in headless Chromium (fixed seed)"
  # The pass runs for its own 20 s budget: the runner's default 20 s for the file would race it.
  with_own_tmp env WASM_BINDGEN_TEST_TIMEOUT=300 cargo test --target "$WASM_TARGET" --test wasm_fuzz
  say "· fuzz through the shipped glue (Node, rotating seed; repeat with GPUPLAN_GLUE_FUZZ_SEED)"
  node --expose-gc tools/fuzz-glue.mjs --seconds "${GPUPLAN_GLUE_FUZZ_SECONDS:-45}"
  say "· end-to-end browser tests"
  node --test --test-reporter=spec tests/e2e/
}

case "${1:-}" in
  fuzz) shift; fuzz "$@" ;;
  fuzz-glue) shift; setup; build; fuzz_glue "$@" ;;
  setup) setup ;;
  build) setup; build ;;
  serve) serve ;;
  test) run_tests ;;
  bench)
    # Browser figures (the real page, headless Chromium), then native (criterion).
    case "${2:-all}" in
      browser) setup; build; node tools/bench.mjs ;;
      native) cargo bench --bench recommend ;;
      all) setup; build; node tools/bench.mjs; cargo bench --bench recommend ;;
      *) say "usage: ./build.sh bench [browser|native]"; exit 2 ;;
    esac ;;
  catalog)
    shift
    if [ "${1:-}" = refresh ]; then shift; catalog_refresh "$@"; else catalog_report "$@"; fi ;;
  dist) setup; build; node tools/dist.mjs ;;
  *) say "usage: ./build.sh setup|build|serve|test|bench [browser|native]|dist|catalog [--sources]"; exit 2 ;;
esac
