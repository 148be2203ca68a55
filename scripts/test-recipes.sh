#!/usr/bin/env bash
# Runs every "where you work" recipe as far as this machine allows and reports how each ran.
# The recipes live in scripts/recipes/ and the documentation quotes them verbatim; only the
# variables naming where rulescheck comes from (RULESCHECK_RELEASES, RULESCHECK_REPOSITORY)
# are pointed at local copies: a release folder made from dist/, and a git snapshot of this
# checkout tagged v<version>. Each recipe runs in a temporary git repository holding a
# storage.rules with findings (the job must fail, the SARIF artefact must exist) and again
# with a clean one (the job must pass).
#   install (tarball, pip, pipx, npm)  scripts/test-release.sh
#   GitHub Action workflow             scripts/recipes/run.py github (the action's steps via
#                                      scripts/action/run-local.py); scripts/test-action.sh
#   GitHub without the action          scripts/recipes/run.py github (curl, sha256sum -c)
#   GitHub, building from source       scripts/recipes/run.py github (git clone, swift build);
#                                      --full only (a release build from scratch)
#   GitLab CI                          scripts/recipes/run.py gitlab (before_script + script
#                                      with set -eo pipefail; apt-get runs for real)
#   pre-commit                         scripts/test-pre-commit.sh system python (build: --full)
#   plain shell step, deploy gate      sh, with the release binary on PATH
# Needs scripts/release.sh to have run, python3 with PyYAML, PyPI (pre-commit), apt (GitLab).
# Usage: scripts/test-recipes.sh [--full]
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
recipes="$root/scripts/recipes"
full=false
if [ "${1:-}" = --full ]; then full=true; fi
version="$(sed -n 's/^ *public static let current = "\([^"]*\)".*/\1/p' "$root/Sources/RulesReport/ToolVersion.swift")"
name="rulescheck-$version-x86_64-unknown-linux-gnu"
[ -f "$root/dist/$name.tar.gz" ] || { echo "FAIL: no dist/$name.tar.gz; run scripts/release.sh first" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/rulescheck-recipes.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com

step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
report=()
ran() { report+=("$(printf '%-34s %s' "$1" "$2")"); }

step "the recipes name rulescheck $version"
for file in "$recipes"/*.yml "$recipes"/*.yaml; do
  stale="$(grep -o 'rulescheck[@=]\{1,2\}v\{0,1\}[0-9][0-9.]*\|--branch v[0-9][0-9.]*\|RULESCHECK_VERSION: "[0-9.]*"\|rev: v[0-9.]*' "$file" \
    | grep -v -- "$version" || true)"
  [ -z "$stale" ] || fail "$(basename "$file") names another version than $version: $stale"
done
echo ok

# The release as GitHub serves it: RELEASES/v<version>/<asset>.
mkdir -p "$work/releases/v$version" "$work/bin"
cp "$root/dist/$name.tar.gz" "$root/dist/$name.tar.gz.sha256" "$work/releases/v$version/"
tar -xzf "$root/dist/$name.tar.gz" -C "$work/bin" --strip-components=1
releases="file://$work/releases"

bad_rules() {
  cat > storage.rules <<'RULES'
rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /uploads/{fileName} {
      allow read, write: if true;
    }
  }
}
RULES
}
clean_rules() {
  cat > storage.rules <<'RULES'
rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /uploads/{userId}/{fileName} {
      allow read: if request.auth != null && request.auth.uid == userId;
    }
  }
}
RULES
}
broken_rules() {
  printf "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n" > storage.rules
}

# repository KIND: a fresh git repository with a storage.rules of that kind; prints its path.
repository() {
  local dir
  dir="$(mktemp -d "$work/repo.XXXXXX")"
  (cd "$dir" && git init --quiet && "$1"_rules && git add storage.rules && git commit --quiet -m rules)
  printf '%s\n' "$dir"
}

# job EXPECTED LABEL COMMAND...: runs a CI job, which must end with EXPECTED (pass or fail).
job() {
  local expected="$1" label="$2" status=0
  shift 2
  step "$label (expected to $expected)"
  "$@" || status=$?
  case "$expected:$status" in
    pass:0 | fail:1) ;;
    *) fail "$label: exit $status, expected to $expected" ;;
  esac
}

sarif_has_results() {
  python3 -c 'import json,sys; log=json.load(open(sys.argv[1])); sys.exit(0 if log["version"]=="2.1.0" and log["runs"][0]["results"] else 1)' "$1" \
    || fail "$1 is not a SARIF log with results"
}

step "install recipes: scripts/test-release.sh"
"$root/scripts/test-release.sh"
ran "install: tarball, pip, pipx, npm" "installed from dist/ and run (scripts/test-release.sh)"

# GitHub Action workflow.
dir="$(repository bad)"
job fail "GitHub Action workflow, findings" python3 "$recipes/run.py" github "$recipes/github-action.yml" --dir "$dir" \
  --set RULESCHECK_RELEASE_BASE_URL="$releases/v$version"
sarif_has_results "$dir/rulescheck.sarif"
dir="$(repository clean)"
job pass "GitHub Action workflow, clean" python3 "$recipes/run.py" github "$recipes/github-action.yml" --dir "$dir" \
  --set RULESCHECK_RELEASE_BASE_URL="$releases/v$version"
"$root/scripts/test-action.sh" --quick
ran "GitHub Action workflow" "its steps run locally (run-local.py, test-action.sh)"

# GitHub without the action.
dir="$(repository bad)"
job fail "GitHub without the action, findings" python3 "$recipes/run.py" github "$recipes/github-without-action.yml" \
  --dir "$dir" --set RULESCHECK_RELEASES="$releases"
dir="$(repository clean)"
job pass "GitHub without the action, clean" python3 "$recipes/run.py" github "$recipes/github-without-action.yml" \
  --dir "$dir" --set RULESCHECK_RELEASES="$releases"
ran "GitHub without the action" "run steps run with bash -e (release from a local folder)"

if $full; then
  mkdir "$work/source"
  (cd "$root" && git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' file; do if [ -e "$file" ]; then printf '%s\0' "$file"; fi; done \
    | tar --null -T - -cf -) | tar -xf - -C "$work/source"
  (cd "$work/source" && git init --quiet && git add --all && git commit --quiet -m snapshot && git tag "v$version")
  mkdir "$work/sudo" && printf '#!/bin/sh\nexec "$@"\n' > "$work/sudo/sudo" && chmod +x "$work/sudo/sudo"
  dir="$(repository bad)"
  PATH="$PATH:$work/sudo" job fail "GitHub building from source, findings" python3 "$recipes/run.py" github \
    "$recipes/github-build-from-source.yml" --dir "$dir" --set RULESCHECK_REPOSITORY="file://$work/source"
  ran "GitHub building from source" "run steps run with bash -e (clone of a local snapshot)"
else
  ran "GitHub building from source" "not run (--full runs it: a release build from scratch)"
fi

# GitLab CI.
dir="$(repository bad)"
job fail "GitLab CI, findings" python3 "$recipes/run.py" gitlab "$recipes/gitlab-ci.yml" rulescheck --dir "$dir" \
  --set RULESCHECK_RELEASES="$releases"
sarif_has_results "$dir/rulescheck.sarif"
dir="$(repository clean)"
job pass "GitLab CI, clean" python3 "$recipes/run.py" gitlab "$recipes/gitlab-ci.yml" rulescheck --dir "$dir" \
  --set RULESCHECK_RELEASES="$releases"
how="before_script + script with set -eo pipefail"
ran "GitLab CI" "$how"

# pre-commit.
if $full; then
  "$root/scripts/test-pre-commit.sh" build system python
  ran "pre-commit" "all three hooks (scripts/test-pre-commit.sh)"
else
  "$root/scripts/test-pre-commit.sh" system python
  ran "pre-commit" "system and python hooks (build: --full)"
fi

# Plain shell step and deploy gate, with the release binary on PATH.
export PATH="$work/bin:$PATH"
dir="$(repository bad)"
job fail "plain shell step, findings" sh -c "cd '$dir' && sh '$recipes/plain-step.sh'"
dir="$(repository clean)"
job pass "plain shell step, clean" sh -c "cd '$dir' && sh '$recipes/plain-step.sh'"
dir="$(repository bad)"
rm "$dir/storage.rules"
status=0
(cd "$dir" && sh "$recipes/plain-step.sh") || status=$?
[ "$status" -eq 2 ] || fail "plain shell step without storage.rules exited $status, expected 2"
ran "plain shell step" "sh: findings 1, clean 0, missing file 2"
dir="$(repository bad)"
job pass "deploy gate, findings that deploy" sh -c "cd '$dir' && sh '$recipes/deploy-gate.sh'"
dir="$(repository broken)"
job fail "deploy gate, a syntax error" sh -c "cd '$dir' && sh '$recipes/deploy-gate.sh'"
ran "deploy gate" "sh: deployable findings 0, syntax error 1"

step "recipes"
printf '%s\n' "${report[@]}"
