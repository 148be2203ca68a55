#!/usr/bin/env python3
"""Writes a wheel that carries rulescheck's native binary, with python3's standard library only.

The wheel is a zip in the layout of PEP 427 (the way maturin and ruff ship a binary):
`rulescheck-VERSION.data/scripts/rulescheck` is the binary, which pip installs into the
environment's bin directory; `rulescheck/` is a small package so that `python -m rulescheck`
works too; `rulescheck-VERSION.dist-info/` holds METADATA, WHEEL, RECORD (sha256 of every
file) and the licence files. It is tagged `py3-none-manylinux_2_NN_x86_64`, NN being the
newest glibc symbol version the binary uses, so pip installs it only where it can run.
Entries are sorted and stamped with SOURCE_DATE_EPOCH, so the same inputs give the same bytes.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import re
import sys
import time
import zipfile

SUMMARY = (
    "Lint, simulate and unit-test Cloud Storage for Firebase security rules "
    "(storage.rules): a self-contained native binary"
)


def record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def metadata(version: str, readme: str, url: str | None, license_files: list[str]) -> str:
    lines = [
        "Metadata-Version: 2.1",
        "Name: rulescheck",
        f"Version: {version}",
        f"Summary: {SUMMARY}",
        "Keywords: firebase,cloud-storage,security-rules,linter,sarif",
        "Classifier: Environment :: Console",
        "Classifier: Intended Audience :: Developers",
        "Classifier: Operating System :: POSIX :: Linux",
        "Classifier: Topic :: Software Development :: Quality Assurance",
        "Requires-Python: >=3.7",
    ]
    if url:
        lines.append(f"Home-page: {url}")
        lines.append(f"Project-URL: Source, {url}")
    lines += [f"License-File: {name}" for name in license_files]
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + readme


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--glibc", required=True, help="minimum glibc, e.g. 2.34")
    parser.add_argument("--readme", required=True)
    parser.add_argument("--notices", required=True)
    parser.add_argument("--python-package", required=True, help="folder of the rulescheck package")
    parser.add_argument("--license")
    parser.add_argument("--url")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    if not re.fullmatch(r"[0-9]+(\.[0-9]+)*([a-z0-9.+-]*)", args.version):
        sys.exit(f"wheel.py: '{args.version}' is not a version")
    match = re.fullmatch(r"2\.([0-9]+)", args.glibc)
    if not match:
        sys.exit(f"wheel.py: '{args.glibc}' is not a glibc version such as 2.34")
    tag = f"py3-none-manylinux_2_{match.group(1)}_x86_64"
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))
    stamp = time.gmtime(max(epoch, 315532800))[:6]  # zip cannot store times before 1980

    data = f"rulescheck-{args.version}.data"
    info = f"rulescheck-{args.version}.dist-info"
    entries: list[tuple[str, bytes, int]] = []  # (path, bytes, unix mode)

    def add(path: str, content: bytes, mode: int = 0o644) -> None:
        entries.append((path, content, mode))

    def read(path: str) -> bytes:
        with open(path, "rb") as f:
            return f.read()

    for name in sorted(os.listdir(args.python_package)):
        if name.endswith(".py"):
            add(f"rulescheck/{name}", read(os.path.join(args.python_package, name)))
    add(f"{data}/scripts/rulescheck", read(args.binary), 0o755)
    license_files = ["THIRD-PARTY-NOTICES.txt"]
    add(f"{info}/licenses/THIRD-PARTY-NOTICES.txt", read(args.notices))
    if args.license:
        license_files.insert(0, "LICENSE")
        add(f"{info}/licenses/LICENSE", read(args.license))
    readme = read(args.readme).decode("utf-8")
    add(f"{info}/METADATA", metadata(args.version, readme, args.url, license_files).encode())
    wheel = f"Wheel-Version: 1.0\nGenerator: rulescheck scripts/release/wheel.py\nRoot-Is-Purelib: false\nTag: {tag}\n"
    add(f"{info}/WHEEL", wheel.encode())

    record_lines = [f"{path},{record_hash(content)},{len(content)}" for path, content, _ in entries]
    record_lines.append(f"{info}/RECORD,,")
    add(f"{info}/RECORD", ("\n".join(record_lines) + "\n").encode())

    os.makedirs(args.out, exist_ok=True)
    target = os.path.join(args.out, f"rulescheck-{args.version}-{tag}.whl")
    # The .dist-info folder goes last, RECORD last of all, as PEP 427 recommends.
    entries.sort(key=lambda entry: (entry[0].startswith(info), entry[0].endswith("/RECORD"), entry[0]))
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path, content, mode in entries:
            entry = zipfile.ZipInfo(path, date_time=stamp)
            entry.external_attr = (0o100000 | mode) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, content)
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
