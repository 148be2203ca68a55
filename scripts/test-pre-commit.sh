#!/usr/bin/env bash
# Tests rulescheck's pre-commit hooks for real, the way a user's repository would use them:
#   1. installs pre-commit from PyPI into a throw-away virtualenv;
#   2. snapshots this checkout (tracked and untracked files, .gitignore respected) into a
#      temporary git repository, since `pre-commit try-repo` only sees committed and tracked
#      files;
#   3. makes a throw-away project with a bad storage.rules and, for each hook kind, expects the
#      hook to fail on it and to pass once the file is fixed:
#      build   `pre-commit try-repo <snapshot> rulescheck`: pre-commit builds the package with
#              SwiftPM (language: swift), in release mode, for each run, so this takes minutes;
#      system  scripts/recipes/pre-commit-system.yaml (hook rulescheck-system, language:
#              system, nothing built) with the snapshot as the repository and the release
#              binary from dist/ on PATH;
#      python  scripts/recipes/pre-commit-python.yaml (a `repo: local` hook, language: python)
#              with the wheel in dist/ in place of rulescheck==VERSION from PyPI.
# system and python need scripts/release.sh to have run. build needs Swift 6, libpcre2-dev,
# libjemalloc-dev and
# the package's dependencies (from GitHub). Every run needs python3 (with venv), git and
# PyPI for pre-commit itself.
# Usage: scripts/test-pre-commit.sh [build|system|python ...]   (default: all three)
set -euo pipefail

checkout="$(cd "$(dirname "$0")/.." && pwd)"
kinds=("$@")
if [ ${#kinds[@]} -eq 0 ]; then kinds=(build system python); fi
for kind in "${kinds[@]}"; do
  case "$kind" in
    build | system | python) ;;
    *) echo "test-pre-commit.sh: unknown hook kind '$kind' (build, system, python)" >&2; exit 2 ;;
  esac
done
version="$(sed -n 's/^ *public static let current = "\([^"]*\)".*/\1/p' "$checkout/Sources/RulesReport/ToolVersion.swift")"
work="$(mktemp -d "${TMPDIR:-/tmp}/rulescheck-pre-commit.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/pre-commit-home"
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com

step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

step "installing pre-commit from PyPI"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check pre-commit
pre_commit="$work/venv/bin/pre-commit"
"$pre_commit" --version

step "snapshotting $checkout"
mkdir "$work/snapshot"
(
  cd "$checkout"
  git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' file; do if [ -e "$file" ]; then printf '%s\0' "$file"; fi; done \
    | tar --null -T - -cf -
) | tar -xf - -C "$work/snapshot"
git -C "$work/snapshot" init --quiet
git -C "$work/snapshot" add --all
git -C "$work/snapshot" commit --quiet -m snapshot

step "making a project"
mkdir "$work/project"
cd "$work/project"
git init --quiet

bad_file() {
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
  git add storage.rules
}

fixed_file() {
  cat > storage.rules <<'RULES'
rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /uploads/{userId}/{fileName} {
      allow read: if request.auth != null && request.auth.uid == userId;
      allow create: if request.auth != null && request.auth.uid == userId
        && request.resource.size < 5 * 1024 * 1024;
    }
  }
}
RULES
  git add storage.rules
}

# fails_then_passes LABEL COMMAND...: the hook must fail on the bad file and pass on the fixed one.
fails_then_passes() {
  local label="$1"
  shift
  bad_file
  step "$label with the bad file (expected to fail)"
  if "$@"; then fail "$label passed on a file that grants public writes"; fi
  fixed_file
  step "$label with the fixed file (expected to pass)"
  "$@" || fail "$label failed on a clean file"
}

release_file() {
  [ -f "$checkout/dist/$1" ] || fail "no dist/$1; run scripts/release.sh first"
  printf '%s\n' "$checkout/dist/$1"
}

for kind in "${kinds[@]}"; do
  case "$kind" in
    build)
      fails_then_passes "try-repo rulescheck (language: swift)" \
        "$pre_commit" try-repo "$work/snapshot" rulescheck --files storage.rules
      ;;
    system)
      tarball="$(release_file "rulescheck-$version-x86_64-unknown-linux-gnu.tar.gz")"
      mkdir -p "$work/bin"
      tar -xzf "$tarball" -C "$work/bin" --strip-components=1
      # The documented configuration (scripts/recipes/pre-commit-system.yaml), with the
      # snapshot for the GitHub repository.
      sed -e "s|repo: https://github.com/OWNER/rulescheck|repo: $work/snapshot|" \
        -e "s|rev: v$version|rev: $(git -C "$work/snapshot" rev-parse HEAD)|" \
        "$checkout/scripts/recipes/pre-commit-system.yaml" > .pre-commit-config.yaml
      grep -q "repo: $work/snapshot" .pre-commit-config.yaml || fail "pre-commit-system.yaml does not name the repository"
      grep -q "rev: v" .pre-commit-config.yaml && fail "pre-commit-system.yaml does not name rev v$version"
      git add .pre-commit-config.yaml
      PATH="$work/bin:$PATH" fails_then_passes "rulescheck-system (language: system, the release binary on PATH)" \
        "$pre_commit" run rulescheck-system --files storage.rules
      git rm --quiet --cached .pre-commit-config.yaml
      rm .pre-commit-config.yaml
      ;;
    python)
      wheel="$(cd "$checkout/dist" && ls rulescheck-"$version"-py3-none-manylinux_2_*_x86_64.whl 2>/dev/null | head -1)"
      wheel="$(release_file "${wheel:-rulescheck-$version-py3-none-manylinux_2_NN_x86_64.whl}")"
      # The documented configuration (scripts/recipes/pre-commit-python.yaml), with the wheel's
      # path for rulescheck==VERSION.
      sed "s|rulescheck==$version|$wheel|" "$checkout/scripts/recipes/pre-commit-python.yaml" > .pre-commit-config.yaml
      grep -q "$wheel" .pre-commit-config.yaml || fail "pre-commit-python.yaml does not name rulescheck==$version"
      git add .pre-commit-config.yaml
      fails_then_passes "repo: local rulescheck (language: python, the wheel)" \
        "$pre_commit" run rulescheck --files storage.rules
      git rm --quiet --cached .pre-commit-config.yaml
      rm .pre-commit-config.yaml
      ;;
  esac
done

step "OK: each hook (${kinds[*]}) fails on the bad file and passes on the fixed one"
