#!/usr/bin/env python3
"""One version everywhere it is written: the project's (CMakeLists.txt,
project(... VERSION x.y.z)) is the JavaScript kit's (clients/js/package.json
and its lock file), so a release cannot ship a kit that says another.

Usage: versions_test.py SOURCE_DIR
"""
import json
import pathlib
import re
import sys


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    found = re.search(r"project\(ariadne\s+VERSION\s+([0-9.]+)", (root / "CMakeLists.txt").read_text())
    if not found:
        print("FAIL: CMakeLists.txt names no project VERSION")
        return 1
    version = found.group(1)
    package = json.loads((root / "clients/js/package.json").read_text())
    lock = json.loads((root / "clients/js/package-lock.json").read_text())
    written = {
        "clients/js/package.json": package.get("version"),
        "clients/js/package-lock.json": lock.get("version"),
        "clients/js/package-lock.json (packages \"\")": lock.get("packages", {}).get("", {}).get("version"),
    }
    wrong = {where: v for where, v in written.items() if v != version}
    for where, v in wrong.items():
        print(f"FAIL: {where} says version {v!r}, the project (CMakeLists.txt) {version}")
    if not wrong:
        print(f"version {version} everywhere: CMakeLists.txt, " + ", ".join(written))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
