#!/usr/bin/env python3
"""Build citelint's platform wheels from release binaries (standard library only).

    python3 python/build_wheels.py --version 0.2.0 --out dist/python \
        linux/amd64=dist/citelint_linux_amd64_v1/citelint \
        windows/arm64=dist/citelint_windows_arm64_v8.0/citelint.exe ...

Each wheel holds the Python API (python/citelint) and one static binary as a
script (citelint-VERSION.data/scripts/citelint), which pip installs into the
environment's bin folder, as ruff's and maturin's binary wheels do; the
wheel declares no dependencies.  The zip is written by hand with its WHEEL,
METADATA (Apache-2.0, the LICENSE file) and RECORD, byte for byte the same
for the same inputs (file times from SOURCE_DATE_EPOCH, else 1980).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import os
import re
import sys
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The binaries are static (CGO_ENABLED=0): no libc to match, so one Linux
# wheel serves glibc and musl systems alike.  Go 1.25+ needs macOS 12.
PLATFORM_TAGS = {
    "linux/amd64": ["manylinux_2_17_x86_64", "manylinux2014_x86_64", "musllinux_1_1_x86_64"],
    "linux/arm64": ["manylinux_2_17_aarch64", "manylinux2014_aarch64", "musllinux_1_1_aarch64"],
    "darwin/amd64": ["macosx_12_0_x86_64"],
    "darwin/arm64": ["macosx_12_0_arm64"],
    "windows/amd64": ["win_amd64"],
    "windows/arm64": ["win_arm64"],
}

SUMMARY = "Lint the citations in Markdown and LLM-written answers: the citelint binary with a typed Python API"
CLASSIFIERS = [
    "Development Status :: 4 - Beta",
    "Environment :: Console",
    "Intended Audience :: Developers",
    "Operating System :: MacOS",
    "Operating System :: Microsoft :: Windows",
    "Operating System :: POSIX :: Linux",
    "Programming Language :: Go",
    "Programming Language :: Python :: 3",
    "Topic :: Software Development :: Quality Assurance",
    "Topic :: Text Processing :: Markup :: Markdown",
    "Typing :: Typed",
]


def pep440(version: str) -> str:
    """A release tag's version as PEP 440: v0.2.0 -> 0.2.0, 0.2.0-rc.1 ->
    0.2.0rc1, a goreleaser snapshot 0.0.0-SNAPSHOT-abc123 -> 0.0.0.dev0+abc123."""
    v = version[1:] if version.startswith("v") else version
    m = re.fullmatch(r"(\d+\.\d+\.\d+)(?:-(.+))?", v)
    if not m:
        raise SystemExit(f"build_wheels: version {version!r} is not MAJOR.MINOR.PATCH[-PRERELEASE]")
    base, pre = m.group(1), m.group(2)
    if not pre:
        return base
    pm = re.fullmatch(r"(alpha|beta|rc|a|b)\.?(\d+)", pre)
    if pm:
        kind = {"alpha": "a", "beta": "b"}.get(pm.group(1), pm.group(1))
        return f"{base}{kind}{pm.group(2)}"
    local = re.sub(r"[^A-Za-z0-9.]+", ".", re.sub(r"(?i)^snapshot-?", "", pre)).strip(".").lower()
    return f"{base}.dev0+{local}" if local else f"{base}.dev0"


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _metadata(version: str) -> str:
    readme_path = os.path.join(HERE, "README.md")
    with open(readme_path, encoding="utf-8") as f:
        readme = f.read()
    lines = [
        "Metadata-Version: 2.4",
        "Name: citelint",
        f"Version: {version}",
        f"Summary: {SUMMARY}",
        "Author: The citelint Authors",
        "License-Expression: Apache-2.0",
        "License-File: LICENSE",
        "Project-URL: Homepage, https://github.com/citelint/citelint",
        "Project-URL: Documentation, https://github.com/citelint/citelint/blob/main/docs/packages.md",
        "Project-URL: Source, https://github.com/citelint/citelint",
        "Keywords: citations,markdown,linter,rag,llm",
        "Requires-Python: >=3.8",
    ]
    lines += [f"Classifier: {c}" for c in CLASSIFIERS]
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + readme


def _python_files():
    pkg = os.path.join(HERE, "citelint")
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py") or name == "py.typed":
            if name == "_version.py":
                continue  # written from --version
            with open(os.path.join(pkg, name), "rb") as f:
                yield f"citelint/{name}", f.read()


def build_wheel(version: str, target: str, binary: str, out: str, license_path: str) -> str:
    tags = PLATFORM_TAGS[target]
    exe = "citelint.exe" if target.startswith("windows/") else "citelint"
    name = f"citelint-{version}-py3-none-{'.'.join(tags)}.whl"
    dist_info = f"citelint-{version}.dist-info"
    data_dir = f"citelint-{version}.data"

    with open(binary, "rb") as f:
        exe_data = f.read()
    with open(license_path, "rb") as f:
        license_data = f.read()
    files = list(_python_files())
    files.append(("citelint/_version.py", f'__version__ = "{version}"\n'.encode()))
    files.append((f"{data_dir}/scripts/{exe}", exe_data))
    files.append((f"{dist_info}/licenses/LICENSE", license_data))
    files.append((f"{dist_info}/METADATA", _metadata(version).encode("utf-8")))
    wheel_meta = ["Wheel-Version: 1.0", "Generator: citelint build_wheels.py", "Root-Is-Purelib: false"]
    wheel_meta += [f"Tag: py3-none-{t}" for t in tags]
    files.append((f"{dist_info}/WHEEL", ("\n".join(wheel_meta) + "\n").encode()))
    record = io.StringIO()
    for path, data in files:
        record.write(f"{path},{_record_hash(data)},{len(data)}\n")
    record.write(f"{dist_info}/RECORD,,\n")
    files.append((f"{dist_info}/RECORD", record.getvalue().encode()))

    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
    date_time = time.gmtime(max(epoch, 315532800))[:6]
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, name)
    with zipfile.ZipFile(path + ".tmp", "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for arc, data in files:
            info = zipfile.ZipInfo(arc, date_time=date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            executable = arc.startswith(f"{data_dir}/scripts/")
            info.external_attr = (0o100755 if executable else 0o100644) << 16
            info.create_system = 3  # Unix, so the mode bits are read
            zf.writestr(info, data)
    os.replace(path + ".tmp", path)
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", required=True, help="the release version (v0.2.0, 0.2.0-rc.1 or PEP 440)")
    ap.add_argument("--out", required=True, help="folder for the wheels")
    ap.add_argument("--license", default=os.path.join(ROOT, "LICENSE"))
    ap.add_argument("binaries", nargs="+", metavar="GOOS/GOARCH=PATH")
    a = ap.parse_args(argv)
    version = pep440(a.version)
    for spec in a.binaries:
        target, sep, binary = spec.partition("=")
        if not sep or target not in PLATFORM_TAGS:
            ap.error(f"{spec!r}: want GOOS/GOARCH=PATH with GOOS/GOARCH one of {', '.join(PLATFORM_TAGS)}")
        if not os.path.isfile(binary):
            ap.error(f"{binary}: no such file")
        print(build_wheel(version, target, binary, a.out, a.license))
    return 0


if __name__ == "__main__":
    sys.exit(main())
