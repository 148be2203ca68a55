"""rulescheck's native binary, shipped in a wheel.

pip installs the binary as the script `rulescheck`; `find_rulescheck_bin()` says where, and
`python -m rulescheck ARGS` runs it.
"""

from __future__ import annotations

import os
import sys
import sysconfig

__all__ = ["find_rulescheck_bin"]


def find_rulescheck_bin() -> str:
    """Returns the path of the installed rulescheck binary; raises FileNotFoundError if absent."""
    name = "rulescheck"
    folders = [sysconfig.get_path("scripts")]
    user_scheme = {"posix": "posix_user", "nt": "nt_user"}.get(os.name)
    if user_scheme and user_scheme in sysconfig.get_scheme_names():
        folders.append(sysconfig.get_path("scripts", user_scheme))
    folders.append(os.path.dirname(sys.executable))
    for folder in folders:
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError(f"no {name} binary in {', '.join(folders)}")
