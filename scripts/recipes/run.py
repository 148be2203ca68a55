#!/usr/bin/env python3
"""Runs one CI recipe from scripts/recipes/ on this machine, as its CI service would run it.

For scripts/test-recipes.sh. `--set NAME=VALUE` overrides one of the recipe's variables (the
release URL, the repository to clone), so nothing is fetched from GitHub.

  gitlab FILE JOB  before_script and script lines in one bash script with `set -eo pipefail`,
                   each echoed as `$ line` first (GitLab's bash shell); prints whether each
                   artifact path exists afterwards (artifacts: when: always).
  github FILE      each step of the workflow's only job: `run:` steps as GitHub runs them
                   without `shell:` (`bash -e {0}`) with the job's and the step's env,
                   GITHUB_PATH, GITHUB_ENV, RUNNER_TEMP; actions/checkout is the prepared
                   folder; `OWNER/rulescheck@REF` runs action.yml through
                   scripts/action/run-local.py with the step's `with:` as inputs. A failed
                   step fails the job and the later steps are skipped.
Exits with the job's status (0 passed, 1 failed).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def overrides(pairs: list[str]) -> dict[str, str]:
    return dict(pair.split("=", 1) for pair in pairs)


def gitlab(args: argparse.Namespace) -> int:
    with open(args.file, encoding="utf-8") as f:
        job = yaml.safe_load(f)[args.job]
    environment = dict(os.environ)
    environment.update({k: str(v) for k, v in job.get("variables", {}).items()})
    environment.update(overrides(args.set))
    lines = ["set -eo pipefail"]
    for line in job.get("before_script", []) + job.get("script", []):
        lines.append(f"echo {shlex.quote('$ ' + line)}")
        lines.append(line)
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as script:
        script.write("\n".join(lines) + "\n")
    try:
        status = subprocess.call(["bash", "--noprofile", "--norc", script.name], cwd=args.dir, env=environment)
    finally:
        os.unlink(script.name)
    print(f"job {args.job}: {'passed' if status == 0 else f'failed (exit {status})'}")
    for path in job.get("artifacts", {}).get("paths", []):
        exists = os.path.exists(os.path.join(args.dir, path))
        print(f"artifact {path}: {'kept' if exists else 'missing'}")
    return 0 if status == 0 else 1


def github(args: argparse.Namespace) -> int:
    with open(args.file, encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    (name, job), = workflow["jobs"].items()
    runner = tempfile.mkdtemp(prefix="rulescheck-recipe-runner.")
    temp = os.path.join(runner, "temp")
    os.makedirs(temp)
    github_path = os.path.join(runner, "path")
    github_env = os.path.join(runner, "env")
    open(github_path, "w").close()
    open(github_env, "w").close()
    variables = {k: str(v) for k, v in job.get("env", {}).items()}
    variables.update(overrides(args.set))
    failed = False
    for index, step in enumerate(job["steps"]):
        label = step.get("name") or step.get("uses") or step.get("run", "").splitlines()[0]
        if failed:
            print(f"-- step {index + 1} ({label}): skipped")
            continue
        print(f"-- step {index + 1} ({label})", flush=True)
        environment = dict(os.environ)
        environment.update(variables)
        with open(github_env, encoding="utf-8") as f:
            environment.update(dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line))
        environment.update({k: str(v) for k, v in step.get("env", {}).items()})
        with open(github_path, encoding="utf-8") as f:
            added = [line.strip() for line in f if line.strip()][::-1]
        environment["PATH"] = os.pathsep.join([*added, environment["PATH"]])
        environment.update(GITHUB_PATH=github_path, GITHUB_ENV=github_env, RUNNER_TEMP=temp,
                           GITHUB_WORKSPACE=args.dir, RUNNER_OS="Linux", RUNNER_ARCH="X64")
        uses = step.get("uses", "")
        if uses.startswith("actions/checkout@"):
            print("   (the workspace is already checked out)")
            continue
        if uses.startswith("OWNER/rulescheck@"):
            command = [sys.executable, os.path.join(ROOT, "scripts/action/run-local.py"),
                       "--action-path", ROOT, "--action-ref", uses.split("@", 1)[1],
                       "--action-repository", "OWNER/rulescheck", "--workspace", args.dir,
                       "--runner-temp", temp, "--tool-cache", os.path.join(runner, "tools"),
                       "--cache", os.path.join(runner, "cache"), "--github-path", github_path,
                       "--summary", os.path.join(runner, "action-summary.json")]
            for key, value in step.get("with", {}).items():
                command += ["--input", f"{key}={value}"]
            os.makedirs(os.path.join(runner, "cache"), exist_ok=True)
            status = subprocess.call(command, cwd=args.dir, env=environment)
        elif "run" in step:
            with open(os.path.join(runner, f"step{index}.sh"), "w", encoding="utf-8") as script:
                script.write(step["run"])
            status = subprocess.call(["bash", "-e", script.name], cwd=args.dir, env=environment)
        else:
            sys.exit(f"run.py: no stand-in for step {label}")
        if status != 0:
            print(f"   step failed (exit {status})")
            failed = True
    print(f"job {name}: {'failed' if failed else 'passed'}")
    shutil.rmtree(runner, ignore_errors=True)
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="service", required=True)
    for service in ("gitlab", "github"):
        command = sub.add_parser(service)
        command.add_argument("file")
        if service == "gitlab":
            command.add_argument("job")
        command.add_argument("--dir", required=True, help="the checked-out repository")
        command.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    return gitlab(args) if args.service == "gitlab" else github(args)


if __name__ == "__main__":
    sys.exit(main())
