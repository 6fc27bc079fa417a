#!/usr/bin/env python3
"""No source file over 400 lines (tests excepted) unless its first comment
says why: a file that grows past that does several jobs, and becomes files
that each do one (docs/development.md, "Habits").

Usage: file_length_test.py SOURCE_DIR
A file may stay longer when a comment among its first lines holds
"longer than 400 lines:" followed by the reason.
"""
import pathlib
import subprocess
import sys

LIMIT = 400
SUFFIXES = {".cpp", ".hpp", ".h", ".c", ".mjs", ".js", ".mts", ".py", ".sh"}
WAIVER = "longer than 400 lines:"
# Every folder's sources but the tests' (no list of folders to forget one).
SKIPPED = {"tests", "build", "node_modules", ".git"}


def sources(root):
    try:
        listed = subprocess.run(["git", "-C", str(root), "ls-files"], check=True,
                                capture_output=True, text=True).stdout.split()
        paths = [root / p for p in listed]
    except (OSError, subprocess.CalledProcessError):
        paths = [p for p in root.rglob("*") if p.is_file()]
    return sorted(p for p in paths if p.suffix in SUFFIXES
                  and not SKIPPED.intersection(p.relative_to(root).parts))


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    problems = []
    for path in sources(root):
        lines = path.read_text(errors="replace").splitlines()
        if len(lines) <= LIMIT:
            continue
        head = "\n".join(lines[:15]).lower()
        if WAIVER in head:
            continue
        problems.append(f"{path.relative_to(root)}: {len(lines)} lines (the limit is {LIMIT}; "
                        f"split it by job, or say why in its first comment: '{WAIVER} ...')")
    for problem in problems:
        print("FAIL:", problem)
    if not problems:
        print(f"every source file is at most {LIMIT} lines, or says why")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
