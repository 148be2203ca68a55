#!/usr/bin/env bash
# Checks the HTML coverage report in a real browser: renders the examples' report with
# headless Chromium (installed from Debian's packages when missing), checks the rendered DOM
# against the JSON coverage of the same run, checks the screenshot's size and colours, and
# checks that genhtml (if installed) accepts the LCOV output.
#
#   scripts/check-coverage-html.sh                      # check only
#   scripts/check-coverage-html.sh --update-screenshot  # also refresh docs/coverage-example.png
#
# RULESCHECK_BINARY names the rulescheck to use; otherwise it is built (debug).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium > /dev/null; then
  echo "installing chromium from Debian's packages" >&2
  sudo_cmd=""
  if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium fonts-dejavu-core > /dev/null
fi

binary="${RULESCHECK_BINARY:-}"
if [ -z "$binary" ]; then
  swift build --product rulescheck >&2
  binary="$(swift build --show-bin-path)/rulescheck"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
suites=(examples/immutable-uploads.rules-test.yaml examples/storage.rules-test.yaml)
status=0
"$binary" test "${suites[@]}" --coverage "$work/coverage.html" --coverage "$work/coverage.json" \
  --coverage "$work/coverage.lcov" > "$work/stdout.txt" || status=$?
# immutable-uploads.rules-test.yaml fails on purpose: exit 1 is expected, anything else is not.
if [ "$status" != 1 ]; then
  echo "rulescheck test exited $status, expected 1" >&2
  cat "$work/stdout.txt" >&2
  exit 1
fi

browser=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1)
"${browser[@]}" --dump-dom "file://$work/coverage.html" > "$work/dom.html" 2> "$work/chromium.log"
"${browser[@]}" --window-size=1200,1640 --screenshot="$work/coverage.png" "file://$work/coverage.html" \
  >> "$work/chromium.log" 2>&1

python3 - "$work" << 'PY'
import json, struct, sys, zlib
from html.parser import HTMLParser

work = sys.argv[1]
coverage = json.load(open(f"{work}/coverage.json"))

class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.sections, self.rows, self.badges, self.gutters, self.title = [], {}, {}, {}, ""
        self.in_title = False
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "section":
            self.sections.append(attrs.get("id"))
            self.rows[self.sections[-1]], self.badges[self.sections[-1]], self.gutters[self.sections[-1]] = [], 0, 0
        elif tag == "tr" and self.sections:
            self.rows[self.sections[-1]].append(classes)
        elif tag == "span" and "b" in classes and self.sections:
            self.badges[self.sections[-1]] += 1
        elif tag == "b" and attrs.get("title", "").startswith("evaluated ") and self.sections:
            self.gutters[self.sections[-1]] += 1
        elif tag == "title":
            self.in_title = True
    def handle_endtag(self, tag):
        self.in_title = self.in_title and tag != "title"
    def handle_data(self, data):
        if self.in_title: self.title += data

page = Page()
page.feed(open(f"{work}/dom.html").read())
assert page.title == "Rules coverage", page.title
files = coverage["files"]
assert len(page.sections) == len(files), (page.sections, [f["path"] for f in files])
for section, file in zip(page.sections, files):
    source_lines = open(file["path"]).read().count("\n") + 1
    rows = page.rows[section]
    assert len(rows) == source_lines, (file["path"], len(rows), source_lines)
    conditions = [c for c in file["conditions"] if c["range"]["start"]["offset"] < c["range"]["end"]["offset"]]
    assert page.badges[section] == len(conditions), (file["path"], page.badges[section], len(conditions))
    assert page.gutters[section] == len(file["statements"]), (file["path"], page.gutters[section])
    never = {s["range"]["start"]["line"] for s in file["statements"] if s["granted"] == 0}
    granted = {s["range"]["start"]["line"] for s in file["statements"] if s["granted"] > 0}
    for line in never: assert "never" in rows[line - 1], (file["path"], line, rows[line - 1])
    for line in granted - never: assert "granted" in rows[line - 1], (file["path"], line, rows[line - 1])

def png_pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR": header = struct.unpack(">IIBBBBB", body)
        if kind == b"IDAT": chunks.append(body)
        position += 12 + length
    width, height, depth, colour = header[:4]
    assert depth == 8 and colour in (2, 6), f"unexpected PNG format {depth}/{colour}"
    channels = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(b"".join(chunks)), width * channels
    previous, pixels = bytearray(stride), set()
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, channels * 2):
            pixels.add(tuple(line[x:x + 3]))
        previous = line
    return width, height, pixels

width, height, colours = png_pixels(f"{work}/coverage.png")
assert (width, height) == (1200, 1640), (width, height)
for name, rgb in {"granted background": (0xE6, 0xF4, 0xEA), "never-granted background": (0xFC, 0xE8, 0xE6),
                  "true badge": (0x1E, 0x8E, 0x3E), "false badge": (0x1A, 0x73, 0xE8)}.items():
    assert rgb in colours, f"the screenshot shows no {name} {rgb}"
print(f"coverage HTML: {len(files)} files, "
      + ", ".join(f"{page.badges[s]} badges in {f['path']}" for s, f in zip(page.sections, files))
      + f"; screenshot {width}x{height} with {len(colours)} colours")
PY

if command -v genhtml > /dev/null; then
  genhtml --quiet --branch-coverage --output-directory "$work/genhtml" "$work/coverage.lcov" > "$work/genhtml.log" 2>&1 \
    || { cat "$work/genhtml.log" >&2; echo "genhtml refused the LCOV output" >&2; exit 1; }
  echo "genhtml: accepted the LCOV output"
else
  echo "genhtml: not installed, LCOV not checked (apt-get install lcov)"
fi

if [ "${1:-}" = "--update-screenshot" ]; then
  cp "$work/coverage.png" docs/coverage-example.png
  echo "updated docs/coverage-example.png"
fi
