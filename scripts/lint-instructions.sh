#!/usr/bin/env bash
# Counts the instructions of one `rulescheck lint` of the benchmark's generated 256 KiB file
# with valgrind's callgrind, thread by thread, and prints the inclusive count of each phase
# (parse, analysis, the catalogue's shared facts and rules, the evaluator-backed facts on the
# second thread), then the catalogue's phases summed over the threads without freeing.
# Instruction counts repeat from run to run on a busy machine, where wall times do not:
# compare two commits with them, by that last sum or phase by phase.
#
#   scripts/lint-instructions.sh [BINARY]    (default: .build/release/rulescheck, built first)
#
# Needs valgrind (apt-get install valgrind). Swift seeds its hashing per process unless
# SWIFT_DETERMINISTIC_HASHING is set, which moves the counts by a few million: it is set here.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v valgrind >/dev/null || {
  echo "lint-instructions.sh: valgrind is missing (apt-get install valgrind)" >&2
  exit 2
}
binary=${1:-}
if [ -z "$binary" ]; then
  swift build -c release --product rulescheck >&2
  binary=.build/release/rulescheck
fi
swift build -c release --product rulescheck-bench >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.build/release/rulescheck-bench --write "$work/big.rules" --front >/dev/null
# valgrind reads a release binary's debug information slowly and sometimes wrongly: a
# stripped copy keeps the symbols callgrind names functions by.
cp "$binary" "$work/rulescheck"
strip --strip-debug "$work/rulescheck"
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --separate-threads=yes \
  --callgrind-out-file="$work/callgrind.out" "$work/rulescheck" lint "$work/big.rules" --format json \
  >/dev/null 2>"$work/valgrind.log" || true
phases='static RulesParser.parse\(|static SemanticAnalyzer.analyze\(|RuleCatalogue.check\(_:now:isEnabled:concurrentFacts:\)|LintContext.init\(ruleset:now:inliningBudget:facts:walkRecursionDepth:\)|CatalogueFacts.init\(|LintContext.facts\(_:_:\)|AuthGuardWalk.visit\(|RuleCatalogue.run\(|SharedRuleRun.run\(on:\)|SharedRuleRun.help\(\)|AccessFacts.init\(|CompiledRuleset.init\(|AccessAudit.init\(|AccessAudit.blockAccess\(forMatches'
# callgrind runs one thread at a time, so how the rules split between the calling thread and
# the other (SharedRuleRun) varies from run to run. The whole-thread sum below also holds the
# freeing of the context and the checked file, which the queue does (BackgroundRelease) only
# if it runs before the process exits (about 25 M); the sum of the phases does not.
calling=0
others=0
# The catalogue's phases, summed over the threads: making the context, the shared facts, the
# rules on either thread, the evaluator-backed facts. Freeing is in none of them, so this sum
# does not move with where or whether the queue frees (compare commits by it).
parts=0
phaseWork='LintContext.init\(ruleset:now:inliningBudget:facts:walkRecursionDepth:\)|CatalogueFacts.init\(|SharedRuleRun.run\(on:\)|SharedRuleRun.help\(\)|CompiledRuleset.init\(|AccessAudit.init\(|AccessAudit.blockAccess\(forMatches'
for file in "$work"/callgrind.out-*; do
  report=$(callgrind_annotate --inclusive=yes "$file" 2>/dev/null | swift demangle --simplified)
  total=$(grep -m1 'PROGRAM TOTALS' <<<"$report" | awk '{print $1}')
  found=$(grep -E "\?\?\?:(specialized )?($phases)" <<<"$report" |
    sed -E 's/ *\(.*%\) +\?\?\?:(specialized )?/  /; s/ \[.*$//' |
    awk '{ name = $0; sub(/^ *[0-9,]+ +/, "", name); if (!seen[name]++) print }' || true)
  # The calling thread is the one that runs the catalogue (`RuleCatalogue.check`, inside
  # `LintRunner.lint`); every other thread works for it.
  lint=$(awk '/RuleCatalogue.check\(_:now:isEnabled:concurrentFacts:\)/ { gsub(",", "", $1); print $1; exit }' <<<"$found")
  if [ -n "$lint" ]; then
    calling=$lint
  else
    others=$((others + ${total//,/}))
  fi
  [ -n "$found" ] || continue
  part=$( (grep -E "^ *[0-9,]+  ($phaseWork)" <<<"$found" || true) |
    awk '{ gsub(",", "", $1); sum += $1 } END { print sum + 0 }')
  parts=$((parts + part))
  echo "thread ${file##*-}: $total instructions"
  echo "$found"
done
printf 'the catalogue on every thread: %d instructions (RuleCatalogue.check on the calling thread %d, the other threads %d)\n' \
  $((calling + others)) "$calling" "$others"
printf 'the catalogue'"'"'s phases over every thread, without freeing: %d instructions\n' "$parts"
