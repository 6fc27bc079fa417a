#!/usr/bin/env python3
"""Checks every #include of the C++ sources against tests/layering/layers.txt.

Usage: check_layers.py ROOT [--table FILE] [--doc FILE [--update-doc]]
Exit 0 when every include is allowed (and the doc shows the table as it is),
1 with one line per violation otherwise.
"""
import argparse
import pathlib
import re
import sys

# Include prefixes of each third-party library, and what "posix" covers.
LIBRARIES = {
    "boost": ("boost/",),
    "json": ("nlohmann/",),
    "spdlog": ("spdlog/", "fmt/"),
    "cli11": ("CLI/",),
    "gtest": ("gtest/", "gmock/"),
    "benchmark": ("benchmark/",),
    "sqlite": ("sqlite3.h",),
    "postgres": ("libpq-fe.h",),
    "crypto": ("openssl/",),
    "posix": ("unistd.h", "sys/", "signal.h", "fcntl.h", "poll.h", "pthread.h", "netinet/", "arpa/", "malloc.h",
              "spawn.h"),
}

# The C++20 standard library headers (C compatibility headers included).
STD = set("""
algorithm any array atomic barrier bit bitset cassert cctype cerrno cfenv cfloat charconv chrono
cinttypes climits clocale cmath codecvt compare complex concepts condition_variable coroutine
csetjmp csignal cstdarg cstddef cstdint cstdio cstdlib cstring ctime cuchar cwchar cwctype deque
exception execution filesystem format forward_list fstream functional future initializer_list
iomanip ios iosfwd iostream istream iterator latch limits list locale map memory memory_resource
mutex new numbers numeric optional ostream queue random ranges ratio regex scoped_allocator
semaphore set shared_mutex source_location span sstream stack stdexcept stop_token streambuf
string string_view syncstream system_error thread tuple type_traits typeindex typeinfo
unordered_map unordered_set utility valarray variant vector version
""".split())

SOURCE_DIRS = ("core", "protocol", "bots", "tls", "server", "clients", "tools", "tests")
SUFFIXES = {".cpp", ".hpp", ".inc", ".h"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def read_table(path):
    rules = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in line.split("|")]
        if len(parts) != 3:
            sys.exit(f"{path}:{number}: expected 'module | may include | libraries'")
        module, includes, libraries = parts
        rules[module] = (set() if includes == "-" else set(includes.split()), set(libraries.split()))
    return rules


def module_of(path, modules):
    """The longest table module that path lies in, or None."""
    best = None
    for module in modules:
        if path == module or path.startswith(module + "/"):
            if best is None or len(module) > len(best):
                best = module
    return best


def library_of(header):
    if header in STD:
        return "std"
    for library, prefixes in LIBRARIES.items():
        if any(header == p or (p.endswith("/") and header.startswith(p)) for p in prefixes):
            return library
    return None


def check(root, rules):
    problems = []
    modules = list(rules)
    for top in SOURCE_DIRS:
        for file in sorted((root / top).rglob("*")):
            if file.suffix not in SUFFIXES or not file.is_file():
                continue
            rel = file.relative_to(root).as_posix()
            module = module_of(rel, modules)
            if module is None:
                problems.append(f"{rel}: its folder is in no module of the layering table")
                continue
            allowed, libraries = rules[module]
            for number, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                quote, header = match.groups()
                where = f"{rel}:{number}"
                if quote == '"':
                    target = module_of(header, modules)
                    if target is None:
                        problems.append(f"{where}: \"{header}\" is in no module (include from the repo root)")
                    elif target != module and "*" not in allowed and target not in allowed:
                        problems.append(f"{where}: {module} may not include {target} (\"{header}\")")
                else:
                    library = library_of(header)
                    if library is None:
                        problems.append(f"{where}: <{header}> is not a known library; add it to LIBRARIES")
                    elif "*" not in libraries and library not in libraries:
                        problems.append(f"{where}: {module} may not use {library} (<{header}>)")
    return problems


def check_doc(doc, table):
    """The doc must show the table file verbatim in a fenced block."""
    text = doc.read_text()
    body = table.read_text()
    blocks = re.findall(r"```text\n(.*?)```", text, re.S)
    if body not in blocks:
        return [f"{doc}: does not show {table.name} as it is (a ```text block with the file's lines)"]
    return []


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("root", type=pathlib.Path)
    parser.add_argument("--table", type=pathlib.Path)
    parser.add_argument("--doc", type=pathlib.Path)
    parser.add_argument("--update-doc", action="store_true",
                        help="rewrite the doc's first ```text block with the table, then check")
    args = parser.parse_args()
    table = args.table or args.root / "tests/layering/layers.txt"
    if args.update_doc and args.doc:
        text = args.doc.read_text()
        text = re.sub(r"```text\n.*?```", lambda _: "```text\n" + table.read_text() + "```", text,
                      count=1, flags=re.S)
        args.doc.write_text(text)
    problems = check(args.root, read_table(table))
    if args.doc:
        problems += check_doc(args.doc, table)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} layering problem(s); the rules: {table}")
        return 1
    print("every include follows the layering table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
