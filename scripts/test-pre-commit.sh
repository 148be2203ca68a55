#!/usr/bin/env bash
# Tests .pre-commit-hooks.yaml for real, the way a user's repository would use it:
#   1. installs pre-commit from PyPI into a throw-away virtualenv;
#   2. snapshots this checkout (tracked and untracked files, .gitignore respected) into a
#      temporary git repository, since `pre-commit try-repo` only sees committed and tracked
#      files;
#   3. makes a throw-away project with a bad storage.rules, runs
#      `pre-commit try-repo <snapshot> rulescheck` and expects it to fail;
#   4. fixes the file, runs try-repo again and expects it to pass.
# pre-commit builds the package in release mode for each try-repo run, so this takes minutes.
# Needs python3 (with venv), git, Swift 6 and libpcre2-dev, and network access to PyPI and to
# the package's dependencies on GitHub. Usage: scripts/test-pre-commit.sh
set -euo pipefail

checkout="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/rulescheck-pre-commit.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/pre-commit-home"
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com

step() { printf '\n== %s\n' "$*"; }

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

step "making a project with a bad storage.rules"
mkdir "$work/project"
cd "$work/project"
git init --quiet
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

step "pre-commit try-repo with the bad file (expected to fail)"
if "$pre_commit" try-repo "$work/snapshot" rulescheck --files storage.rules; then
  echo "FAIL: the hook passed on a file that grants public writes" >&2
  exit 1
fi

step "fixing the file"
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

step "pre-commit try-repo with the fixed file (expected to pass)"
if ! "$pre_commit" try-repo "$work/snapshot" rulescheck --files storage.rules; then
  echo "FAIL: the hook failed on a clean file" >&2
  exit 1
fi

step "OK: the hook fails on the bad file and passes on the fixed one"
