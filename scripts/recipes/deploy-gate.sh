#!/bin/sh
# Fail only on what stops `firebase deploy`, and report everything else without failing.
set -e
rulescheck lint --fail-on deploy-errors storage.rules   # blocks the pipeline
rulescheck lint --strict storage.rules || true          # reports everything
