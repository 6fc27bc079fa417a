#!/usr/bin/python3
"""docs/agents.md works as written: its sh blocks run in a scratch folder that
sees build/ci (this build) against a fresh server (port 8080 in them becomes
the server's), and what the page shows is what they print:
- the transcript block (marked <!-- agents_doc_test: transcript -->): its
  ">" lines are the session file the page writes, its "<" lines the
  adapter's answers to it, line by line (a line ending in "..." is a cut
  answer: the real one starts with what precedes it);
- the map shown is the text of the transcript's memory_map answer;
- a block marked <!-- agents_doc_test: output of the block above --> is
  exactly what the sh block before it printed;
- every mcpServers entry of its json blocks starts the adapter (this build's,
  with the entry's arguments) and serves initialize and tools/list.
A block marked <!-- agents_doc_test: not run: WHY --> is skipped.

Usage: agents_doc_test.py BUILD_DIR SOURCE_DIR [--print]
  --print: show the transcript, map and outputs the page should hold.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from mcp_client import McpClient  # noqa: E402

BUILD, SOURCE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
PRINT = "--print" in sys.argv
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADAPTER = os.path.join(BUILD, "clients/mcp/ariadne-mcp")
PAGE = os.path.join(SOURCE, "docs/agents.md")
checks = Checks()
check = checks.check
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def blocks(text):
    """(kind, body, the line before the fence) of every fenced block."""
    for m in BLOCK.finditer(text):
        before = text[:m.start()].rstrip("\n").splitlines()[-1:] or [""]
        yield m.group(1), m.group(2), before[0]


def main():
    text = open(PAGE).read()
    work = scratch.folder("ariadne-agents-doc-")
    os.makedirs(os.path.join(work, "build"))
    os.symlink(BUILD, os.path.join(work, "build", "ci"))
    proc, port = start_server(SERVER)
    here = f"127.0.0.1:{port}"
    outputs = []  # (sh block, its stdout with the port written back as 8080)
    try:
        shown = list(blocks(text))
        for kind, body, before in shown:
            if kind == "sh" and "agents_doc_test: not run:" not in before:
                done = subprocess.run(["bash", "-euo", "pipefail", "-c",
                                       body.replace("127.0.0.1:8080", here)],
                                      cwd=work, capture_output=True, text=True, timeout=120)
                check(done.returncode == 0, f"the block exits 0: {body[:80]!r}: {done.stderr}")
                outputs.append((body, done.stdout.replace(here, "127.0.0.1:8080")))
        session = open(os.path.join(work, "session.jsonl")).read().splitlines()
        answers = next(out for body, out in outputs if "< session.jsonl" in body).splitlines()
        transcript = []
        for line in session:
            transcript.append("> " + line)
            if '"id"' in line:
                transcript.append("< " + answers.pop(0))
        map_text = ""
        for line in transcript:
            if line.startswith("< ") and '"id":8,' in line:
                map_text = json.loads(line[2:])["result"]["content"][0]["text"]
        table = next(out for body, out in outputs if "--compare-replays" in body)
        if PRINT:
            cut = [line[:200] + "..." if '"id":2,' in line and line.startswith("< ") else line
                   for line in transcript]
            print("\n".join(cut), "\n\n" + map_text + "\n" + table)
        for i, (kind, body, before) in enumerate(shown):
            if "agents_doc_test: transcript" in before:
                lines = body.splitlines()
                check(len(lines) == len(transcript),
                      f"the transcript has {len(lines)} lines, the session {len(transcript)}")
                for doc, real in zip(lines, transcript):
                    same = real.startswith(doc[:-3]) if doc.endswith("...") else doc == real
                    check(same, f"transcript line:\n  page: {doc[:160]}\n  real: {real[:160]}")
            if "agents_doc_test: output of the block above" in before:
                check(body == table, f"the table is what ariadne-bot prints:\n{table}")
            if kind == "text" and body.startswith("Map of run"):
                check(body.rstrip("\n") == map_text.rstrip("\n"),
                      f"the map is the real one:\n{map_text}")
            if kind == "json":
                for name, entry in json.loads(body)["mcpServers"].items():
                    check(os.path.basename(entry["command"]) == "ariadne-mcp",
                          f"{name}: the command")
                    args = [a.replace("127.0.0.1:8080", here) for a in entry["args"]]
                    env = dict(os.environ, **entry.get("env", {}))
                    client = McpClient([ADAPTER, *args], env=env)
                    client.initialize()
                    tools = client.list_tools()
                    check("start_run" in {t["name"] for t in tools}, f"{name}: the adapter serves")
                    first = client.call("start_run")
                    check(not first.get("isError"), f"{name}: start_run with no arguments")
                    check(client.close() == 0, f"{name}: exits 0")
    finally:
        stop_server(proc)
    checks.finish("docs/agents.md works as written")


if __name__ == "__main__":
    main()
