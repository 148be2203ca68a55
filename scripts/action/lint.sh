#!/usr/bin/env bash
# action.yml, step 4: lints, writes the SARIF file, annotates the pull request, and records
# rulescheck's exit status in the output `exit-code`. It fails the step only when rulescheck
# could not run (exit 2); findings (exit 1) fail the job in the action's last step, after the
# SARIF upload.
# In:  RULESCHECK (the binary; default: rulescheck on PATH), INPUT_PATHS (separated by
#      spaces), INPUT_STRICT, INPUT_FAIL_ON, INPUT_CONFIG, INPUT_ANNOTATIONS, INPUT_SARIF_FILE,
#      GITHUB_OUTPUT. Runs in the current folder (the workspace), so SARIF paths match the
#      repository.
set -euo pipefail

bin="${RULESCHECK:-rulescheck}"
args=(lint)
if [ -n "${INPUT_FAIL_ON:-}" ]; then
  args+=(--fail-on "$INPUT_FAIL_ON")
elif [ "${INPUT_STRICT:-false}" = true ]; then
  args+=(--strict)
fi
if [ -n "${INPUT_CONFIG:-}" ]; then args+=(--config "$INPUT_CONFIG"); fi
read -r -a paths <<< "${INPUT_PATHS:-}"
sarif="${INPUT_SARIF_FILE:-rulescheck.sarif}"

set +e
if "$bin" lint --help 2>/dev/null | grep -q -- '--output-file'; then
  # Written atomically, and not at all when rulescheck cannot run.
  "$bin" "${args[@]}" --format sarif --output-file "$sarif" "${paths[@]}"
else
  "$bin" "${args[@]}" --format sarif "${paths[@]}" > "$sarif"
fi
status=$?
if [ "$status" -ne 2 ] && [ "${INPUT_ANNOTATIONS:-true}" = true ]; then
  "$bin" "${args[@]}" --format github "${paths[@]}"
fi
set -e
echo "exit-code=$status" >> "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
if [ "$status" -eq 2 ]; then
  echo "::error::rulescheck could not lint (exit 2); see the message above"
  exit 2
fi
echo "rulescheck exited $status; SARIF written to $sarif"
