#!/usr/bin/env python3
"""Every GoogleTest suite and test is named in snake_case, as everything else
of ours is (STYLE.md, Names): CTest lists them as module.suite.test, and
one spelling keeps them easy to find and to select with -R.

Usage: test_names_test.py SOURCE_DIR
"""
import pathlib
import re
import sys

DECLARATION = re.compile(r"^\s*(TEST|TEST_F|TEST_P|TYPED_TEST)\(\s*(\w+)\s*,\s*(\w+)\s*\)", re.M)
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    problems = []
    for path in sorted((root / "tests").rglob("*.cpp")):
        text = path.read_text(errors="replace")
        for match in DECLARATION.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            for name in match.group(2, 3):
                if not SNAKE.match(name):
                    problems.append(f"{path.relative_to(root)}:{line}: '{name}' is not snake_case")
    for problem in problems:
        print("FAIL:", problem)
    if not problems:
        print("every test suite and test is named in snake_case")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
