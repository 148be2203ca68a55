"""`python -m rulescheck ARGS` runs the installed binary with ARGS, its exit status unchanged."""

from __future__ import annotations

import os
import sys

from rulescheck import find_rulescheck_bin


def main() -> None:
    try:
        binary = find_rulescheck_bin()
    except FileNotFoundError as error:
        print(f"rulescheck: error: {error}", file=sys.stderr)
        sys.exit(2)
    os.execv(binary, [binary, *sys.argv[1:]])


if __name__ == "__main__":
    main()
