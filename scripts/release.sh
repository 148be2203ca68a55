#!/usr/bin/env bash
# Builds rulescheck's release packages into dist/ (gitignored), nothing uploaded:
#   1. a self-contained Linux x86_64 binary: `swift build -c release --static-swift-stdlib`
#      (Swift runtime and Foundation linked in) with libpcre2-8, jemalloc and libstdc++ linked
#      from their static archives (Debian's libpcre2-dev, libjemalloc-dev, g++; jemalloc's
#      joined into one object first, see below), stripped; only glibc's libraries (and
#      libgcc_s, which glibc itself loads) stay dynamic, which the script checks with readelf,
#      and it reads the minimum glibc off the binary's versioned symbols;
#   2. dist/rulescheck-VERSION-x86_64-unknown-linux-gnu.tar.gz (the binary, a README, the
#      third-party notices, LICENSE if the repository has one) and its .sha256
#      (`sha256sum -c` format);
#   3. dist/rulescheck-VERSION-py3-none-manylinux_2_NN_x86_64.whl, a wheel carrying the binary
#      as a script, written by scripts/release/wheel.py with python3's standard library only;
#   4. dist/rulescheck-VERSION.tgz, `npm pack` of a package whose `bin` shim runs the binary;
#   5. dist/SHA256SUMS over the three.
# VERSION is ToolVersion.current (Sources/RulesReport/ToolVersion.swift); the script checks
# that the built binary's `--version` prints it. SOURCE_DATE_EPOCH (default: the last commit's
# time) stamps the archives, so the same binary gives byte-identical packages.
# Needs: Linux x86_64, Swift 6, libpcre2-dev (libpcre2-8.a), libjemalloc-dev
# (libjemalloc_pic.a), g++ (libstdc++.a), binutils, python3, npm (packing only; no registry is
# contacted). Optional: RULESCHECK_REPOSITORY_URL
# (e.g. https://github.com/OWNER/rulescheck) adds the project URL to the package metadata.
# Usage: scripts/release.sh            build, check and package
#        scripts/release.sh --no-build package the binary already built by a previous run
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
templates="$root/scripts/release"
dist="$root/dist"
triple=x86_64-unknown-linux-gnu
build=true
for argument in "$@"; do
  case "$argument" in
    --no-build) build=false ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "release.sh: unknown argument '$argument' (see --help)" >&2; exit 2 ;;
  esac
done

step() { printf '\n== %s\n' "$*"; }
fail() { echo "release.sh: $*" >&2; exit 1; }

if [ "$(uname -s)" != Linux ] || [ "$(uname -m)" != x86_64 ]; then
  fail "the release binary is built on Linux x86_64; this is $(uname -s) $(uname -m)"
fi
for tool in swift readelf strip python3 npm sha256sum pkg-config "${CXX:-g++}"; do
  command -v "$tool" >/dev/null || fail "needs '$tool' on PATH"
done

