#!/usr/bin/env bash
# action.yml, step 1: decides how the action gets rulescheck and where it keeps it.
#   mode release: the prebuilt tar.gz of the GitHub release v<version>, where <version> is
#                 ToolVersion.current of the action's own checkout;
#   mode source:  build the action's checkout with SwiftPM.
# INPUT_INSTALL "auto" (the default) takes release when the action is used at a version tag
# (v1, v0.11, v0.11.0) on a Linux X64 runner, and source otherwise (a branch or a commit, whose
# code may differ from any release).
# In:  GITHUB_ACTION_PATH, GITHUB_OUTPUT, RUNNER_OS, RUNNER_ARCH, RUNNER_TOOL_CACHE (or
#      RUNNER_TEMP), INPUT_INSTALL, ACTION_REF and ACTION_REPOSITORY (github.action_ref and
#      github.action_repository; the runner may leave them empty in composite actions, so they
#      are then read off the runner's folder for the action, _actions/OWNER/NAME/REF).
# Out: GITHUB_OUTPUT version, mode, repository, ref, install-dir, cache-key.
set -euo pipefail

action="${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}"
version="$(sed -n 's/^ *public static let current = "\([^"]*\)".*/\1/p' "$action/Sources/RulesReport/ToolVersion.swift")"
if [ -z "$version" ]; then
  echo "::error::rulescheck: cannot read the version from $action/Sources/RulesReport/ToolVersion.swift"
  exit 2
fi

ref="${ACTION_REF:-}"
repository="${ACTION_REPOSITORY:-}"
case "$action" in
  */_actions/*/*/*)
    rest="${action#*/_actions/}"
    [ -n "$repository" ] || repository="$(cut -d/ -f1-2 <<< "$rest")"
    [ -n "$ref" ] || ref="$(cut -d/ -f3- <<< "$rest")"
    ;;
esac

platform_ok=false
if [ "${RUNNER_OS:-}" = Linux ] && [ "${RUNNER_ARCH:-}" = X64 ]; then platform_ok=true; fi
case "${INPUT_INSTALL:-auto}" in
  auto)
    if $platform_ok && [ -n "$repository" ] && [[ "$ref" =~ ^v[0-9]+(\.[0-9]+){0,2}$ ]]; then
      mode=release
    else
      mode=source
    fi
    ;;
  release)
    if ! $platform_ok; then
      echo "::error::rulescheck: the released binary is for Linux X64 runners; this is ${RUNNER_OS:-?} ${RUNNER_ARCH:-?} (use install: source)"
      exit 2
    fi
    if [ -z "$repository" ]; then
      echo "::error::rulescheck: cannot tell which repository the action comes from, so cannot download its release (use install: source)"
      exit 2
    fi
    mode=release
    ;;
  source) mode=source ;;
  *)
    echo "::error::rulescheck: install must be auto, release or source, not '${INPUT_INSTALL}'"
    exit 2
    ;;
esac

key="rulescheck-$version-$mode-${RUNNER_OS:-Linux}-${RUNNER_ARCH:-X64}"
if [ "$mode" = source ]; then
  # A source build is cached per content of what it compiles, not per (moving) ref.
  sources="$(cd "$action" && find Package.swift Sources scripts/action -type f -print0 | sort -z \
    | xargs -0 sha256sum | sha256sum | cut -c1-16)"
  key="$key-$sources"
fi
dir="${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:?RUNNER_TEMP is not set}}/rulescheck/${key#rulescheck-}"

echo "rulescheck $version: $mode (action ${repository:-?}@${ref:-?}), kept in $dir"
{
  echo "version=$version"
  echo "mode=$mode"
  echo "repository=$repository"
  echo "ref=$ref"
  echo "install-dir=$dir"
  echo "cache-key=$key"
} >> "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
