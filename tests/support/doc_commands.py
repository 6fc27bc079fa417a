"""Runs a markdown document's sh blocks as a reader would, in order, in a
scratch folder that sees the repository's clients/, docker/, docs/ and
build/ci (the build under test), and fails at the first command that fails.

What a reader does by hand, the runner does the same way:
- a line starting `build/ci/server/app/ariadne-server` is started as
  written, in the background, on a free port (its --port, 8080 when it has
  none, becomes that port in every later command: `127.0.0.1:8080`,
  `localhost:8080`), and waited for until /healthz answers; a server already
  on that documented port is stopped first, as a reader must; every server
  stops at the end;
- `TOKEN` is the token of the competitor a block names (below), read from
  the tokens.csv that the document's own import wrote;
- the document's PostgreSQL URI (postgresql://ariadne@db.example.org:5432/cup)
  is a new, empty database of a real PostgreSQL this runner starts, one for
  each block that names it.

A block may be preceded by one comment line of directives, separated by
`;` (or a `skip`, whose reason is the rest of the line):
    <!-- doc_test: skip: WHY -->        not run (the runner counts them)
    <!-- doc_test: token NAME -->       TOKEN is NAME's token
    <!-- doc_test: aside -->            its servers are its own, stopped at
                                        its end (a side trip: the main
                                        servers stay up)
"""
import csv
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ariadne_server import start_server, stop_server  # noqa: E402

SERVER = "build/ci/server/app/ariadne-server"
DOC_DATABASE = "postgresql://ariadne@db.example.org:5432/cup"
BLOCK = re.compile(r"^( *)```sh\n(.*?)^ *```", re.S | re.M)
DIRECTIVES = re.compile(r"<!-- doc_test: (.*?) -->")


def blocks(text):
    """(line number, directives, logical lines) for every sh block."""
    found = []
    for m in BLOCK.finditer(text):
        before = text[:m.start()].rstrip("\n").splitlines()[-1:] or [""]
        directives = {}
        d = DIRECTIVES.search(before[0])
        if d and d.group(1).startswith("skip:"):
            directives["skip"] = d.group(1)[5:].strip()
        elif d:
            for part in d.group(1).split(";"):
                word, _, value = part.strip().partition(" ")
                directives[word] = value.strip() or True
        indent = len(m.group(1))
        lines, pending = [], ""
        for raw in m.group(2).splitlines():
            raw = raw[indent:] if raw[:indent].strip() == "" else raw
            if raw.endswith("\\"):
                pending += raw[:-1] + " "
                continue
            lines.append(pending + raw)
            pending = ""
        found.append((text[:m.start()].count("\n") + 1, directives, lines))
    return found


class DocRunner:
    def __init__(self, doc, work, build, source, log):
        self.doc = doc
        self.work = work
        self.build = build
        self.source = source
        self.log = log  # a file: every command's output and the servers'
        self.main = {}  # documented port -> (process, port)
        self.pg = None
        self.ran = 0
        self.skipped = []
        for name in ("clients", "docker", "docs"):
            os.symlink(os.path.join(source, name), os.path.join(work, name))
        os.makedirs(os.path.join(work, "build"))
        os.symlink(build, os.path.join(work, "build", "ci"))

    def port(self, documented):
        return self.main[documented][1]

    def run(self):
        with open(os.path.join(self.source, self.doc)) as f:
            text = f.read()
        try:
            for line, directives, lines in blocks(text):
                if "skip" in directives:
                    self.skipped.append((line, directives["skip"]))
                    continue
                self.ran += 1
                self.run_block(line, directives, lines)
        except BaseException:
            self.stop()
            raise
        return self

    def fail(self, line, why):
        self.log.flush()
        with open(self.log.name, errors="replace") as f:
            tail = f.read().splitlines()[-30:]
        raise SystemExit(f"FAIL: {self.doc}, the block at line {line}: {why}\n--- the end of "
                         f"the output ({self.log.name}):\n" + "\n".join(tail))

    def token(self, line, name):
        try:
            with open(os.path.join(self.work, "tokens.csv")) as f:
                for row in csv.reader(f):
                    if row and row[0] == name:
                        return row[1]
        except OSError:
            pass
        self.fail(line, f"no token of {name} in tokens.csv")

    def run_block(self, line, directives, lines):
        servers = {} if directives.get("aside") else self.main
        subs = []
        if any(DOC_DATABASE in text for text in lines):
            subs.append((re.escape(DOC_DATABASE), self.database(line)))
        if "token" in directives:
            subs.append((r"\bTOKEN\b", self.token(line, directives["token"])))
        segment = []
        try:
            for text in lines:
                if text.lstrip().startswith(SERVER):
                    self.shell(line, segment, servers, subs)
                    segment = []
                    self.start(line, text, servers, subs)
                else:
                    segment.append(text)
            self.shell(line, segment, servers, subs)
        finally:
            if servers is not self.main:
                for proc, _ in servers.values():
                    stop_server(proc)

    def substituted(self, text, servers, subs):
        for documented, (_, real) in servers.items():
            for host in ("127.0.0.1", "localhost"):
                text = text.replace(f"{host}:{documented}", f"{host}:{real}")
        for pattern, value in subs:
            text = re.sub(pattern, lambda _: value, text)
        return text

    def shell(self, line, segment, servers, subs):
        if not segment:
            return
        script = self.substituted("\n".join(segment), servers, subs)
        self.log.write(f"\n$ # {self.doc}:{line}\n{script}\n")
        self.log.flush()
        done = subprocess.run(["bash", "-c", "set -euo pipefail\n" + script], cwd=self.work,
                              stdout=self.log, stderr=subprocess.STDOUT, timeout=600)
        if done.returncode != 0:
            self.fail(line, f"exit {done.returncode}:\n{script}")

    def start(self, line, text, servers, subs):
        words = shlex.split(self.substituted(text, {}, subs), comments=True)
        if words and words[-1] == "&":
            words.pop()
        documented = 8080
        if "--port" in words:
            at = words.index("--port")
            documented = int(words[at + 1])
            del words[at:at + 2]
        if words.count("--bind") != 1 or words[words.index("--bind") + 1] != "127.0.0.1":
            self.fail(line, f"a server line without --bind 127.0.0.1: {text}")
        if documented in servers:
            stop_server(servers.pop(documented)[0])
        self.log.write(f"\n$ # {self.doc}:{line}: started by the runner\n{' '.join(words)}\n")
        self.log.flush()
        binary = os.path.join(self.build, "server", "app", "ariadne-server")
        try:
            servers[documented] = start_server(binary, *words[1:], log=self.log, cwd=self.work)
        except SystemExit as e:
            self.fail(line, f"the server did not start: {e}")

    def database(self, line):
        if self.pg is None:
            from postgres import Postgres
            self.pg = Postgres().start()
        return self.pg.database(f"cup_{line}")

    def stop(self):
        for proc, _ in self.main.values():
            stop_server(proc)
        self.main = {}
        if self.pg is not None:
            self.pg.close()
            self.pg = None
