"""Finding the citelint binary this package carries."""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig

_EXE = "citelint.exe" if sys.platform == "win32" else "citelint"


def _candidates():
    env = os.environ.get("CITELINT_BINARY")
    if env:
        yield env
        return
    # The wheel installs the binary as a script (citelint-X.data/scripts):
    # into the environment's scripts folder, or the user's with --user.
    yield os.path.join(sysconfig.get_path("scripts"), _EXE)
    if sys.version_info >= (3, 10):
        user = sysconfig.get_preferred_scheme("user")
    else:  # pragma: no cover
        user = "nt_user" if os.name == "nt" else "posix_user"
    try:
        yield os.path.join(sysconfig.get_path("scripts", scheme=user), _EXE)
    except KeyError:  # pragma: no cover
        pass
    # pip install --target DIR puts scripts in DIR/bin beside the package.
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    yield os.path.join(here, "bin", _EXE)
    found = shutil.which("citelint")
    if found:
        yield found


def find_binary() -> str:
    """The path of the citelint binary: ``$CITELINT_BINARY`` if set, else the
    one the wheel installed, else the first ``citelint`` on ``PATH``."""
    for path in _candidates():
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    if os.environ.get("CITELINT_BINARY"):
        raise FileNotFoundError(f"CITELINT_BINARY={os.environ['CITELINT_BINARY']} is not an executable file")
    raise FileNotFoundError(
        "citelint binary not found: install a platform wheel of the citelint package "
        "(pip install citelint), or set CITELINT_BINARY to the binary's path"
    )