version="$(sed -n 's/^ *public static let current = "\([^"]*\)".*/\1/p' Sources/RulesReport/ToolVersion.swift)"
[ -n "$version" ] || fail "cannot read ToolVersion.current from Sources/RulesReport/ToolVersion.swift"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
echo "rulescheck $version for $triple (SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH)"

work="$(mktemp -d "${TMPDIR:-/tmp}/rulescheck-release.XXXXXX")"
trap 'rm -rf "$work"' EXIT

step "building the static binary"
libdir="$(pkg-config --variable=libdir libpcre2-8 2>/dev/null || true)"
[ -n "$libdir" ] && [ -f "$libdir/libpcre2-8.a" ] \
  || fail "no static libpcre2-8.a (pkg-config libdir '${libdir}'); install libpcre2-dev"
libstdcxx="$(${CXX:-g++} -print-file-name=libstdc++.a 2>/dev/null || true)"
case "$libstdcxx" in
  /*) ;;
  *) fail "no static libstdc++.a (g++ -print-file-name); install g++ or libstdc++-dev" ;;
esac
# A folder holding only static archives, searched first: the linker then takes libpcre2-8.a
# for CPCRE2's -lpcre2-8 (pkg-config's Libs and the module map's `link`) and libstdc++.a for
# the -lstdc++ of Swift's static runtime, so neither is needed at run time. A copy of
# libpcre2-8.pc puts that folder on the search path.
mkdir -p "$work/static" "$work/pkgconfig"
ln -s "$libdir/libpcre2-8.a" "$libstdcxx" "$work/static/"
sed -e "s|^Libs:.*|Libs: -L$work/static -lpcre2-8|" "$(pkg-config --variable=pcfiledir libpcre2-8)/libpcre2-8.pc" \
  > "$work/pkgconfig/libpcre2-8.pc"
# jemalloc, the executable's malloc (Package.swift's CJemalloc), linked in too, but not as an
# archive: Swift's static runtime links with --exclude-libs ALL, which would keep an archive's
# malloc and free out of the dynamic symbol table, and glibc's own allocations (strdup,
# getline) would then be freed by jemalloc. So Debian's position-independent archive is
# joined into one relocatable object (`ld -r`), passed to the linker as an object, whose
# symbols -export-dynamic exports; C++'s operator new stays libstdc++'s, which calls malloc.
# CJemalloc's -ljemalloc (module map and pkg-config) then finds an empty archive.
jemalloc_libdir="$(pkg-config --variable=libdir jemalloc 2>/dev/null || true)"
[ -n "$jemalloc_libdir" ] && [ -f "$jemalloc_libdir/libjemalloc_pic.a" ] \
  || fail "no static libjemalloc_pic.a (pkg-config libdir '${jemalloc_libdir}'); install libjemalloc-dev"
mkdir -p "$work/jemalloc"
(cd "$work/jemalloc" && ar x "$jemalloc_libdir/libjemalloc_pic.a" && rm -f jemalloc_cpp.pic.o)
ld -r -o "$work/jemalloc.o" "$work"/jemalloc/*.o
ar rc "$work/static/libjemalloc.a"
sed -e "s|^Libs:.*|Libs: -L$work/static -ljemalloc|" "$(pkg-config --variable=pcfiledir jemalloc)/jemalloc.pc" \
  > "$work/pkgconfig/jemalloc.pc"
# Generic types are instantiated through their metadata accessors, not by mangled name: a
# mangled name makes the runtime look each conformance up by scanning every conformance record
# of the binary (about 420,000 instructions a type the first time), which was a third of a
# small file's lint. The flag applies to every module, ArgumentParser's included.
swift_build=(swift build -c release --static-swift-stdlib --product rulescheck
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
if $build; then
  PKG_CONFIG_PATH="$work/pkgconfig" "${swift_build[@]}" -Xlinker "$work/jemalloc.o"
fi
built="$("${swift_build[@]}" --show-bin-path)/rulescheck"
[ -x "$built" ] || fail "no binary at $built (run without --no-build)"

rm -rf "$dist"
mkdir -p "$dist"
stage="$work/rulescheck"
cp "$built" "$stage"
strip "$stage"
chmod 755 "$stage"

step "checking the binary is self-contained"
needed="$(readelf -d "$stage" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
echo "dynamic libraries:" $needed
# glibc's own libraries, and libgcc_s.so.1, which glibc itself loads (pthread_cancel,
# backtrace) and every glibc distribution installs with it; everything else is linked in.
allowed=' libc.so.6 libm.so.6 libpthread.so.0 libdl.so.2 librt.so.1 libutil.so.1 ld-linux-x86-64.so.2 libgcc_s.so.1 '
for library in $needed; do
  case "$allowed" in
    *" $library "*) ;;
    *) fail "the binary needs $library at run time; only glibc's libraries may stay dynamic" ;;
  esac
done
glibc="$(readelf -V -W "$stage" | grep -o 'GLIBC_2\.[0-9]*' | sed 's/GLIBC_2\.//' | sort -n | tail -1)"
[ -n "$glibc" ] || fail "cannot read the glibc versions the binary needs"
echo "minimum glibc: 2.$glibc (the newest GLIBC_2.x symbol version it uses)"
printed="$("$stage" --version)"
[ "$printed" = "$version" ] || fail "the binary prints --version '$printed', expected '$version'"
exported="$(nm -D "$stage")"
grep -q ' T malloc$' <<<"$exported" || fail "the binary does not export jemalloc's malloc"
statistics="$(MALLOC_CONF=stats_print:true "$stage" --version 2>&1 >/dev/null)"
grep -q 'Begin jemalloc statistics' <<<"$statistics" \
  || fail "the binary does not run on jemalloc (MALLOC_CONF=stats_print:true printed no statistics)"
echo "allocator: jemalloc, linked in and exported"

step "collecting notices"
notices="$work/THIRD-PARTY-NOTICES.txt"
# copyright NAME PACKAGE...: the first of the Debian packages' copyright files that exists.
copyright() {
  local name=$1 package
  shift
  for package in "$@"; do
    if [ -f "/usr/share/doc/$package/copyright" ]; then echo "/usr/share/doc/$package/copyright"; return; fi
  done
  fail "cannot find $name's copyright file under /usr/share/doc"
}
pcre2_copyright="$(copyright PCRE2 libpcre2-8-0 libpcre2-dev)"
jemalloc_copyright="$(copyright jemalloc libjemalloc2 libjemalloc-dev)"
for licence in .build/checkouts/Yams/LICENSE .build/checkouts/swift-argument-parser/LICENSE.txt; do
  [ -f "$licence" ] || fail "cannot find $licence (the package's dependencies are checked out by swift build)"
done
{
  echo "rulescheck $version is linked statically with the libraries below. Their licences follow."
  section() {
    printf '\n==============================================================================\n%s\n' "$1"
    printf '==============================================================================\n\n'
    cat "$2"
  }
  section "PCRE2 (libpcre2-8)" "$pcre2_copyright"
  section "jemalloc" "$jemalloc_copyright"
  section "Yams (with libyaml)" .build/checkouts/Yams/LICENSE
  section "Swift Argument Parser" .build/checkouts/swift-argument-parser/LICENSE.txt
  swift_license="$(dirname "$(dirname "$(command -v swift)")")/share/swift/LICENSE.txt"
  if [ -f "$swift_license" ]; then
    section "The Swift runtime and standard library, Foundation, Dispatch" "$swift_license"
  fi
  printf '\nlibstdc++ and libgcc (GCC runtime libraries) are used under the GCC Runtime Library Exception.\n'
  printf '\nFoundation also links ICU (https://github.com/unicode-org/icu), under the Unicode\n'
  printf 'License v3: https://www.unicode.org/license.txt\n'
} > "$notices"

# The README shipped inside every package.
readme="$work/README.md"
sed -e "s/@VERSION@/$version/g" -e "s/@GLIBC@/2.$glibc/g" "$templates/PACKAGE-README.md" > "$readme"

step "tarball"
name="rulescheck-$version-$triple"
mkdir "$work/$name"
cp "$stage" "$readme" "$notices" "$work/$name/"
if [ -f LICENSE ]; then cp LICENSE "$work/$name/"; fi
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
  -C "$work" -cf - "$name" | gzip -9 -n > "$dist/$name.tar.gz"
(cd "$dist" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
cat "$dist/$name.tar.gz.sha256"

step "wheel"
wheel_args=(--binary "$stage" --version "$version" --glibc "2.$glibc" --readme "$readme"
  --notices "$notices" --python-package "$templates/python/rulescheck" --out "$dist")
if [ -f LICENSE ]; then wheel_args+=(--license LICENSE); fi
if [ -n "${RULESCHECK_REPOSITORY_URL:-}" ]; then wheel_args+=(--url "$RULESCHECK_REPOSITORY_URL"); fi
python3 "$templates/wheel.py" "${wheel_args[@]}"

step "npm package"
package="$work/npm"
mkdir -p "$package/bin" "$package/vendor"
python3 - "$templates/npm/package.json" "$version" "${RULESCHECK_REPOSITORY_URL:-}" > "$package/package.json" <<'PY'
import json, sys
template, version, url = sys.argv[1:4]
with open(template, encoding="utf-8") as f:
    manifest = json.load(f)
manifest["version"] = version
if url:
    manifest["repository"] = {"type": "git", "url": "git+" + url + ".git"}
    manifest["homepage"] = url
print(json.dumps(manifest, indent=2))
PY
sed -e "s/@MIN_GLIBC@/2.$glibc/g" "$templates/npm/rulescheck.js" > "$package/bin/rulescheck.js"
chmod 755 "$package/bin/rulescheck.js"
cp "$stage" "$package/vendor/rulescheck"
cp "$readme" "$notices" "$package/"
if [ -f LICENSE ]; then cp LICENSE "$package/"; fi
find "$package" -exec touch -d "@$SOURCE_DATE_EPOCH" {} +
(cd "$package" && npm pack --silent --offline --pack-destination "$dist" >/dev/null)
[ -f "$dist/rulescheck-$version.tgz" ] || fail "npm pack did not write dist/rulescheck-$version.tgz"

(cd "$dist" && sha256sum ./*.tar.gz ./*.whl ./*.tgz | sed 's| \./| |' > SHA256SUMS)
step "dist/"
ls -l "$dist"
echo "minimum glibc 2.$glibc; test the packages with scripts/test-release.sh"
