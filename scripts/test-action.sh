#!/usr/bin/env bash
# Runs the GitHub Action (action.yml) on this machine with scripts/action/run-local.py, which
# executes its composite steps as the runner does (same scripts, env, GITHUB_OUTPUT,
# GITHUB_PATH, RUNNER_TEMP, RUNNER_TOOL_CACHE) and stands in for actions/cache and
# upload-sarif. The release download comes from dist/ (RULESCHECK_RELEASE_BASE_URL=file://…)
# instead of GitHub, so run scripts/release.sh first. The action's folder is reached through
# a runner-style path, _actions/OWNER/rulescheck/REF, with github.action_ref and
# github.action_repository left empty, as the runner leaves them in composite actions.
# Cases:
#   1. at tag v<version>, a file with findings, strict: downloads, verifies and caches the
#      binary, writes SARIF, annotates, uploads, and fails the job (exit-code 1);
#   2. the same again with no release reachable: the binary comes from the cache;
#   3. a clean file, default inputs: the job passes (exit-code 0), the SARIF is uploaded;
#   4. a release whose .sha256 does not match: the install step fails, nothing is linted;
#   5. a release without the asset: auto falls back to building the source, with a warning;
#      install: release fails instead;
#   6. a branch ref: builds the source (skipped with --quick, as is the build in 5).
# Needs python3 with PyYAML, and Swift 6 for cases 5 and 6 (the build reuses .build).
# Usage: scripts/test-action.sh [--quick]
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
quick=false
if [ "${1:-}" = --quick ]; then quick=true; fi
version="$(sed -n 's/^ *public static let current = "\([^"]*\)".*/\1/p' "$root/Sources/RulesReport/ToolVersion.swift")"
name="rulescheck-$version-x86_64-unknown-linux-gnu"
[ -f "$root/dist/$name.tar.gz" ] || { echo "FAIL: no dist/$name.tar.gz; run scripts/release.sh first" >&2; exit 1; }
python3 -c 'import yaml' 2>/dev/null || { echo "FAIL: needs python3's PyYAML (pip install pyyaml)" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/rulescheck-test-action.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/_actions/OWNER/rulescheck" "$work/cache" "$work/empty-release"
step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
passed=0

# A copy of the release whose checksum file names other bytes.
mkdir "$work/bad-release"
cp "$root/dist/$name.tar.gz" "$work/bad-release/"
sed 's/^[0-9a-f]/0/; t; s/^/0/' "$root/dist/$name.tar.gz.sha256" > "$work/bad-release/$name.tar.gz.sha256"
if cmp -s "$root/dist/$name.tar.gz.sha256" "$work/bad-release/$name.tar.gz.sha256"; then
  sed -i 's/^./1/' "$work/bad-release/$name.tar.gz.sha256"
fi

bad_rules='rules_version = '"'2'"';
service firebase.storage {
  match /b/{bucket}/o {
    match /uploads/{fileName} {
      allow read, write: if true;
    }
  }
}'
clean_rules='rules_version = '"'2'"';
service firebase.storage {
  match /b/{bucket}/o {
    match /uploads/{userId}/{fileName} {
      allow read: if request.auth != null && request.auth.uid == userId;
    }
  }
}'

# job CASE REF RELEASE_URL RULES [NAME=VALUE inputs...]: one job on a fresh runner (own
# workspace, RUNNER_TEMP, tool cache, GITHUB_PATH) sharing the cache store between jobs.
job() {
  local case="$1" ref="$2" url="$3" rules="$4"
  shift 4
  local dir="$work/$case"
  mkdir -p "$dir/workspace" "$dir/temp" "$dir/tools"
  : > "$dir/github-path"
  printf '%s\n' "$rules" > "$dir/workspace/storage.rules"
  ln -sfn "$root" "$work/_actions/OWNER/rulescheck/$ref"
  local inputs=()
  for pair in "$@"; do inputs+=(--input "$pair"); done
  set +e
  RULESCHECK_RELEASE_BASE_URL="$url" python3 "$root/scripts/action/run-local.py" \
    --action-path "$work/_actions/OWNER/rulescheck/$ref" --workspace "$dir/workspace" \
    --runner-temp "$dir/temp" --tool-cache "$dir/tools" --cache "$work/cache" \
    --github-path "$dir/github-path" --summary "$dir/summary.json" "${inputs[@]}" > "$dir/log" 2>&1
  echo $? > "$dir/status"
  set -e
  echo "job $case: exit $(cat "$dir/status") (log $dir/log)"
}

# expect CASE PYTHON-EXPRESSION MESSAGE: checks the job's summary (s) and log (log).
expect() {
  python3 - "$work/$1/summary.json" "$work/$1/log" "$2" <<'PY' || { echo "--- log of job $1:" >&2; cat "$work/$1/log" >&2; fail "job $1: $3"; }
import json, sys
s = json.load(open(sys.argv[1]))
log = open(sys.argv[2]).read()
step = {entry["step"]: entry for entry in s["steps"]}
out = lambda name: step.get(name, {}).get("outputs", {})
outcome = lambda name: step.get(name, {}).get("outcome")
sys.exit(0 if eval(sys.argv[3]) else 1)
PY
  passed=$((passed + 1))
}

release="file://$root/dist"

step "1. tag v$version, findings, strict"
job 1 "v$version" "$release" "$bad_rules" strict=true paths=storage.rules
expect 1 's["status"] == 1' "the job should fail on findings"
expect 1 'out("Resolve rulescheck")["mode"] == "release" and out("Resolve rulescheck")["repository"] == "OWNER/rulescheck"' "resolve should pick the release of OWNER/rulescheck from the action's folder"
expect 1 '"OK" in log and "restored from the cache" not in log' "the tarball should be downloaded and its sha256 checked"
expect 1 'outcome("Save rulescheck to the cache") == "success" and "Cache saved with key" in log' "the binary should be cached even though the job fails"
expect 1 'out("Lint")["exit-code"] == "1" and s["outputs"]["exit-code"] == "1"' "exit-code should be 1"
expect 1 '"::error file=storage.rules,line=5" in log' "the pull request should be annotated"
expect 1 'len(s["uploads"]) == 1 and outcome("Upload SARIF") == "success"' "the SARIF file should be uploaded"
expect 1 'json.load(open(s["uploads"][0]))["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "storage.rules"' "SARIF paths should be relative to the workspace"
expect 1 'outcome("Fail on findings") == "failure"' "the last step should fail the job"
expect 1 's["outputs"]["rulescheck"].endswith("/rulescheck") and open("'"$work"'/1/github-path").read().strip() != ""' "the binary's folder should be added to PATH"

step "2. the same job again, no release reachable: the cache serves"
job 2 "v$version" "file://$work/nowhere" "$bad_rules" strict=true
expect 2 'out("Restore rulescheck from the cache")["cache-hit"] == "true" and "restored from the cache" in log' "the binary should come from the cache"
expect 2 'outcome("Save rulescheck to the cache") == "skipped"' "a cache hit should not be saved again"
expect 2 's["status"] == 1 and out("Lint")["exit-code"] == "1"' "the findings should still fail the job"

step "3. a clean file with the default inputs"
rm -rf "$work/cache"/*
job 3 "v$version" "$release" "$clean_rules"
expect 3 's["status"] == 0 and out("Lint")["exit-code"] == "0"' "a clean file should pass"
expect 3 'len(s["uploads"]) == 1 and outcome("Fail on findings") == "skipped"' "the SARIF file should be uploaded and nothing failed"

step "4. a release whose sha256 does not match"
rm -rf "$work/cache"/*
job 4 "v$version" "file://$work/bad-release" "$bad_rules"
expect 4 's["status"] == 1 and outcome("Install rulescheck") == "failure"' "the install step should fail"
expect 4 '"does not match its published sha256" in log and outcome("Lint") == "skipped"' "nothing should be linted with an unverified binary"
expect 4 'outcome("Upload SARIF") == "skipped"' "nothing should be uploaded"

step "5. a release without the asset"
job 5r "v$version" "file://$work/empty-release" "$bad_rules" install=release
expect 5r 's["status"] == 1 and outcome("Install rulescheck") == "failure" and "has no rulescheck-" in log' "install: release should fail without the asset"
if $quick; then
  echo "skipped (--quick): the fallback build from source"
else
  job 5 "v$version" "file://$work/empty-release" "$bad_rules"
  expect 5 '"::warning::rulescheck: no prebuilt binary" in log and outcome("Install rulescheck") == "success"' "auto should fall back to a source build"
  expect 5 'out("Lint")["exit-code"] == "1" and s["status"] == 1' "the source-built binary should lint"
fi

step "6. a branch ref"
if $quick; then
  echo "skipped (--quick)"
else
  rm -rf "$work/cache"/*
  job 6 main "$release" "$clean_rules"
  expect 6 'out("Resolve rulescheck")["mode"] == "source" and out("Resolve rulescheck")["ref"] == "main"' "a branch should build from source"
  expect 6 's["status"] == 0 and "Cache saved with key: rulescheck-'"$version"'-source-" in log' "the source build should lint and be cached"
fi

step "OK: $passed checks on the action's steps passed"
