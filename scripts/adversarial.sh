#!/usr/bin/env bash
# Builds the release CLI, writes every adversarial input shape (issue 10: F1–F10 and more) at
# 1×, 4× and 16× the size that once hung rulescheck, and runs each, printing its exit code,
# time, peak memory and first line of output. A case over 1 s is marked SLOW; the script exits
# 1 when any is.
#
#   scripts/adversarial.sh [DIR] [--scales 1,4,16 | --mib 1,4,16]
#
# Each run is stopped after ADVERSARIAL_TIMEOUT seconds (default 60, exit 124) and limited to
# ADVERSARIAL_MEMORY_MB of address space (default 4096).
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-/tmp/rulescheck-adversarial}
shift $(($# > 0 ? 1 : 0))
cd "$root"
swift build -c release --product rulescheck >&2 && swift build -c release --product rulescheck-bench >&2 || exit 2
rm -rf "$dir" && mkdir -p "$dir"
.build/release/rulescheck-bench adversarial "$dir" "$@" >&2 || exit 2
cli="$root/.build/release/rulescheck"
slow=0
printf '%-28s %10s %4s %8s %9s  %s\n' CASE BYTES EXIT SECONDS PEAK-MB "FIRST LINE OF OUTPUT"
while IFS=$'\t' read -r folder bytes args; do
  IFS=$'\t' read -r -a argv <<<"$args"
  (
    cd "$dir/$folder" || exit 2
    ulimit -v $((${ADVERSARIAL_MEMORY_MB:-4096} * 1024))
    /usr/bin/time -f '%e %M' -o time.txt timeout "${ADVERSARIAL_TIMEOUT:-60}" "$cli" "${argv[@]}" >out.txt 2>err.txt
    echo $? >exit.txt
  )
  # GNU time writes "Command exited with non-zero status N" first when the exit is not 0.
  read -r seconds kilobytes < <(tail -1 "$dir/$folder/time.txt" 2>/dev/null) || true
  [[ "${seconds:-}" =~ ^[0-9.]+$ ]] || { seconds=99; kilobytes=0; }
  code=$(cat "$dir/$folder/exit.txt")
  line=$(head -c 300 "$dir/$folder/err.txt" | head -1)
  [[ -z "$line" ]] && line=$(head -c 300 "$dir/$folder/out.txt" | head -1)
  mark=""
  if [[ "$code" == 124 ]]; then
    mark=" TIMEOUT"
    slow=1
  elif awk "BEGIN { exit !(${seconds:-99} > 1.0) }" 2>/dev/null; then mark=" SLOW"; slow=1; fi
  if [[ "$code" -gt 2 && "$code" != 124 ]]; then mark="$mark CRASH"; slow=1; fi
  printf '%-28s %10s %4s %8s %9s  %s%s\n' "$folder" "$bytes" "$code" "$seconds" "$((kilobytes / 1024))" "${line:0:90}" "$mark"
done <"$dir/cases.tsv"
exit $slow
