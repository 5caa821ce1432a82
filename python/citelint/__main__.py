"""``python -m citelint ARGS`` runs the citelint binary the wheel carries."""

import os
import subprocess
import sys

from ._binary import find_binary


def main() -> None:
    binary = find_binary()
    if sys.platform == "win32":
        sys.exit(subprocess.call([binary, *sys.argv[1:]]))
    os.execvp(binary, [binary, *sys.argv[1:]])


if __name__ == "__main__":
    main()
