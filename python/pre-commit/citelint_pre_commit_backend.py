"""A PEP 517 build backend for the repository root (see pyproject.toml).

It builds "citelint-pre-commit", a wheel with no code whose one dependency
is ``citelint==VERSION`` (VERSION at the repository root), so that
pre-commit's python hooks install the citelint wheel of the release they
pin, and with it the binary.  Standard library only: pip needs nothing
from an index to build it.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAME = "citelint_pre_commit"


def _version() -> str:
    with open(os.path.join(ROOT, "VERSION"), encoding="utf-8") as f:
        return f.read().strip()


def _metadata(version: str) -> str:
    return "\n".join(
        [
            "Metadata-Version: 2.1",
            "Name: citelint-pre-commit",
            f"Version: {version}",
            "Summary: pre-commit hooks for citelint: installs the citelint wheel of this release",
            "License: Apache-2.0",
            "Requires-Python: >=3.8",
            f"Requires-Dist: citelint=={version}",
            "",
        ]
    )


def _hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _dist_info(version: str):
    di = f"{NAME}-{version}.dist-info"
    files = [
        (f"{di}/METADATA", _metadata(version).encode()),
        (f"{di}/WHEEL", b"Wheel-Version: 1.0\nGenerator: citelint_pre_commit_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
    ]
    record = "".join(f"{p},{_hash(d)},{len(d)}\n" for p, d in files) + f"{di}/RECORD,,\n"
    files.append((f"{di}/RECORD", record.encode()))
    return di, files


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    di, files = _dist_info(_version())
    for path, data in files:
        full = os.path.join(metadata_directory, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
    return di


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    name = f"{NAME}-{version}-py3-none-any.whl"
    _, files = _dist_info(version)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in files:
            zf.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), data)
    return name


build_editable = build_wheel


def build_sdist(sdist_directory, config_settings=None):
    version = _version()
    base = f"{NAME}-{version}"
    name = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as tf:
        members = [("pyproject.toml", None), ("VERSION", None), ("LICENSE", None),
                   ("python/pre-commit/citelint_pre_commit_backend.py", None),
                   ("PKG-INFO", _metadata(version).encode())]
        for rel, data in members:
            if data is None:
                with open(os.path.join(ROOT, rel), "rb") as f:
                    data = f.read()
            info = tarfile.TarInfo(f"{base}/{rel}")
            info.size = len(data)
            info.mode = 0o644
            tf.addfile(info, io.BytesIO(data))
    return name
