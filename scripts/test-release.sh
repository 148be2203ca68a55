#!/usr/bin/env bash
# Installs each package that scripts/release.sh built into dist/ the way a user would, and runs
# the installed copy: `rulescheck --version` must print ToolVersion.current, `lint examples/`
# must exit 1 with the RS009 finding in examples/mistakes.rules, and `lint
# examples/storage.rules` must exit 0 with "no problems found in 1 file".
#   1. tarball: `sha256sum -c` its .sha256, extract into a temporary prefix;
#   2. wheel: `python3 -m venv`, `pip install --no-index` the .whl; the `rulescheck` script and
#      `python -m rulescheck`; pipx too when it is installed (`pipx install`, `pipx run --spec`;
#      pipx itself updates pip in its shared environment from PyPI);
#   3. npm: a throw-away project, `npm install --offline` of the .tgz, `npx --no-install
#      rulescheck`; the shim's message and exit status 2 on an unsupported platform.
# Each installed copy runs with libpcre2-8.so.0 hidden (bind-mounted over with /dev/null in a
# private mount namespace) when `unshare -m` is allowed, which proves the binary does not load
# it; otherwise the script only checks that ldd lists no libpcre2. pip and npm run offline
# (pipx, when present, reaches PyPI for pip only). Usage: scripts/test-release.sh (after scripts/release.sh)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dist="$root/dist"
version="$(sed -n 's/^ *public static let current = "\([^"]*\)".*/\1/p' "$root/Sources/RulesReport/ToolVersion.swift")"
name="rulescheck-$version-x86_64-unknown-linux-gnu"
work="$(mktemp -d "${TMPDIR:-/tmp}/rulescheck-test-release.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INDEX=1
export npm_config_cache="$work/npm-cache" npm_config_update_notifier=false

step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
passed=0

for file in "$name.tar.gz" "$name.tar.gz.sha256" "rulescheck-$version.tgz"; do
  [ -f "$dist/$file" ] || fail "no dist/$file; run scripts/release.sh first"
done
wheels=("$dist"/rulescheck-"$version"-py3-none-manylinux_2_*_x86_64.whl)
[ -f "${wheels[0]}" ] || fail "no wheel for $version in dist/; run scripts/release.sh first"
wheel="${wheels[0]}"

# awk reads all of ldconfig's output: leaving early would kill ldconfig with SIGPIPE, which
# pipefail turns into this script's exit status (141) when ldconfig is still writing.
pcre2="$(ldconfig -p 2>/dev/null | awk '$1 == "libpcre2-8.so.0" && !found { print $NF; found = 1 }')"
hide=false
if [ -n "$pcre2" ] && unshare -m true 2>/dev/null; then
  pcre2="$(readlink -f "$pcre2")"
  hide=true
  echo "installed copies run with $pcre2 hidden (unshare -m, bind mount of /dev/null)"
else
  echo "unshare -m is not allowed here: checking ldd output for libpcre2 instead"
fi

# Runs a command, with libpcre2 hidden when possible.
run() {
  if $hide; then
    unshare -m sh -c 'mount --bind /dev/null "$0" && exec "$@"' "$pcre2" "$@"
  else
    "$@"
  fi
}

# check LABEL COMMAND...: the version, the failing lint and the clean lint through COMMAND.
check() {
  local label="$1" output status
  shift
  output="$(run "$@" --version)" || fail "$label: --version exited $?"
  [ "$output" = "$version" ] || fail "$label: --version printed '$output', expected '$version'"
  set +e
  output="$(run "$@" lint "$root/examples/" 2>&1)"
  status=$?
  set -e
  [ "$status" -eq 1 ] || fail "$label: lint examples/ exited $status, expected 1: $output"
  grep -q 'examples/mistakes.rules:6:31: error\[RS009/javascript-syntax\]' <<< "$output" \
    || fail "$label: lint examples/ did not report RS009 in mistakes.rules: $output"
  output="$(run "$@" lint "$root/examples/storage.rules" 2>&1)" || fail "$label: lint storage.rules exited $?: $output"
  [ "$output" = "no problems found in 1 file" ] || fail "$label: lint storage.rules printed '$output'"
  echo "ok: $label ($*)"
  passed=$((passed + 1))
}

# no_pcre2 BINARY: ldd must not list libpcre2 (the fallback proof, and a cheap second one).
no_pcre2() {
  if ldd "$1" | grep pcre2 >/dev/null; then fail "$1 loads libpcre2: $(ldd "$1" | grep pcre2)"; fi
}

step "tarball: verify, extract, run"
(cd "$dist" && sha256sum -c "$name.tar.gz.sha256")
mkdir "$work/prefix"
tar -xzf "$dist/$name.tar.gz" -C "$work/prefix"
for file in rulescheck README.md THIRD-PARTY-NOTICES.txt; do
  [ -f "$work/prefix/$name/$file" ] || fail "the tarball has no $name/$file"
done
no_pcre2 "$work/prefix/$name/rulescheck"
check tarball "$work/prefix/$name/rulescheck"

step "wheel: pip install --no-index into a virtualenv"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --no-index "$wheel"
[ -x "$work/venv/bin/rulescheck" ] || fail "pip did not install an executable $work/venv/bin/rulescheck"
cmp -s "$work/venv/bin/rulescheck" "$work/prefix/$name/rulescheck" \
  || fail "the wheel's binary differs from the tarball's"
check "wheel script" "$work/venv/bin/rulescheck"
check "python -m rulescheck" "$work/venv/bin/python" -m rulescheck
"$work/venv/bin/pip" uninstall --quiet --yes rulescheck
[ ! -e "$work/venv/bin/rulescheck" ] || fail "pip uninstall left $work/venv/bin/rulescheck behind"

if command -v pipx >/dev/null; then
  step "wheel: pipx install and pipx run"
  export PIPX_HOME="$work/pipx" PIPX_BIN_DIR="$work/pipx-bin" PIPX_MAN_DIR="$work/pipx-man"
  # pipx upgrades pip in its shared environment from PyPI first; rulescheck itself comes
  # from the wheel file (no dependencies, so pip looks nothing up for it).
  env -u PIP_NO_INDEX pipx install "$wheel"
  check "pipx install" "$PIPX_BIN_DIR/rulescheck"
  check "pipx run" env -u PIP_NO_INDEX pipx run --spec "$wheel" rulescheck
else
  step "wheel: pipx is not installed, skipped"
fi

step "npm: npm install --offline into a throw-away project, npx --no-install"
mkdir "$work/project"
(
  cd "$work/project"
  npm init --yes >/dev/null
  npm install --offline --no-audit --no-fund --silent "$dist/rulescheck-$version.tgz"
)
[ -x "$work/project/node_modules/rulescheck/vendor/rulescheck" ] || fail "npm installed no executable vendor/rulescheck"
cd "$work/project"
check "npx" npx --no-install rulescheck
check "node_modules/.bin" "$work/project/node_modules/.bin/rulescheck"
# The shim on a platform it does not support: a clear message and exit status 2.
printf "Object.defineProperty(process, 'platform', { value: 'darwin' });\n" > "$work/darwin.js"
set +e
output="$(NODE_OPTIONS="--require $work/darwin.js" npx --no-install rulescheck --version 2>&1)"
status=$?
set -e
[ "$status" -eq 2 ] || fail "the shim on darwin exited $status, expected 2: $output"
grep -q 'Linux x86_64 binary only, and this is darwin x64' <<< "$output" \
  || fail "the shim on darwin said: $output"
echo "ok: the shim refuses darwin with exit 2: $output"
cd "$root"

step "OK: $passed installed copies of rulescheck $version ran (tarball, wheel, npm)"
