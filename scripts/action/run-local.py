#!/usr/bin/env python3
"""Runs action.yml's composite steps on this machine, the way a GitHub runner would.

For scripts/test-action.sh: it reads action.yml (PyYAML), evaluates each step's `if:` and the
`${{ }}` expressions it uses (inputs, steps.*.outputs, github.action_*, always(), success(),
==, !=, &&, ||, parentheses), runs `run:` steps with `bash --noprofile --norc -eo pipefail`
(the runner's shell for `shell: bash`) in the workspace with the step's env, a fresh
GITHUB_OUTPUT file and the folders earlier steps added to GITHUB_PATH, and stands in for the
actions it uses: actions/cache/restore and actions/cache/save (a folder of entries by exact
key; restore sets the output cache-hit) and github/codeql-action/upload-sarif (checks that the
file is a SARIF 2.1.0 log and records it).
Writes a JSON summary (steps run, outcomes, outputs, uploads, action outputs) to --summary
and exits 0 when the job succeeded, 1 when it failed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}")
TOKEN = re.compile(r"\s*(\(|\)|==|!=|&&|\|\||!|'[^']*'|[A-Za-z_][A-Za-z0-9_.-]*(?:\(\))?)")


class Job:
    def __init__(self, args: argparse.Namespace, action: dict) -> None:
        self.args = args
        self.action = action
        self.inputs = {name: str(spec.get("default", "")) for name, spec in action.get("inputs", {}).items()}
        for pair in args.input:
            name, _, value = pair.partition("=")
            if name not in self.inputs:
                sys.exit(f"run-local.py: action.yml has no input '{name}'")
            self.inputs[name] = value
        self.github = {
            "action_ref": args.action_ref,
            "action_repository": args.action_repository,
            "action_path": args.action_path,
        }
        self.steps: dict[str, dict] = {}
        self.failed = False
        self.paths: list[str] = []
        self.log: list[dict] = []
        self.uploads: list[str] = []

    def lookup(self, name: str) -> str:
        parts = name.split(".")
        if parts[0] == "inputs" and len(parts) == 2:
            return self.inputs.get(parts[1], "")
        if parts[0] == "github" and len(parts) == 2:
            return self.github.get(parts[1], "")
        if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
            return self.steps.get(parts[1], {}).get("outputs", {}).get(parts[3], "")
        if parts[0] == "runner" and len(parts) == 2:
            return {"os": "Linux", "arch": "X64", "temp": self.args.runner_temp}.get(parts[1], "")
        sys.exit(f"run-local.py: unsupported expression context '{name}'")

    def evaluate(self, text: str):
        tokens, position = [], 0
        while position < len(text.rstrip()):
            match = TOKEN.match(text, position)
            if not match:
                sys.exit(f"run-local.py: cannot read expression '{text}'")
            tokens.append(match.group(1))
            position = match.end()
        python = []
        for token in tokens:
            if token in ("(", ")", "==", "!="):
                python.append(token)
            elif token == "&&":
                python.append(" and ")
            elif token == "||":
                python.append(" or ")
            elif token == "!":
                python.append(" not ")
            elif token.startswith("'"):
                python.append(repr(token[1:-1]))
            elif token == "always()":
                python.append("True")
            elif token == "success()":
                python.append(repr(not self.failed))
            elif token == "failure()":
                python.append(repr(self.failed))
            elif token in ("true", "false"):
                python.append(repr(token == "true"))
            else:
                python.append(repr(self.lookup(token)))
        return eval("".join(python), {"__builtins__": {}})  # noqa: S307 - tokens are checked above

    def substitute(self, value) -> str:
        return EXPRESSION.sub(lambda match: str(self.evaluate(match.group(1))), str(value))

    def condition(self, step: dict) -> bool:
        text = step.get("if")
        if text is None:
            return not self.failed
        text = str(text).strip()
        match = EXPRESSION.fullmatch(text)
        result = self.evaluate(match.group(1) if match else text)
        if "always()" not in text and "failure()" not in text and self.failed:
            return False
        return result is True or (isinstance(result, str) and result != "")

    def run(self) -> int:
        for index, step in enumerate(self.action["runs"]["steps"]):
            identifier = step.get("id", f"step{index}")
            name = step.get("name", identifier)
            if not self.condition(step):
                self.log.append({"step": name, "outcome": "skipped"})
                continue
            outputs: dict[str, str] = {}
            if "uses" in step:
                ok = self.uses(step["uses"], {k: self.substitute(v) for k, v in step.get("with", {}).items()}, outputs)
            else:
                ok = self.shell(name, step, outputs)
            self.steps[identifier] = {"outputs": outputs}
            self.log.append({"step": name, "outcome": "success" if ok else "failure", "outputs": outputs})
            if not ok:
                self.failed = True
        return 1 if self.failed else 0

    def shell(self, name: str, step: dict, outputs: dict[str, str]) -> bool:
        if step.get("shell") != "bash":
            sys.exit(f"run-local.py: step '{name}' uses shell {step.get('shell')}; only bash is emulated")
        with tempfile.TemporaryDirectory(dir=self.args.runner_temp) as folder:
            script = os.path.join(folder, "step.sh")
            output = os.path.join(folder, "output")
            with open(script, "w", encoding="utf-8") as f:
                f.write(self.substitute(step["run"]))
            open(output, "w").close()
            environment = dict(os.environ)
            environment.update({k: self.substitute(v) for k, v in step.get("env", {}).items()})
            environment.update(
                GITHUB_OUTPUT=output,
                GITHUB_PATH=self.args.github_path,
                GITHUB_ACTION_PATH=self.args.action_path,
                RUNNER_TEMP=self.args.runner_temp,
                RUNNER_TOOL_CACHE=self.args.tool_cache,
                RUNNER_OS="Linux",
                RUNNER_ARCH="X64",
            )
            environment["PATH"] = os.pathsep.join([*self.paths, environment["PATH"]])
            print(f"::group::{name}", flush=True)
            status = subprocess.call(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                cwd=self.args.workspace, env=environment)
            print("::endgroup::", flush=True)
            with open(output, encoding="utf-8") as f:
                for line in f:
                    key, _, value = line.rstrip("\n").partition("=")
                    outputs[key] = value
        with open(self.args.github_path, encoding="utf-8") as f:
            self.paths = [line.strip() for line in f if line.strip()][::-1]
        return status == 0

    def uses(self, action: str, inputs: dict[str, str], outputs: dict[str, str]) -> bool:
        if action.startswith("actions/cache/restore@"):
            key, folder = inputs["key"], inputs["path"]
            saved = os.path.join(self.args.cache, key)
            if os.path.isdir(saved):
                shutil.rmtree(folder, ignore_errors=True)
                shutil.copytree(saved, folder)
                print(f"Cache restored from key: {key}")
            else:
                print(f"Cache not found for input keys: {key}")
            outputs["cache-hit"] = "true" if os.path.isdir(saved) else "false"
            return True
        if action.startswith("actions/cache/save@"):
            key, folder = inputs["key"], inputs["path"]
            saved = os.path.join(self.args.cache, key)
            if os.path.isdir(saved):
                print(f"Cache entry {key} already exists; not saving")
            elif not os.path.isdir(folder):
                print(f"Path does not exist: {folder}")
                return False
            else:
                shutil.copytree(folder, saved)
                print(f"Cache saved with key: {key}")
            return True
        if action.startswith("github/codeql-action/upload-sarif@"):
            path = os.path.join(self.args.workspace, inputs["sarif_file"])
            try:
                with open(path, encoding="utf-8") as f:
                    log = json.load(f)
            except (OSError, ValueError) as error:
                print(f"upload-sarif: {path}: {error}")
                return False
            if log.get("version") != "2.1.0" or not isinstance(log.get("runs"), list):
                print(f"upload-sarif: {path} is not a SARIF 2.1.0 log")
                return False
            self.uploads.append(path)
            print(f"upload-sarif: would upload {path} ({sum(len(r.get('results', [])) for r in log['runs'])} results)")
            return True
        sys.exit(f"run-local.py: no stand-in for action {action}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for name in ("action-path", "workspace", "runner-temp", "tool-cache", "cache", "github-path", "summary"):
        parser.add_argument(f"--{name}", required=True)
    parser.add_argument("--action-ref", default="")
    parser.add_argument("--action-repository", default="")
    parser.add_argument("--input", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    with open(os.path.join(args.action_path, "action.yml"), encoding="utf-8") as f:
        action = yaml.safe_load(f)
    job = Job(args, action)
    status = job.run()
    outputs = {name: job.substitute(spec["value"]) for name, spec in action.get("outputs", {}).items()}
    with open(args.summary, "w", encoding="utf-8") as f:
        json.dump({"status": status, "steps": job.log, "outputs": outputs, "uploads": job.uploads}, f, indent=2)
    return status


if __name__ == "__main__":
    sys.exit(main())
