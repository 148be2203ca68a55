#!/usr/bin/env node
// Runs the rulescheck binary shipped in this package with the same arguments, standard streams
// and exit status. The binary is built for Linux x86_64 with glibc @MIN_GLIBC@ or later; anywhere
// else this says so and exits 2 (rulescheck's "could not run" status).
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const minimumGlibc = '@MIN_GLIBC@';
const fromSource =
  'Build it from source instead (Swift 6 and libpcre2): swift build -c release --product rulescheck';

function unsupported(reason) {
  process.stderr.write(`rulescheck: error: ${reason}. ${fromSource}\n`);
  process.exit(2);
}

function olderThan(version, minimum) {
  const a = version.split('.').map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) < (b[i] || 0);
  }
  return false;
}

if (process.platform !== 'linux' || process.arch !== 'x64') {
  unsupported(
    `the npm package carries a Linux x86_64 binary only, and this is ${process.platform} ${process.arch}`
  );
}
const report =
  process.report && typeof process.report.getReport === 'function' ? process.report.getReport() : null;
const glibc = report && report.header ? report.header.glibcVersionRuntime : undefined;
if (report && !glibc) {
  unsupported('the binary needs glibc, and this Linux has none (musl, as on Alpine?)');
}
if (glibc && olderThan(glibc, minimumGlibc)) {
  unsupported(`the binary needs glibc ${minimumGlibc} or later, and this system has glibc ${glibc}`);
}

const binary = path.join(__dirname, '..', 'vendor', 'rulescheck');
try {
  fs.accessSync(binary, fs.constants.X_OK);
} catch (error) {
  try {
    fs.chmodSync(binary, 0o755);
  } catch (ignored) {
    // spawnSync below reports a binary it cannot run.
  }
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
if (result.error) {
  process.stderr.write(`rulescheck: error: cannot run ${binary}: ${result.error.message}\n`);
  process.exit(2);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status === null ? 2 : result.status);
