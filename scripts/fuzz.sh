#!/usr/bin/env bash
# Runs one libFuzzer target of Fuzz/ for SECONDS (default 60).
#
#   scripts/fuzz.sh TARGET [SECONDS] [libFuzzer flags...]
#   TARGET: lint | evaluate | listing | suite | configuration
#
# Builds Fuzz/ with -sanitize=fuzzer,address (release), seeds a corpus from examples/, the
# tests and Fuzz/Seeds, and fuzzes. The growing corpus stays in Fuzz/.corpus/TARGET (not
# committed); inputs that crash, time out (10 s) or use more than 2 GB are written to
# Fuzz/artifacts/TARGET/. Reproduce one with:
#   ASAN_OPTIONS=detect_leaks=0 Fuzz/.build/release/FuzzLint Fuzz/artifacts/lint/crash-...
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
target=${1:-}
seconds=${2:-60}
shift $(($# < 2 ? $# : 2))

case "$target" in
lint) product=FuzzLint dicts=(rules) max_len=16384 ;;
evaluate) product=FuzzEvaluate dicts=(rules json) max_len=8192 ;;
listing) product=FuzzListing dicts=(json) max_len=16384 ;;
suite) product=FuzzSuite dicts=(yaml) max_len=8192 ;;
configuration) product=FuzzConfiguration dicts=(yaml) max_len=4096 ;;
*)
  echo "usage: scripts/fuzz.sh lint|evaluate|listing|suite|configuration [SECONDS] [libFuzzer flags...]" >&2
  exit 2
  ;;
esac
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
  echo "fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2
  exit 2
fi

cd "$root/Fuzz"
# SwiftPM keeps the build plan of the main package (a path dependency here) between builds and
# can miss source files added to it since ("cannot find type … in scope"): plan again when the
# list of the main package's sources changed.
sources=$(cd "$root" && find Sources -name '*.swift' | LC_ALL=C sort | sha256sum | cut -d' ' -f1)
stamp="$root/Fuzz/.build/main-sources.sha256"
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$sources" ]]; then
  rm -f "$root/Fuzz/.build/release.yaml" "$root/Fuzz/.build/build.db"
fi
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --product "$product" >&2
echo "$sources" > "$stamp"

corpus="$root/Fuzz/.corpus/$target"
seeds="$root/Fuzz/.corpus/$target-seeds"
artifacts="$root/Fuzz/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
rm -rf "$seeds" && mkdir -p "$seeds"

# seed FILE PREFIX-BYTE: copies FILE into the seed corpus, after PREFIX-BYTE (octal) when the
# target reads a mode from its first byte.
seed() {
  local file=$1 prefix=${2:-}
  local name
  name=$(printf '%s' "$file" | tr '/' '_')
  if [[ -n "$prefix" ]]; then
    { printf "\\$prefix"; cat "$file"; } >"$seeds/$name"
  else
    cp "$file" "$seeds/$name"
  fi
}
shopt -s nullglob globstar
case "$target" in
lint)
  for f in "$root"/examples/**/*.rules "$root"/Tests/**/*.rules; do seed "$f"; done
  ;;
evaluate)
  for f in "$root"/examples/**/*.rules "$root"/Tests/**/*.rules; do seed "$f" 000; done
  for f in "$root"/Fuzz/Seeds/evaluate/*.jsonl; do seed "$f" 001; done
  ;;
listing)
  for f in "$root"/examples/bucket-listing*; do seed "$f" 003; done
  ;;
suite)
  for f in "$root"/examples/*.rules-test.yaml; do seed "$f" 000; done
  for f in "$root"/examples/*.rules-test.json; do seed "$f" 001; done
  ;;
configuration)
  for f in "$root"/Fuzz/Seeds/configuration/*; do seed "$f"; done
  ;;
esac

dictionary="$root/Fuzz/.corpus/$target.dict"
for d in "${dicts[@]}"; do cat "$root/Fuzz/Dictionaries/$d.dict"; done >"$dictionary"

# LeakSanitizer reports Swift runtime allocations as leaks; it is off.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
exec "$root/Fuzz/.build/release/$product" "$corpus" "$seeds" \
  -dict="$dictionary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "$@"
