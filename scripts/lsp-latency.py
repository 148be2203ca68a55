#!/usr/bin/env python3
"""Time from the last change to published diagnostics in `rulescheck lsp`.

Usage: scripts/lsp-latency.py BINARY RULES_FILE [ROUNDS [LSP FLAGS...]]

Opens RULES_FILE (e.g. the 256 KiB file of `rulescheck-bench --write FILE`), waits for its
diagnostics, then ROUNDS times (default 30) sends one incremental change (typing or deleting
one character in a comment at the end) and measures the time until the diagnostics of that
version arrive: the debounce plus the lint plus encoding and transport. Prints the median,
90th percentile and maximum in milliseconds. A benchmark, not a test: nothing is asserted.
"""
import json
import subprocess
import sys
import time


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise SystemExit("lsp-latency: the server closed its output")
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    return json.loads(stream.read(length))


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    binary, path = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    text = open(path, encoding="utf-8").read()
    if not text.endswith("\n"):
        text += "\n"
    text += "// x\n"
    lines = text.count("\n")
    uri = "file:///nonexistent-rulescheck-latency/storage.rules"
    server = subprocess.Popen([binary, "lsp"] + sys.argv[4:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(message):
        server.stdin.write(frame(message))
        server.stdin.flush()

    def wait_version(version):
        while True:
            message = read_message(server.stdout)
            params = message.get("params") or {}
            if message.get("method") == "textDocument/publishDiagnostics" and params.get("version") == version:
                return len(params["diagnostics"])

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "firebase-rules", "version": 1, "text": text}}})
    findings = wait_version(1)
    timings = []
    for round_number in range(rounds):
        version = round_number + 2
        # Type a character after "// x", or delete it again.
        if round_number % 2 == 0:
            change = {"range": {"start": {"line": lines - 1, "character": 4},
                                "end": {"line": lines - 1, "character": 4}}, "text": "y"}
        else:
            change = {"range": {"start": {"line": lines - 1, "character": 4},
                                "end": {"line": lines - 1, "character": 5}}, "text": ""}
        started = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        wait_version(version)
        timings.append((time.perf_counter() - started) * 1000)
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait(timeout=30)
    timings.sort()
    size = len(text.encode())
    print(f"rulescheck lsp: {size // 1024} KiB, {findings} findings, {rounds} edits: last change to "
          f"publishDiagnostics median {timings[len(timings) // 2]:.1f} ms, "
          f"p90 {timings[int(len(timings) * 0.9) - 1]:.1f} ms, max {timings[-1]:.1f} ms "
          f"(debounce included)")


main()
