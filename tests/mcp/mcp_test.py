#!/usr/bin/python3
"""ariadne-mcp end to end, through a scripted MCP client written from the
specification (tests/support/mcp_client.py) over the adapter's stdin and
stdout, against real servers:
- the lifecycle (initialize and its version negotiation, notifications,
  ping), tools/list, and every tool's arguments and structured results held
  to the schemas the adapter publishes;
- the reference depth-first search played through the tools on several
  seeds gives exactly what `ariadne-bot --bot dfs --offline` gives on them
  (the kits' order, N E S W, is the C++ dfs bot's: tests/kits/scenario.json
  holds every kit to it), and the memory map counts the visits the search made;
- bad input: malformed JSON, batches, unknown methods and tools, missing and
  wrong-typed arguments, a bad direction, a move after the end, a huge path,
  a huge line, deep nesting, invalid UTF-8, a last line without a newline:
  each gets its JSON-RPC or tool error, the adapter stays up and the run
  is unchanged;
- --memory none hides the map; --max-moves and --max-calls stop the agent
  with tool errors; the runs show as an agent's in /api/runs;
- a ranked run with a token (list_challenges, a challenge played to its end);
- wss:// with --ca, and a certificate it cannot check refused with the reason;
- the server killed mid-run: tool errors that say so, then reconnection; a
  server that stops answering: a call ends within --call-seconds;
- a ranked run whose adapter died is taken over by the next one;
- a large maze costs the adapter what the drone explored, not the maze.

Usage: mcp_test.py BUILD_DIR
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from build_kind import sanitized  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from mcp_client import McpClient, McpError, error_code, explore, jsonschema, text_of  # noqa: E402
from pki import Pki  # noqa: E402

BUILD = sys.argv[1]
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADAPTER = os.path.join(BUILD, "clients/mcp/ariadne-mcp")
BOT = os.path.join(BUILD, "clients/runner/ariadne-bot")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
FIELDS = ("status", "steps", "bumps", "score", "optimal")
TOOLS = {"start_run", "sense", "move", "move_path", "memory_map", "status", "abandon"}
SEEDS = [
    {"generator": "prim", "width": 12, "height": 9, "seed": 42, "loops": 0.0, "treasures": 1},
    {"generator": "kruskal", "width": 16, "height": 16, "seed": 7, "loops": 0.5, "treasures": 1},
    {"generator": "hunt_and_kill", "width": 10, "height": 10, "seed": 3, "loops": 0.3,
     "treasures": 2},
    {"generator": "wilson", "width": 20, "height": 8, "seed": 11, "loops": 0.0, "treasures": 1},
    {"generator": "recursive_backtracker", "width": 9, "height": 7, "seed": 5, "loops": 1.0,
     "treasures": 3},
]
checks = Checks()
check = checks.check

if jsonschema is None:
    print("SKIP: python3-jsonschema is not installed")
    sys.exit(77)


def adapter(url, *extra, env=None):
    client = McpClient([ADAPTER, "--url", url, "--name", "mcp-test", *extra], env=env)
    client.initialize()
    client.list_tools()
    return client


def offline_dfs(run):
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run([BOT, "--offline", "--bot", "dfs", "--generator", run["generator"],
                        "--size", f"{run['width']}x{run['height']}", "--loops", str(run["loops"]),
                        "--treasures", str(run["treasures"]), "--seeds", str(run["seed"]), "-q",
                        "--json", out.name], check=True, capture_output=True)
        return json.load(open(out.name))["runs"][0]


def rpc_error(client, line):
    """Sends a raw line; the JSON-RPC error it gets (code, id)."""
    client.send_line(line)
    reply = client.read_line()
    return (reply.get("error", {}).get("code"), reply.get("id")) if reply else None


def lifecycle(url, port):
    client = McpClient([ADAPTER, "--url", url])
    check(client.request("ping") == {}, "ping before initialize")
    try:
        client.request("tools/list")
        check(False, "tools/list before initialize is refused")
    except McpError as e:
        check(e.code == -32600, f"tools/list before initialize: {e}")
    try:
        client.request("initialize", {"capabilities": {}})
        check(False, "initialize without protocolVersion is refused")
    except McpError as e:
        check(e.code == -32602, f"initialize without protocolVersion: {e}")
    # A version the adapter does not speak is answered with its own.
    result = client.initialize(version="2024-11-05")
    check(result["protocolVersion"] == "2025-06-18", f"version negotiation: {result}")
    check(result["capabilities"].get("tools") is not None and
          result["serverInfo"]["name"] == "ariadne-mcp" and result.get("instructions"),
          f"initialize's result: {result}")
    check(client.nothing_pending(), "notifications/initialized is not answered")
    try:
        client.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                      "clientInfo": {"name": "x", "version": "1"}})
        check(False, "a second initialize is refused")
    except McpError as e:
        check(e.code == -32600, f"a second initialize: {e}")
    tools = client.list_tools()
    check({t["name"] for t in tools} == TOOLS, f"the tools: {[t['name'] for t in tools]}")
    for tool in tools:
        for key in ("inputSchema", "outputSchema"):
            schema = tool.get(key)
            ok = isinstance(schema, dict) and schema.get("type") == "object"
            if ok:
                try:
                    jsonschema.Draft202012Validator.check_schema(schema)
                except jsonschema.SchemaError as e:
                    ok = False
                    print(e)
            check(ok, f"{tool['name']}'s {key} is a JSON Schema of an object")
        check(tool.get("description") and tool.get("title"), f"{tool['name']} is described")
    try:
        client.request("tools/list", {"cursor": "x"})
        check(False, "an unknown cursor is refused")
    except McpError as e:
        check(e.code == -32602, f"an unknown cursor: {e}")
    check(client.close() == 0, "the adapter exits 0 when its stdin closes")


def depth_first(url, port):
    client = adapter(url)
    for run in SEEDS:
        arguments = {k: run[k] for k in ("generator", "width", "height", "seed", "loops",
                                         "treasures")}
        first = client.call("start_run", arguments)
        state = first["structuredContent"]
        check(state["watch"].endswith(f"/watch/{state['run']}") and "Run " in text_of(first),
              f"start_run says where to watch: {text_of(first)}")
        trail = []  # every cell the search stood on, for the map's counts
        last = explore(client, state, trail)
        expected = offline_dfs(run)
        got = tuple(last["result"][f] for f in FIELDS)
        check(got == tuple(expected[f] for f in FIELDS),
              f"{run}: through the tools {got}, ariadne-bot --offline dfs "
              f"{tuple(expected[f] for f in FIELDS)}")
        memory = client.call("memory_map")["structuredContent"]
        counts = {}
        for cell in trail:
            counts[cell] = counts.get(cell, 0) + 1
        check(memory["visits"] == {"cells": len(counts), "most": max(counts.values()),
                                   "ten_or_more": sum(1 for n in counts.values() if n >= 10)},
              f"the map counts the search's visits: {memory['visits']}")
        # The drone's row is labelled y, and a cell is 4 characters wide: @ is in its middle.
        x, y = last["position"]["x"], last["position"]["y"]
        margin = len(str(run["height"] - 1)) + 1
        drawn = [row for row in memory["rows"] if row[:margin].strip() == str(y)]
        check(len(drawn) == 1 and drawn[0].find("@") == margin + 4 * x + 2,
              f"the map shows the drone where it is, ({x}, {y}): {drawn}")
        status = client.call("status")["structuredContent"]
        check(status["ended"] and status["replay"].endswith(f"/api/replays/{status['run']}"),
              f"status once ended: the result and the replay: {status.get('replay')}")
        code, replay = http_get(port, f"/api/replays/{status['run']}")
        check(code == 200 and json.loads(replay)["bot"] == "ariadne-mcp/mcp-test 1.0",
              f"the replay names the agent's bot: {code}")
        # The same strategy, the same figures: the agent's line of
        # --compare-replays is the dfs bot's, looping figure included.
        with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
            f.write(replay)
            f.flush()
            table = subprocess.run([BOT, "--compare-replays", f.name, "--bot", "dfs"],
                                   capture_output=True, text=True).stdout.splitlines()
        lines = [line[45:].split() for line in table[2:]]
        check(len(lines) == 2 and lines[0] == lines[1],
              f"--compare-replays: the agent's line is dfs's: {table}")
    # /api/runs is built at most four times a second.
    deadline = time.monotonic() + 5
    while True:
        code, runs = http_get(port, "/api/runs")
        mine = [r for r in json.loads(runs) if r["player"] == "mcp-test [mcp]"]
        if len(mine) >= len(SEEDS) or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    check(len(mine) == len(SEEDS) and all(r["bot"] == "ariadne-mcp/mcp-test 1.0" for r in mine),
          f"/api/runs shows the agent's runs: {[(r['player'], r['bot']) for r in mine]}")
    check(not client.problems, f"every argument and result fits its schema: {client.problems}")
    check(client.close() == 0, "the adapter exits 0")


def bad_input(url, port):
    client = adapter(url)
    client.call("start_run", {"generator": "prim", "width": 8, "height": 8, "seed": 5})
    client.call("move", {"dir": "E"})
    client.call("move", {"dir": "N"})

    def where():
        s = client.call("sense")["structuredContent"]
        return (s["run"], s["position"], s["steps"], s["bumps"], s["found"])
    before = where()
    raw = [
        ('{"jsonrpc":', -32700, None, "malformed JSON"),
        ('[{"jsonrpc":"2.0","id":99,"method":"ping"}]', -32600, None, "a batch"),
        ("[]", -32600, None, "an empty batch"),
        ("42", -32600, None, "a number"),
        ('{"id":7,"method":"ping"}', -32600, 7, "no jsonrpc"),
        ('{"jsonrpc":"2.0","id":null,"method":"ping"}', -32600, None, "a null id"),
        ('{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', -32600, None, "an object id"),
        ('{"jsonrpc":"2.0","id":8,"method":7}', -32600, 8, "a method that is no string"),
        ('{"jsonrpc":"2.0","id":9,"method":"resources/list"}', -32601, 9, "an unknown method"),
        ('{"jsonrpc":"2.0","id":10,"method":"tools/call","params":[1]}', -32602, 10,
         "params that are an array"),
        ('{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"fly"}}', -32602, 11,
         "an unknown tool"),
        ('{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"move"}}', -32602, 12,
         "a move without its direction"),
        ('{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"move",'
         '"arguments":{"dir":5}}}', -32602, 13, "a direction that is a number"),
        ('{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"move",'
         '"arguments":{"dir":"N","speed":2}}}', -32602, 14, "an unknown argument"),
        ('{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"move",'
         '"arguments":"N"}}', -32602, 15, "arguments that are a string"),
        ('{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"sense",'
         '"arguments":{"run":"1"}}}', -32602, 16, "a run handle that is a string"),
        ("[" * 200 + "]" * 200, -32600, None, "JSON nested 200 deep"),
        ('{"jsonrpc":"2.0","id":"x' + "A" * (2 << 20) + '","method":"ping"}', -32600, None,
         "a line of 2 MiB"),
    ]
    for line, code, id_, what in raw:
        got = rpc_error(client, line)
        check(got == (code, id_), f"{what}: got {got}, wanted {(code, id_)}")
    client.send_line(b'{"jsonrpc":"2.0","id":17,"method":"ping","x":"\xff\xfe"}')
    reply = client.read_line()
    check(reply["error"]["code"] == -32700 and reply["id"] is None, f"invalid UTF-8: {reply}")
    client.send_line('{"jsonrpc":"2.0","method":"notifications/unknown"}')
    client.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}})
    client.send_line('{"jsonrpc":"2.0","id":18,"result":{}}')
    check(client.nothing_pending(),
          "notifications, even unknown ones, and responses are never answered")
    # Refusals of the game: tool errors with the protocol's code and sentence.
    # Values outside what the input schemas publish (the rules' limits):
    # Invalid params, in the rules' words, nothing played.
    out_of_schema = [
        ("move", {"dir": "X"}, '"dir" must be one of "N", "E", "S", "W"'),
        ("move", {"dir": "n"}, '"dir" must be one of "N", "E", "S", "W"'),
        ("move_path", {"dirs": ""}, '"dirs" must be 1 to 4096 characters long'),
        ("move_path", {"dirs": "N" * 5000}, '"dirs" must be 1 to 4096 characters long'),
        ("start_run", {"width": 0}, '"width" must be from 1 to 8192, got 0'),
        ("start_run", {"loops": 2}, '"loops" must be from 0.0 to 1.0, got 2'),
        ("start_run", {"treasures": 1001}, '"treasures" must be from 1 to 1000, got 1001'),
        ("start_run", {"seed": -1}, '"seed" must be from 0 to 18446744073709551615, got -1'),
        ("start_run", {"maze": "m" * 129}, '"maze" must be 1 to 128 characters long'),
    ]
    for name, arguments, sentence in out_of_schema:
        try:
            client.call(name, arguments, check=False)
            check(False, f"{name} {str(arguments)[:40]} is refused")
        except McpError as e:
            check(e.code == -32602 and sentence in e.message,
                  f"{name} {str(arguments)[:40]}: {e.code} {e.message[:120]}")
    tool_errors = [
        ("move_path", {"dirs": "NNX"}, "bad_request", '"dirs" letter 3 is not one of N, E, S, W'),
        ("sense", {"run": 999}, "unknown_run", "run 999 is not a run of this session"),
        ("start_run", {}, "run_active", "abandon"),
    ]
    for name, arguments, code, sentence in tool_errors:
        result = client.call(name, arguments)
        check(error_code(result) == code and sentence in text_of(result),
              f"{name} {str(arguments)[:40]}: {error_code(result)} {text_of(result)[:120]}")
    check(where()[:5] == before, f"the run is unchanged: {where()} vs {before}")
    check(client.request("ping") == {}, "the adapter is still up")
    ended = client.call("abandon")["structuredContent"]
    check(ended["ended"] and ended["result"]["status"] == "abandoned", "abandon ends the run")
    result = client.call("move", {"dir": "N"})
    check(error_code(result) == "no_run" and
          "the run has ended; send start to play again" in text_of(result),
          f"a move after the end: the protocol's no_run: {text_of(result)}")
    result = client.call("start_run", {"generator": "no_such_generator"})
    check(error_code(result) == "invalid_maze" and "no_such_generator" in text_of(result),
          f"a maze the rules refuse: {text_of(result)}")
    run = ended["run"]
    client.call("start_run", {"generator": "prim", "width": 4, "height": 4, "seed": 3})
    old = client.call("status", {"run": run})
    check(not old.get("isError") and old["structuredContent"]["run"] == run and
          old["structuredContent"]["result"]["status"] == "abandoned",
          "status reports an earlier run by its handle")
    result = client.call("move", {"dir": "N", "run": run})
    check(error_code(result) == "no_run", f"a move in an earlier run: {text_of(result)}")
    check(not client.problems, f"schemas: {client.problems}")
    check(client.close() == 0, "the adapter exits 0 after all that")
    # A last message without its newline, then the end of the stream.
    client = McpClient([ADAPTER, "--url", url])
    client.send_line('{"jsonrpc":"2.0","id":1,"method":"ping"}', newline=False)
    client.proc.stdin.close()
    reply = client.read_line()
    check(reply == {"jsonrpc": "2.0", "id": 1, "result": {}}, f"a line without newline: {reply}")
    check(client.read_line() is None and client.close() == 0, "then the adapter ends cleanly")


def memory_none_and_budgets(url, port):
    client = adapter(url, "--memory", "none")
    check(set(client.tools) == TOOLS - {"memory_map"}, f"--memory none: {sorted(client.tools)}")
    try:
        client.call("memory_map")
        check(False, "memory_map is refused with --memory none")
    except McpError as e:
        check(e.code == -32602, f"memory_map with --memory none: {e}")
    state = client.call("start_run", {"generator": "prim", "width": 5, "height": 5, "seed": 1})
    check("visits" not in state["structuredContent"], "--memory none: no visit counts either")
    client.close()
    client = adapter(url, "--max-moves", "5", "--max-calls", "9")
    state = client.call("start_run", {"generator": "prim", "width": 16, "height": 16, "seed": 2})
    budget = state["structuredContent"]["budget"]
    check(budget == {"max_moves": 5, "moves_left": 5, "max_calls": 9, "calls": 1, "calls_left": 8},
          f"every status reports the budgets: {budget}")
    result = client.call("move_path", {"dirs": "NENENE"})
    check(error_code(result) == "move_budget" and "may make 5 more moves" in text_of(result),
          f"a path past --max-moves: {text_of(result)}")
    last = state
    for _ in range(5):
        before = last["structuredContent"]
        last = client.call("move", {"dir": "N"})
    s = last["structuredContent"]
    check(s["ended"] and s["result"]["status"] == "abandoned" and s["moves_left"] == 0 and
          "--max-moves 5" in text_of(last), f"the fifth move spends the budget: {text_of(last)}")
    # It is reported as the move it was, then the run's end.
    moved = "N" in before["open"]
    check(s.get("moved") is moved and
          text_of(last).startswith("Moved N" if moved else "Bump: a wall on the N side"),
          f"the fifth move's own outcome: {s.get('moved')} {text_of(last)[:60]}")
    result = client.call("move", {"dir": "E"})
    check(error_code(result) == "move_budget", f"a move after: {text_of(result)}")
    check(client.call("status")["structuredContent"]["budget"]["calls_left"] == 0,
          "the ninth call is the last")
    result = client.call("sense")
    check(error_code(result) == "call_budget" and "--max-calls" in text_of(result),
          f"the tenth call: {text_of(result)}")
    check(client.close() == 0, "the adapter exits 0")


def ranked(folder):
    db = os.path.join(folder, "mcp.db")
    token = subprocess.run([ADMIN, "--db", db, "add-competitor", "agent"], capture_output=True,
                           text=True, check=True).stdout.strip()
    competition = os.path.join(folder, "mcp.json")
    with open(competition, "w") as f:
        json.dump({"name": "agents", "seeds": "shared", "challenges": [
            {"id": "one", "maze": {"generator": "prim", "width": 8, "height": 8}},
            {"id": "pair", "maze": {"generator": "prim", "width": 6, "height": 6}, "mazes": 2},
            {"id": "later", "maze": {"generator": "prim", "width": 8, "height": 8}}]}, f)
    proc, port = start_server(SERVER, "--competition", competition, "--db", db)
    try:
        url = f"ws://127.0.0.1:{port}/ws"
        env = dict(os.environ, ARIADNE_TOKEN=token)
        client = adapter(url, env=env)
        check("list_challenges" in client.tools and
              "challenge" in client.tools["start_run"]["inputSchema"]["properties"],
              "with a token: list_challenges, and start_run takes a challenge")
        listed = client.call("list_challenges")["structuredContent"]
        check(listed["competition"] == "agents" and
              [c["id"] for c in listed["challenges"]] == ["one", "pair", "later"],
              f"list_challenges: {listed}")
        result = client.call("start_run", {"challenge": "one", "seed": 4})
        check(error_code(result) == "bad_request" and "takes no" in text_of(result),
              f"a challenge with a maze beside it: {text_of(result)}")
        ends = []
        for name in ("one", "pair", "pair"):
            first = client.call("start_run", {"challenge": name})
            state = first["structuredContent"]
            check("watch" not in state and "seed" not in state and "set" in state,
                  f"a ranked start shows no seed and no watch address: {text_of(first)[:80]}")
            ends.append(explore(client, state))
        check(all(e["result"]["status"] == "found" and e["replay"] is None for e in ends),
              "every ranked run found its treasure; replays wait for the close")
        check(ends[-1]["set"].get("ended") is True, f"the set of two ended: {ends[-1]['set']}")
        after = client.call("list_challenges")["structuredContent"]["challenges"][0]
        check(after["attempts_left"] == 0 and after["best"] is not None,
              f"list_challenges as it stands now: {after}")
        check(not client.problems, f"schemas: {client.problems}")
        client.close()
        taken_over(url, env)
        export = json.loads(subprocess.run([ADMIN, "--db", db, "export-runs"], capture_output=True,
                                           text=True, check=True).stdout)
        check(len(export) == 4 and all(r["competitor"] == "agent" for r in export),
              f"the store holds the agent's four ranked runs: {len(export)}")
    finally:
        stop_server(proc)


def taken_over(url, env):
    """The adapter of a ranked run dies mid-run; the server keeps the run
    (--resume-seconds) and hands it to the next adapter with the same token
    at hello, which plays it as its own."""
    first = adapter(url, env=env)
    state = first.call("start_run", {"challenge": "later"})["structuredContent"]
    for _ in range(2):  # two bumps: moves made, and no treasure found by chance
        wall = next(d for d in "NESW" if d not in state["open"])
        state = first.call("move", {"dir": wall})["structuredContent"]
    first.proc.send_signal(signal.SIGKILL)
    first.close()
    second = adapter(url, env=env)
    sensed = second.call("sense")
    now = sensed["structuredContent"] if not sensed.get("isError") else {}
    check(now.get("run") == state["run"] and now.get("bumps") == 2 and
          now.get("position") == state["position"] and now.get("taken_over") is True and
          "is yours again" in text_of(sensed),
          f"sense takes over the run the server kept: {text_of(sensed)[:160]}")
    again = second.call("start_run")
    check(again.get("structuredContent", {}).get("run") == state["run"],
          f"start_run reports the run taken over: {text_of(again)[:120]}")
    status = second.call("status")["structuredContent"]
    check(status["run"] == state["run"] and status["handle"] == now.get("handle") and
          not status["ended"], f"status reports it, with its handle: {status}")
    last = explore(second, status)
    check(last["result"]["status"] == "found", f"the run taken over is played to its end: {last}")
    check(not second.problems, f"schemas: {second.problems}")
    second.close()


def stopped(pid, seconds=10):
    """Waits until every thread of pid is stopped (kill returns before a
    thread running on another core has stopped, and it may still answer)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        states = []
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{task}/stat") as f:
                    states.append(f.read().rsplit(")", 1)[1].split()[0])
            except OSError:
                pass
        if states and all(state in "tT" for state in states):
            return True
        time.sleep(0.01)
    return False


