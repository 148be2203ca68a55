#!/usr/bin/env bash
# action.yml, step 3 (after actions/cache): puts rulescheck in RULESCHECK_INSTALL_DIR unless
# the cache already did, adds that folder to GITHUB_PATH and writes the binary's path to the
# output `rulescheck`.
#   mode release: downloads rulescheck-VERSION-x86_64-unknown-linux-gnu.tar.gz and its .sha256
#     from RULESCHECK_RELEASE_BASE_URL (default: the action repository's GitHub release
#     v<version>; a file:// URL works too, which scripts/test-action.sh uses), checks the
#     sha256 (a mismatch fails the step) and extracts the binary. When the release has no such
#     asset and INPUT_INSTALL is auto, it builds from source instead, with a warning.
#   mode source: builds the action's checkout with `swift build -c release
#     --static-swift-stdlib`. Without Swift 6 on PATH it first installs Swift 6.3.1 from
#     swift.org's Ubuntu 24.04 tarball, checked against the sha256 pinned below; without
#     libpcre2 or jemalloc it installs libpcre2-dev and libjemalloc-dev with apt-get.
# In:  RULESCHECK_MODE, RULESCHECK_VERSION, RULESCHECK_REPOSITORY, RULESCHECK_INSTALL_DIR (the
#      outputs of resolve.sh), INPUT_INSTALL, GITHUB_ACTION_PATH, GITHUB_OUTPUT, GITHUB_PATH,
#      GITHUB_SERVER_URL, RUNNER_TEMP, RUNNER_TOOL_CACHE; optional RULESCHECK_RELEASE_BASE_URL.
set -euo pipefail

swift_version=6.3.1
swift_tarball="swift-$swift_version-RELEASE-ubuntu24.04.tar.gz"
swift_url="https://download.swift.org/swift-$swift_version-release/ubuntu2404/swift-$swift_version-RELEASE/$swift_tarball"
swift_sha256=c7928abfda6b916d812d231a5c724a6a6bdf25878298f6bdece451f585ab9a5f

mode="${RULESCHECK_MODE:?}"
version="${RULESCHECK_VERSION:?}"
dir="${RULESCHECK_INSTALL_DIR:?}"
action="${GITHUB_ACTION_PATH:?}"
temp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
binary="$dir/rulescheck"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# download: 0 installed, 3 the release has no such asset; exits 1 on a checksum mismatch.
download() {
  local name="rulescheck-$version-x86_64-unknown-linux-gnu"
  local base="${RULESCHECK_RELEASE_BASE_URL:-${GITHUB_SERVER_URL:-https://github.com}/${RULESCHECK_REPOSITORY:?}/releases/download/v$version}"
  local work
  work="$(mktemp -d "$temp/rulescheck-download.XXXXXX")"
  echo "downloading $base/$name.tar.gz"
  if ! curl -fsSL --retry 3 --retry-delay 2 -o "$work/$name.tar.gz" "$base/$name.tar.gz" \
    || ! curl -fsSL --retry 3 --retry-delay 2 -o "$work/$name.tar.gz.sha256" "$base/$name.tar.gz.sha256"; then
    rm -rf "$work"
    return 3
  fi
  if ! (cd "$work" && sha256sum --check --strict "$name.tar.gz.sha256"); then
    echo "::error::rulescheck: $name.tar.gz does not match its published sha256; not using it"
    rm -rf "$work"
    exit 1
  fi
  # Called as `download || …`, where set -e does not apply: each failure exits by itself.
  tar -xzf "$work/$name.tar.gz" -C "$work" || { echo "::error::rulescheck: cannot extract $name.tar.gz"; exit 1; }
  mkdir -p "$dir" && install -m 755 "$work/$name/rulescheck" "$binary" \
    || { echo "::error::rulescheck: cannot install the binary into $dir"; exit 1; }
  cp "$work/$name/THIRD-PARTY-NOTICES.txt" "$dir/" 2>/dev/null || true
  rm -rf "$work"
}

install_swift() {
  local root="${RUNNER_TOOL_CACHE:-$temp}/swift/$swift_version"
  if [ ! -x "$root/usr/bin/swift" ]; then
    echo "installing Swift $swift_version from $swift_url"
    if command -v apt-get >/dev/null; then
      as_root apt-get update -qq
      as_root apt-get install -y -qq binutils libc6-dev libcurl4-openssl-dev libedit2 libncurses-dev \
        libsqlite3-0 libxml2-dev zlib1g-dev pkg-config tzdata >/dev/null
    fi
    local work
    work="$(mktemp -d "$temp/swift-download.XXXXXX")"
    curl -fsSL --retry 3 --retry-delay 2 -o "$work/$swift_tarball" "$swift_url"
    (cd "$work" && echo "$swift_sha256  $swift_tarball" | sha256sum --check --strict -)
    mkdir -p "$root"
    tar -xzf "$work/$swift_tarball" -C "$root" --strip-components=1
    rm -rf "$work"
  fi
  local missing
  missing="$(ldd "$root/usr/bin/swift-build" "$root/usr/bin/swift-frontend" | awk '/not found/ { print $1 }' | sort -u | tr '\n' ' ')"
  if [ -n "$missing" ]; then
    echo "::error::rulescheck: Swift $swift_version for Ubuntu 24.04 cannot run on this runner (missing: $missing). Use the action at a release tag (the prebuilt binary needs no Swift) or runs-on: ubuntu-24.04"
    exit 1
  fi
  export PATH="$root/usr/bin:$PATH"
}

build_from_source() {
  if ! command -v swift >/dev/null || ! swift --version 2>/dev/null | grep -q 'Swift version 6\.'; then
    install_swift
  fi
  if ! pkg-config --exists libpcre2-8 jemalloc 2>/dev/null; then
    as_root apt-get update -qq
    as_root apt-get install -y -qq libpcre2-dev libjemalloc-dev pkg-config >/dev/null
  fi
  swift --version
  # As scripts/release.sh builds: generic metadata through accessors, which starts faster.
  local build=(swift build -c release --static-swift-stdlib --package-path "$action" --product rulescheck
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
  "${build[@]}"
  mkdir -p "$dir"
  install -m 755 "$("${build[@]}" --show-bin-path)/rulescheck" "$binary"
}

if [ -x "$binary" ] && [ "$("$binary" --version 2>/dev/null)" = "$version" ]; then
  echo "rulescheck $version restored from the cache: $binary"
else
  case "$mode" in
    release)
      status=0
      download || status=$?
      if [ "$status" -ne 0 ]; then
        if [ "${INPUT_INSTALL:-auto}" = release ]; then
          echo "::error::rulescheck: the release v$version has no rulescheck-$version-x86_64-unknown-linux-gnu.tar.gz"
          exit 1
        fi
        echo "::warning::rulescheck: no prebuilt binary for v$version; building from source (a few minutes)"
        build_from_source
      fi
      ;;
    source) build_from_source ;;
    *) echo "::error::rulescheck: unknown install mode '$mode'"; exit 2 ;;
  esac
fi

printed="$("$binary" --version)"
if [ "$printed" != "$version" ]; then
  echo "::error::rulescheck: $binary prints version $printed, expected $version"
  exit 1
fi
echo "rulescheck $printed: $binary"
echo "$dir" >> "${GITHUB_PATH:?GITHUB_PATH is not set}"
echo "rulescheck=$binary" >> "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
