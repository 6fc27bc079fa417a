"""A scripted MCP client, written from the Model Context Protocol
specification (2025-06-18) for the stdio transport: it starts a server
program, writes JSON-RPC 2.0 messages to its stdin one a line, and reads its
stdout, where nothing but JSON-RPC messages may appear (its stderr, the
logs, goes to a file). Every line both ways is kept (transcript). With
jsonschema installed, every tools/call's arguments are checked against the
tool's inputSchema before sending, and every structuredContent against its
outputSchema.

    client = McpClient([ADAPTER, "--url", url])
    client.initialize()                       # initialize, then notifications/initialized
    tools = client.list_tools()
    result = client.call("start_run", {"generator": "prim", "width": 8, "height": 8, "seed": 3})
    client.close()
"""
import json
import os
import select
import subprocess
import tempfile
import time

try:
    import jsonschema
except ImportError:  # the checks of schemas are then skipped by the caller
    jsonschema = None

REVISION = "2025-06-18"


class McpError(Exception):
    """A JSON-RPC error response: code and message."""

    def __init__(self, error):
        super().__init__(f"{error.get('code')}: {error.get('message')}")
        self.code = error.get("code")
        self.message = error.get("message")


class McpClient:
    def __init__(self, command, env=None, timeout=30.0, validate=True):
        self.log = tempfile.NamedTemporaryFile(prefix="ariadne-mcp-", suffix=".log", delete=False)
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log, env=env)
        self.timeout = timeout
        self.validate = validate and jsonschema is not None
        self.buffer = b""
        self.next_id = 1
        self.tools = {}
        self.transcript = []  # (">" or "<", line)
        self.problems = []  # schema violations seen

    # The transport: one message a line.
    def send_line(self, text, newline=True):
        data = text.encode() if isinstance(text, str) else text
        self.transcript.append((">", data.decode(errors="replace")))
        self.proc.stdin.write(data + (b"\n" if newline else b""))
        self.proc.stdin.flush()

    def send(self, message):
        self.send_line(json.dumps(message, separators=(",", ":")))

    def read_line(self, timeout=None):
        """The next line of the server's stdout, parsed; None at its end.
        Raises TimeoutError when none comes in time."""
        deadline = time.monotonic() + (timeout or self.timeout)
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no message from the MCP server in time")
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    if self.buffer:
                        raise ValueError(f"a last line without newline: {self.buffer!r}")
                    return None
                self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        text = line.decode()
        self.transcript.append(("<", text))
        return json.loads(text)

    def nothing_pending(self, wait=0.2):
        """True when the server wrote nothing within `wait` seconds."""
        if self.buffer:
            return False
        ready, _, _ = select.select([self.proc.stdout.fileno()], [], [], wait)
        return not ready

    # JSON-RPC.
    def request_raw(self, method, params=None):
        """Sends a request; returns the whole response object."""
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        self.next_id += 1
        if params is not None:
            message["params"] = params
        self.send(message)
        reply = self.read_line()
        if reply is None:
            raise EOFError("the MCP server closed its output")
        if reply.get("jsonrpc") != "2.0" or reply.get("id") != message["id"]:
            raise ValueError(f"not the response to request {message['id']}: {reply}")
        return reply

    def request(self, method, params=None):
        reply = self.request_raw(method, params)
        if "error" in reply:
            raise McpError(reply["error"])
        return reply["result"]

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    # MCP.
    def initialize(self, version=REVISION, name="mcp-test"):
        result = self.request("initialize", {"protocolVersion": version, "capabilities": {},
                                             "clientInfo": {"name": name, "version": "1.0"}})
        self.notify("notifications/initialized")
        return result

    def list_tools(self):
        tools = self.request("tools/list")["tools"]
        self.tools = {tool["name"]: tool for tool in tools}
        return tools

    def _check(self, instance, schema, what):
        if not self.validate or schema is None:
            return
        try:
            jsonschema.Draft202012Validator(schema).validate(instance)
        except jsonschema.ValidationError as error:
            self.problems.append(f"{what}: {error.message}")

    def call(self, name, arguments=None, check=True):
        """tools/call: the CallToolResult. With check, the arguments and the
        structured result are held to the tool's published schemas."""
        arguments = {} if arguments is None else arguments
        tool = self.tools.get(name)
        if check and tool is not None:
            self._check(arguments, tool.get("inputSchema"), f"{name}'s arguments")
        result = self.request("tools/call", {"name": name, "arguments": arguments})
        if tool is not None and not result.get("isError"):
            self._check(result.get("structuredContent"), tool.get("outputSchema"),
                        f"{name}'s structuredContent")
        return result

    def close(self, timeout=15):
        """Closes the server's stdin (the stdio transport's end) and waits for
        it to exit; its exit code. Its log is removed."""
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        self.log.close()
        os.unlink(self.log.name)
        return code

    def stderr(self):
        """What the server logged so far (before close)."""
        with open(self.log.name, errors="replace") as f:
            return f.read()


def text_of(result):
    """The text content of a CallToolResult, its blocks joined."""
    return "\n".join(block["text"] for block in result.get("content", [])
                     if block["type"] == "text")


def error_code(result):
    """A tool error's code (isError results carry it in _meta), or None."""
    if not result.get("isError"):
        return None
    return result.get("_meta", {}).get("ariadne/error", {}).get("code")


DELTA = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


def explore(client, state, trail=None):
    """The reference depth-first search, through the tools: enter a side not
    yet visited (trying N, E, S, W in that order), else walk back; after each
    treasure found, a new search from where the drone stands; abandon when
    nothing is left. One move a tools/call. Returns the last state; trail, a
    list, gets every cell the drone stood on, the start first."""
    position = (state["position"]["x"], state["position"]["y"])
    if trail is not None:
        trail.append(position)
    visited = {position}
    way_back = []
    found = state["found"]
    while not state["ended"]:
        if state["found"] != found:
            found = state["found"]
            visited = {position}
            way_back = []
        x, y = position
        fresh = [d for d in state["open"] if (x + DELTA[d][0], y + DELTA[d][1]) not in visited]
        if fresh:
            direction = fresh[0]
            way_back.append(OPPOSITE[direction])
        elif way_back:
            direction = way_back.pop()
        else:
            result = client.call("abandon")
            return result["structuredContent"]
        result = client.call("move", {"dir": direction})
        if result.get("isError"):
            raise RuntimeError(f"move {direction}: {text_of(result)}")
        state = result["structuredContent"]
        position = (state["position"]["x"], state["position"]["y"])
        if trail is not None and state["moved"]:
            trail.append(position)
        visited.add(position)
    return state