def stopped_server(folder):
    """A server that stops answering (SIGSTOP: it accepts connections and
    says nothing): a tool call ends within --call-seconds, the connection
    tries sized to fit."""
    proc, port = start_server(SERVER)
    client = adapter(f"ws://127.0.0.1:{port}/ws", "--timeout", "2", "--call-seconds", "20")
    try:
        client.call("start_run", {"generator": "prim", "width": 10, "height": 10, "seed": 9})
        proc.send_signal(signal.SIGSTOP)
        check(stopped(proc.pid), "the server is stopped")
        began = time.monotonic()
        result = client.call("sense")
        took = time.monotonic() - began
        check(error_code(result) == "connection" and took <= 20,
              f"a hung server: {took:.1f} s, {error_code(result)}: {text_of(result)[:120]}")
    finally:
        proc.send_signal(signal.SIGCONT)
        client.close()
        stop_server(proc)


def endless_frame(folder):
    """A server that announces a frame of 2^63 bytes and streams junk: the
    message is refused, and the closing handshake that follows ends within
    the call's --call-seconds too (the adapter answers in order: one call
    held is the whole agent's session held)."""
    from hostile_server import HostileServer
    with HostileServer() as server:
        for mode in ("endless", "endless_hello"):
            client = adapter(server.url(mode), "--timeout", "2", "--call-seconds", "8")
            try:
                began = time.monotonic()
                result = client.call("start_run", {"generator": "prim", "width": 6, "height": 6,
                                                   "seed": 1})
                took = time.monotonic() - began
                check(result.get("isError") and took <= 8.5,
                      f"{mode}: a frame of 2^63 bytes answered in {took:.1f} s "
                      f"(--call-seconds 8): {text_of(result)[:160]}")
                began = time.monotonic()
                after = client.call("sense")
                took = time.monotonic() - began
                check(took <= 8.5, f"{mode}: and the next call in {took:.1f} s: "
                      f"{text_of(after)[:120]}")
            finally:
                client.close()


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def large_maze(folder):
    """A 2048x2048 run: the adapter's memory follows what the drone explored,
    not the maze (a cell map of the whole maze was 6 bytes a cell). Not
    under the sanitizers: their allocator's figures are not the program's,
    and setting up 4M cells unoptimized outlasts the adapter's --timeout."""
    if sanitized(BUILD):
        print("note: large_maze is not measured under the sanitizers")
        return
    # A server for each: the first's 4M-cell run, still held a moment after
    # its adapter left, could make the second's start wait (server_busy).
    for memory in ("map", "none"):
        proc, port = start_server(SERVER, "--max-maze-cells", str(2048 * 2048))
        try:
            # Setting up 4M cells on a loaded CI machine can outlast the
            # default 10 s: this part measures memory, not time.
            client = adapter(f"ws://127.0.0.1:{port}/ws", "--memory", memory, "--timeout", "60",
                             "--call-seconds", "200")
            client.timeout = 200.0
            client.call("start_run", {"generator": "prim", "width": 4, "height": 4, "seed": 1})
            client.call("abandon")
            before = rss_kib(client.proc.pid)
            first = client.call("start_run", {"generator": "prim", "width": 2048, "height": 2048,
                                              "seed": 1})
            client.call("move_path", {"dirs": "E" * 64})
            grown = rss_kib(client.proc.pid) - before
            check(not first.get("isError") and grown < 8 * 1024,
                  f"--memory {memory}: a 2048x2048 run grew the adapter by {grown} KiB "
                  f"({text_of(first)[:200] if first.get('isError') else 'started'})")
            client.close()
        finally:
            stop_server(proc)


def secure(folder):
    """wss://: the server checked against a test CA, and refused without it."""
    os.makedirs(os.path.join(folder, "pki"))
    pki = Pki(os.path.join(folder, "pki"))
    cert, key = pki.server("good")
    proc, port = start_server(SERVER, "--tls-cert", cert, "--tls-key", key, "--tls-only")
    try:
        url = f"wss://localhost:{port}/ws"
        client = adapter(url, "--ca", pki.ca)
        first = client.call("start_run", {"generator": "prim", "width": 6, "height": 6, "seed": 2})
        check(not first.get("isError") and
              first["structuredContent"]["watch"].startswith(f"https://localhost:{port}/"),
              f"wss:// with --ca: {text_of(first)[:100]}")
        last = explore(client, first["structuredContent"])
        check(last["result"]["status"] == "found", "a run over TLS to its end")
        client.close()
        client = adapter(url)
        refused = client.call("start_run")
        check(error_code(refused) == "connection" and "certificate" in text_of(refused),
              f"an authority the system does not know: {text_of(refused)}")
        client.close()
    finally:
        stop_server(proc)


def server_killed(folder):
    proc, port = start_server(SERVER)
    url = f"ws://127.0.0.1:{port}/ws"
    # Room for three new connections within the call (the defaults leave none).
    mended = adapter(url, "--timeout", "2", "--call-seconds", "40")
    once = adapter(url, "--no-reconnect")
    try:
        for client in (mended, once):
            client.call("start_run", {"generator": "prim", "width": 10, "height": 10, "seed": 9})
            client.call("move", {"dir": "N"})
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        result = once.call("move", {"dir": "E"})
        check(error_code(result) == "connection" and "lost" in text_of(result),
              f"--no-reconnect: the loss, said: {text_of(result)}")
        status = once.call("status")["structuredContent"]
        check(status["ended"] is True and status["moves_left"] == 0 and
              "ended unseen" in status.get("lost", ""),
              f"status says the run was lost: {status.get('lost')}")
        # The mending adapter tries again while the server comes back.
        mended.send({"jsonrpc": "2.0", "id": 900, "method": "tools/call",
                     "params": {"name": "move", "arguments": {"dir": "E"}}})
        proc, port = start_server(SERVER, port=port)
        reply = mended.read_line(timeout=60)
        result = reply.get("result", {})
        check(error_code(result) == "run_lost" and "did not come back" in text_of(result),
              f"the run did not come back with the connection: {text_of(result)}")
        again = mended.call("start_run", {"generator": "prim", "width": 6, "height": 6, "seed": 1})
        check(not again.get("isError"), f"a new run on the mended connection: {text_of(again)}")
        status = mended.call("status")["structuredContent"]
        check(status.get("reconnects", 0) >= 1, f"the SDK connected again: {status}")
        again = once.call("start_run", {"generator": "prim", "width": 6, "height": 6, "seed": 1})
        check(not again.get("isError"), "--no-reconnect: the next call connects again")
    finally:
        mended.close()
        once.close()
        stop_server(proc)


def main():
    folder = scratch.folder("ariadne-mcp-")
    proc, port = start_server(SERVER)
    url = f"ws://127.0.0.1:{port}/ws"
    try:
        for part in (lifecycle, depth_first, bad_input, memory_none_and_budgets):
            began = time.monotonic()
            part(url, port)
            print(f"{part.__name__}: {time.monotonic() - began:.1f} s")
    finally:
        stop_server(proc)
    for part in (ranked, secure, server_killed, stopped_server, endless_frame, large_maze):
        began = time.monotonic()
        part(folder)
        print(f"{part.__name__}: {time.monotonic() - began:.1f} s")
    checks.finish("ariadne-mcp keeps MCP's and Ariadne's promises")


if __name__ == "__main__":
    main()
