#!/usr/bin/env python3
"""Ariadne starter kit: a protocol v1 client and a depth-first-search bot.
(Longer than 400 lines: the kit is one module to put beside a bot, the drone
with its checks and reconnection, the bridge's lines and the command line.)

Needs only Debian's python3-websockets. Run a server, then:

    python3 clients/python/ariadne_client.py --url ws://127.0.0.1:8080/ws --seed 42

(Over TLS, wss://, --ca FILE or $ARIADNE_CA names a CA the system does not trust.)
Your own bot lives in a file of its own that imports this one (docs/tutorial.md):

    import ariadne_client

    async def explore(drone):
        ...  # drone.position, drone.open_sides, await drone.move("N")

    ariadne_client.run(explore, bot="my-bot")

The same file plays under ariadne-bot --program and ariadne-pipe (the
bridge's lines on stdin and stdout) with nothing changed.
"""
import argparse
import asyncio
import hashlib
import json
import os
import random
import ssl
import sys
import urllib.parse

import websockets
from websockets.exceptions import WebSocketException

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
DELTA = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


class ServerError(Exception):
    """The server answered with an error reply."""

    def __init__(self, reply):
        super().__init__(f"{reply.get('code')}: {reply.get('message')}")
        self.code = reply.get("code")


class RunLost(ConnectionError):
    """The connection was lost and mended, but the run in play did not come
    back with it: it ended unseen, or it was given back (its server died or
    left; a ranked attempt given back may be played again)."""


class _Lost(Exception):
    """A connection lost in a way a new one may mend (internal)."""

    def __init__(self, error):
        super().__init__(str(error))
        self.error = error


# Close codes after which a new connection may help: going away (a server
# draining or stopping), abnormal (no close frame: it died), internal error,
# restart, try again later. Never 1000 or 1008 (replaced, token withdrawn).
MENDABLE_CLOSES = {1001, 1006, 1011, 1012, 1013}
RECONNECT_TRIES = 8     # new connections after a loss
RECONNECT_FIRST = 0.25  # seconds before the first; doubles each time
RECONNECT_LONGEST = 4.0


def route_key(token):
    """What a cluster's proxy routes a competitor's connections by
    (?competitor=KEY): 16 hex digits of SHA-256 of "ariadne-route:" and the
    token, the same in every kit; it tells nothing of the token."""
    return hashlib.sha256(("ariadne-route:" + token).encode()).hexdigest()[:16]


def with_route_key(url, token):
    """url with competitor=route_key(token) in its query (url itself without a token)."""
    if not token:
        return url
    parts = urllib.parse.urlsplit(url)
    query = (parts.query + "&" if parts.query else "") + "competitor=" + route_key(token)
    return urllib.parse.urlunsplit(parts._replace(query=query))


class ImpossibleReply(Exception):
    """A reply no honest server sends: a position or an open side outside the
    maze, a move that did not arrive where it leads, a run that never ends."""


MAX_CELLS = 1 << 24       # the largest maze accepted when the request did not fix the size
MAX_MOVES = 10 ** 9       # moves in one run, whatever max_steps the server announces
MAX_RUN_SECONDS = 3600.0  # one run, start to end (the server's default limit)
MAX_MESSAGE_BYTES = 8192  # the server's default --max-message-bytes: past it, it closes (1009)


def tls_context(ca=None, insecure=False):
    """What a wss:// connection trusts to vouch for the server's certificate and
    name: ca (a PEM file, or PEM text, of CA certificates), else $ARIADNE_CA,
    else the system's trust store; insecure=True verifies nothing."""
    if insecure:
        return ssl._create_unverified_context()
    ca = ca or os.environ.get("ARIADNE_CA")
    pem = bool(ca) and "-----BEGIN" in ca
    try:
        return ssl.create_default_context(cafile=None if pem else ca, cadata=ca if pem else None)
    except (OSError, ValueError) as error:
        raise ConnectionError(f"CA {'text' if pem else ca}: {error.strerror or error}") from None


def check_state(state, width, height):
    """Raises ImpossibleReply unless the state lies inside a width x height maze."""
    position = state.get("position")
    if not isinstance(position, dict):
        raise ImpossibleReply("a state without a position")
    x, y = position.get("x"), position.get("y")
    if not (isinstance(x, int) and isinstance(y, int) and 0 <= x < width and 0 <= y < height):
        raise ImpossibleReply(f"position {x}, {y} is outside the {width}x{height} maze")
    if not all(isinstance(state.get(k), int) and state[k] >= 0 for k in ("steps", "bumps")):
        raise ImpossibleReply("a state without its step and bump counts")
    sides = state.get("open")
    if not isinstance(sides, list) or any(not isinstance(side, str) or side not in DELTA
                                          for side in sides):
        raise ImpossibleReply(f"open sides {sides!r} are not among N, E, S, W")
    for side in sides:
        nx, ny = x + DELTA[side][0], y + DELTA[side][1]
        if not (0 <= nx < width and 0 <= ny < height):
            raise ImpossibleReply(f"side {side} of {x}, {y} is open to the outside of the maze")


class Senses:
    """What a drone senses where it stands, from its last state: the
    WebSocket drone and the bridge's line drone alike."""

    @property
    def position(self):
        return self.state["position"]["x"], self.state["position"]["y"]

    @property
    def open_sides(self):
        return self.state["open"]

    @property
    def finished(self):
        return "result" in self.state


class Drone(Senses):
    """One connection to an Ariadne server: what a drone may do and know.
    Every state reply is checked against the maze the run started with; a
    reply that cannot be true raises ImpossibleReply."""

    def __init__(self, ws, timeout):
        self.ws = ws
        self.timeout = timeout
        self.state = {}
        self.welcome = {}
        self.size = None  # (width, height) of the run in play
        self.move_budget = MAX_MOVES
        self.deadline = None
        self.reconnect = False  # connect() turns it on
        self.reconnects = 0     # lost connections mended
        self._dial_args = None
        self._hello = None

    @classmethod
    async def connect(cls, url, name, timeout=30.0, token=None, bot=None, ca=None, insecure=False,
                      reconnect=True):
        """Connects and says hello; every reply must come within timeout seconds.
        With a competitor's token, the welcome lists the competition's challenges;
        if it carries a "state", this connection took over a ranked run in play.
        bot (up to 64 characters, e.g. "my-bot 1.2") is what the pages and
        replays call your bot. A wss:// server's certificate is verified, see
        tls_context for ca and insecure (a self-signed test server only; warns).
        With a token the URL's query gets competitor=route_key(token), for a
        cluster's proxy. reconnect: a connection lost in a way a new one may
        mend (the server gone, restarting or draining) is made again, up to 8
        times over about 20 s with jittered backoff, and the ranked run in
        play comes back with it; the request the loss cut short is answered
        as if nothing happened, or raises RunLost. The first connection is
        tried again the same way when the server answers it busy for now."""
        if insecure:
            print("ariadne_client: warning: insecure: the server's certificate is not checked",
                  file=sys.stderr)
        tls = {"ssl": tls_context(ca, insecure)} if url.lower().startswith("wss:") else {}
        dial_args = (with_route_key(url, token), timeout, tls)
        hello = {"type": "hello", "name": name}
        if token:
            hello["token"] = token
        if bot:
            hello["bot"] = bot  # what the pages and replays call it
        drone = await cls._first_connection(dial_args, timeout, hello, reconnect)
        drone.reconnect = reconnect
        if "state" in drone.welcome:
            drone.begin(drone.welcome["state"], None)
        return drone

    @classmethod
    async def _first_connection(cls, dial_args, timeout, hello, reconnect):
        """A connection and its welcome. With reconnect, tried again as a lost
        one is mended: a server or proxy refusing it for now (429, 502-504), a
        hello answered server_busy (the server's database restarting), a
        connection cut or silent before the welcome. Not one refused or
        unanswered before its WebSocket opens: nothing serves there, most
        likely a wrong address, said at once."""
        wait = RECONNECT_FIRST
        for attempt in range(RECONNECT_TRIES + 1 if reconnect else 1):
            if attempt:
                await asyncio.sleep(wait * random.uniform(0.5, 1.0))
                wait = min(wait * 2, RECONNECT_LONGEST)
            last = attempt == (RECONNECT_TRIES if reconnect else 0)
            try:
                drone = cls(await cls._dial(*dial_args), timeout)
            except websockets.exceptions.InvalidStatusCode as error:
                if last or error.status_code not in (429, 502, 503, 504):
                    raise
                continue
            drone._dial_args = dial_args
            drone._hello = hello
            try:
                welcome = await drone._exchange(hello)
            except _Lost as lost:
                await drone.ws.close()
                if last:
                    raise lost.error from None
                continue
            if welcome["type"] == "error":
                await drone.ws.close()
                if last or welcome.get("code") not in ("server_busy", "rate_limited"):
                    raise ServerError(welcome)
                continue
            drone.welcome = welcome
            return drone

    @staticmethod
    async def _dial(url, timeout, tls):
        # No reply of protocol v1 comes near 1 MiB: a larger frame closes the
        # connection. A server that never completes the handshake is given
        # up after timeout, and closing waits a second at most for it.
        try:
            return await websockets.connect(url, max_size=1 << 20, open_timeout=timeout,
                                            close_timeout=1, **tls)
        except asyncio.TimeoutError:
            raise TimeoutError(f"{url} did not complete the handshake within {timeout} s") from None
        except ssl.SSLCertVerificationError as error:  # one line: why, in OpenSSL's words
            raise ConnectionError(f"{url}: certificate verify failed: {error.verify_message}") from None
        except ConnectionResetError:  # say, a plain server hanging up on TLS's hello
            raise ConnectionError(f"{url}: the server hung up during the handshake") from None

    def begin(self, first, asked):
        """Checks the first state of a run (asked: the maze requested, or None)."""
        if not isinstance(first, dict):
            raise ImpossibleReply("a state that is not an object")
        width, height = first.get("width"), first.get("height")
        if not (isinstance(width, int) and isinstance(height, int)
                and 1 <= width <= 8192 and 1 <= height <= 8192):
            raise ImpossibleReply(f"a {width}x{height} maze is beyond the protocol's sizes")
        if asked and "width" in asked and "height" in asked:
            if (width, height) != (asked["width"], asked["height"]):
                raise ImpossibleReply(f"a {width}x{height} maze answers a request for"
                                      f" {asked['width']}x{asked['height']}")
        elif width * height > MAX_CELLS:
            raise ImpossibleReply(f"a {width}x{height} maze is more than the {MAX_CELLS}"
                                  " cells this client accepts")
        check_state(first, width, height)
        self.size = (width, height)
        max_steps = first.get("max_steps")
        self.move_budget = min(max_steps, MAX_MOVES) if isinstance(max_steps, int) else MAX_MOVES
        self.deadline = asyncio.get_running_loop().time() + MAX_RUN_SECONDS
        self.state = first

    def follow(self, before, reply, message):
        """Checks a state reply to a request of the run in play."""
        if self.size is None:
            raise ImpossibleReply("a state before any run started")
        check_state(reply, *self.size)
        moves = reply.get("steps", 0) + reply.get("bumps", 0)
        if message["type"] == "move":
            moved = reply.get("moved")
            # Through a side sensed open, into one sensed closed; a run that
            # had ended (its time ran out) answers moved false and its result.
            if moved != (message["dir"] in before["open"]) and not ("result" in reply and not moved):
                raise ImpossibleReply("a move through a wall" if moved else "a bump into an open side")
            dx, dy = DELTA[message["dir"]] if moved else (0, 0)
            x, y = before["position"]["x"], before["position"]["y"]
            if (reply["position"]["x"], reply["position"]["y"]) != (x + dx, y + dy):
                raise ImpossibleReply(f"a move from {x}, {y} arrived at"
                                      f" {reply['position']['x']}, {reply['position']['y']}")
        if "result" not in reply:
            if moves >= self.move_budget:
                raise ImpossibleReply(f"run {reply.get('run')} is still in play after"
                                      f" {self.move_budget} moves")
            if asyncio.get_running_loop().time() > self.deadline:
                raise ImpossibleReply(f"run {reply.get('run')} is still in play after"
                                      f" {MAX_RUN_SECONDS:.0f} s")

    async def _exchange(self, message):
        """One message and its reply, parsed; raises _Lost when the connection
        went in a way a new one may mend."""
        try:
            await self.ws.send(json.dumps(message, separators=(",", ":"), ensure_ascii=False))
            text = await asyncio.wait_for(self.ws.recv(), self.timeout)
        except asyncio.TimeoutError:
            raise _Lost(TimeoutError(f"no reply within {self.timeout} s")) from None
        except websockets.exceptions.ConnectionClosed as error:
            code = error.rcvd.code if error.rcvd else 1006
            # 1002 sent: the server broke the WebSocket protocol, no lost connection.
            broke = error.sent is not None and error.sent.code == 1002
            if code in MENDABLE_CLOSES and not broke:
                raise _Lost(error) from None
            raise
        except OSError as error:
            raise _Lost(error) from None
        try:
            reply = json.loads(text)
        except (ValueError, RecursionError):
            raise ImpossibleReply("a reply that is not JSON") from None
        if not isinstance(reply, dict) or not isinstance(reply.get("type"), str):
            raise ImpossibleReply("a reply without a type")
        return reply

    async def _mend(self, message, lost):
        """New connections after `lost`, and the reply to message on one."""
        before = self.state
        in_run = self.size is not None and "result" not in before
        starts = message["type"] == "start"
        of_run = message["type"] not in ("start", "challenges")
        wait = RECONNECT_FIRST
        for _ in range(RECONNECT_TRIES):
            await asyncio.sleep(wait * random.uniform(0.5, 1.0))
            wait = min(wait * 2, RECONNECT_LONGEST)
            try:
                await self.ws.close()
                self.ws = await self._dial(*self._dial_args)
                welcome = await self._exchange(self._hello)
            except (_Lost, OSError, TimeoutError, websockets.exceptions.InvalidHandshake) as error:
                status = getattr(error, "status_code", None)
                if status is not None and status not in (429, 502, 503, 504):
                    raise  # refused for good (a 4xx)
                lost = error if isinstance(error, _Lost) else _Lost(error)
                continue
            if welcome["type"] == "error":
                if welcome.get("code") in ("server_busy", "rate_limited"):
                    continue
                raise ServerError(welcome)
            self.welcome = welcome
            self.reconnects += 1
            back = welcome.get("state")
            # What the request cut short did: a start that was dealt, or moves
            # that were made, show in the run that came back.
            if back and starts:
                return dict(back, type="state")
            same = back and in_run and back.get("run") == before.get("run")
            moves = (lambda s: s.get("steps", 0) + s.get("bumps", 0))
            if same and of_run and moves(back) != moves(before):
                reply = dict(back, type="state")
                if message["type"] == "move":
                    reply["moved"] = back["steps"] > before["steps"]
                elif message["type"] == "path":
                    reply["done"] = moves(back) - moves(before)
                return reply
            if of_run and in_run and not same:
                raise RunLost(f"connection lost ({lost}); run {before.get('run')} did not come "
                              "back with a new one: it ended unseen, or was given back")
            try:
                return await self._exchange(message)
            except _Lost as again:
                lost = again
        raise ConnectionError(f"connection lost: {lost}; {RECONNECT_TRIES} new connections failed")

    async def request(self, message):
        """Sends one message and returns its reply (every message gets one).
        A server that does not answer within the timeout raises TimeoutError
        (or, with reconnect, is left for a new connection)."""
        try:
            reply = await self._exchange(message)
        except _Lost as lost:
            if not self.reconnect or message["type"] == "hello":
                raise lost.error from None
            reply = await self._mend(message, lost)
        if reply["type"] == "error":
            raise ServerError(reply)
        if reply["type"] == "state":
            if message["type"] == "start":
                self.begin(reply, message.get("maze"))
            else:
                self.follow(self.state, reply, message)
                self.state = reply
        return reply

    async def start(self, **maze):
        return await self.request({"type": "start", "maze": maze})

    async def start_challenge(self, challenge):
        """A ranked run on a competition's challenge (needs a token)."""
        return await self.request({"type": "start", "challenge": challenge})

    async def challenges(self):
        """The competition's challenges as they now stand for this competitor
        (attempts left, marks, a set under way's next_maze); needs a token."""
        return (await self.request({"type": "challenges"}))["challenges"]

    async def move(self, direction):
        """Moves one cell; True if it moved, False if it bumped into a wall."""
        return (await self.request({"type": "move", "dir": direction}))["moved"]

    async def abandon(self):
        return await self.request({"type": "abandon"})

    async def paint(self, cells, clear=False):
        """Marks cells of the run's maze for its spectators and replay (never
        part of the game): cells are (x, y, colour, text) tuples, colour one
        of red, orange, yellow, green, teal, blue, purple, grey, or None, text
        up to 4 characters or None; a cell with neither loses its mark.
        clear=True erases every mark first. At most 128 cells a paint, 20 paints
        a second, 4096 cells a run. Returns how many cells are marked."""
        listed = []
        for x, y, *rest in cells:
            colour, text = (list(rest) + [None, None])[:2]
            cell = {"x": x, "y": y}
            if colour:
                cell["colour"] = colour
            if text:
                cell["text"] = str(text)
            listed.append(cell)
        message = {"type": "paint", "cells": listed}
        if clear:
            message["clear"] = True
        size = len(json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode())
        if size > MAX_MESSAGE_BYTES:
            raise ValueError(f"a paint of {size} bytes is over the server's {MAX_MESSAGE_BYTES}:"
                             " paint fewer cells at once")
        return (await self.request(message))["marks"]

    async def log(self, text):
        """A line of the bot's own log, 1 to 120 characters without control
        characters: shown in its replay at its move and on the live view (a
        ranked run's when the run may be shown), never part of the game. A
        paint of its own: it counts in paint's 20 a second and costs 4 cells
        of the run's 4096. Returns how many cells are marked."""
        return (await self.request({"type": "paint", "log": str(text)}))["marks"]

    async def close(self):
        await self.ws.close()



class LineDrone(Senses):
    """The same drone over the bridge's lines (PROTOCOL.md, "The stdin/stdout
    bridge"), for a program that ariadne-bot --program or ariadne-pipe runs:
    commands on stdout, answers on stdin, one run a program. run() makes one
    when ARIADNE_LINE_PROTOCOL is set; print() then goes to stderr."""

    def __init__(self, lines_in, lines_out):
        self._in = lines_in
        self._out = lines_out
        self.state = {}
        self.size = None

    def _read(self):
        line = self._in.readline()
        if not line:
            raise ConnectionError("the bridge closed the lines")
        return line.rstrip("\n").split(" ")

    def _send(self, line):
        self._out.write(line + "\n")
        self._out.flush()

    def begin(self):
        """Reads START: the run's first state."""
        words = self._read()
        if words[0] != "START" or len(words) != 8:
            raise ImpossibleReply(f"expected START, got {' '.join(words)!r}")
        width, height, x, y = (int(w) for w in words[1:5])
        self.size = (width, height)
        self.state = {"type": "state", "position": {"x": x, "y": y},
                      "open": _sides(words[5]), "max_steps": int(words[6]),
                      "treasures": int(words[7]), "width": width, "height": height,
                      "steps": 0, "bumps": 0, "found": 0, "treasure": False}
        return self.state

    async def _command(self, line):
        self._send(line)
        words = self._read()
        if words[0] == "ERROR":
            raise ServerError({"code": words[1], "message": " ".join(words[2:])})
        if words[0] == "END":
            status, steps, bumps, score, optimal, found, treasures = words[1:8]
            score, optimal = int(score), int(optimal)
            best = max(score, optimal)
            self.state = dict(self.state, steps=int(steps), bumps=int(bumps), found=int(found),
                              result={"status": status, "steps": int(steps), "bumps": int(bumps),
                                      "score": score, "optimal": optimal, "found": int(found),
                                      "treasures": int(treasures),
                                      "efficiency": (optimal / best if best else 1.0)
                                      if status == "found" else 0.0})
            return None
        if words[0] == "PAINTED":
            return int(words[1])
        if words[0] != "STATE" or len(words) != 10:
            raise ImpossibleReply(f"expected STATE, got {' '.join(words)!r}")
        x, y = int(words[1]), int(words[2])
        self.state = dict(self.state, position={"x": x, "y": y}, open=_sides(words[3]),
                          treasure=words[4] == "1", steps=int(words[5]), bumps=int(words[6]),
                          found=int(words[7]), treasures=int(words[8]))
        return words[9]

    async def move(self, direction):
        """One move: True when the drone moved, False for a bump."""
        steps = self.state["steps"]
        extra = await self._command(f"MOVE {direction}")
        # The move that ends a run is answered END: it moved if it counted a step.
        return extra == "1" if extra is not None else self.state["steps"] > steps

    async def sense(self):
        await self._command("SENSE")
        return self.state

    async def abandon(self):
        await self._command("ABANDON")
        return self.state

    async def paint(self, cells, clear=False):
        """As Drone.paint: cells are (x, y, colour, text) tuples."""
        if clear:
            await self._command("PAINT CLEAR")
        marks = [f"{x} {y} {(list(rest) + [None])[0] or '-'}"
                 f"{' ' + str(rest[1]) if len(rest) > 1 and rest[1] else ''}"
                 for x, y, *rest in cells]
        return await self._command("PAINT " + "; ".join(marks)) if marks else 0

    async def log(self, text):
        """As Drone.log: a line of the bot's own log."""
        return await self._command(f"LOG {text}")


def _sides(text):
    return [] if text == "-" else list(text)


async def explore(drone, max_moves=None):
    """Depth-first search: enter a side not yet visited (trying N, E, S, W in
    that order), else walk back; after each treasure found, a new search from
    where the drone stands. Stops after max_moves moves when given. Returns
    the number of steps this bot took."""
    steps = 0
    visited = {drone.position}
    way_back = []
    found = drone.state["found"]
    while not drone.finished and (max_moves is None or steps < max_moves):
        if drone.state["found"] != found:
            found = drone.state["found"]
            visited = {drone.position}
            way_back = []
        x, y = drone.position
        fresh = [d for d in drone.open_sides
                 if (x + DELTA[d][0], y + DELTA[d][1]) not in visited]
        if fresh:
            direction = fresh[0]
            way_back.append(OPPOSITE[direction])
        elif way_back:
            direction = way_back.pop()
        else:
            await drone.abandon()  # nothing left to explore
            break
        await drone.move(direction)
        steps += 1
        visited.add(drone.position)
    return steps


def parse_seeds(text):
    """Seeds as ariadne-bot takes them: "7", "1-20" or "1,5,9-12"."""
    seeds = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        first, last = int(low), int(high or low)
        if first > last or last - first >= 100000:
            raise ValueError(f"bad seed range {part!r}")
        seeds.extend(range(first, last + 1))
    return seeds


def pages_url(url):
    """The pages of the server a drone URL names: ws://HOST:PORT/ws gives
    http://HOST:PORT/ (wss:// gives https://)."""
    scheme, _, rest = url.partition("://")
    return ("https" if scheme == "wss" else "http") + "://" + rest.split("/")[0] + "/"


async def play_run(drone, args, maze, options, strategy=explore):
    """One run (a maze of a challenge's set, with --challenge): its result,
    and whether the attempt's set has ended."""
    if args.challenge:
        first = await drone.start_challenge(args.challenge)
        place = first.get("set") or {}
        print(f"run {first['run']}: challenge {first['maze']}"
              f" {first['width']}x{first['height']},"
              f" maze {place.get('maze', 1)} of {place.get('mazes', 1)}")
    else:
        first = await drone.request({"type": "start", "maze": maze, **options})
        print(f"run {first['run']}: {first['maze']} {first['width']}x{first['height']}"
              f" seed {first['seed']}; watch it at {pages_url(args.url)}watch/{first['run']}")
    steps = await strategy(drone)
    if not drone.finished:
        await drone.abandon()
    result = drone.state["result"]
    counted = f"{steps} steps by my count; " if isinstance(steps, int) else ""
    print(f"{result['status']}: {counted}server score"
          f" {result['score']}, optimal {result['optimal']},"
          f" efficiency {result['efficiency']:.3f}")
    print("result:", json.dumps(result))
    place = drone.state.get("set") or {}
    ended = place.get("ended", True)
    if ended and "mark" in place:
        print(f"attempt {place['attempt']} ended: {place['found']} of"
              f" {place['mazes']} mazes found, mark {place['mark']:.4f}")
    return result, ended


def summary_table(bot, results):
    """The table ariadne-bot prints, for this kit's runs: runs, found, median
    and mean steps, median bumps and efficiency, worst steps."""
    def median(values):
        values = sorted(values)
        mid = len(values) // 2
        if not values:
            return 0.0
        return float(values[mid]) if len(values) % 2 else (values[mid - 1] + values[mid]) / 2
    steps = [r["steps"] for r in results]
    head = (f"{'bot':<14} {'runs':>6} {'found':>6} {'median steps':>12} {'mean steps':>12}"
            f" {'median bumps':>12} {'median eff':>10} {'worst steps':>11}")
    row = (f"{bot:<14} {len(results):>6} {sum(r['status'] == 'found' for r in results):>6}"
           f" {median(steps):>12.1f} {sum(steps) / max(len(steps), 1):>12.1f}"
           f" {median([r['bumps'] for r in results]):>12.1f}"
           f" {median([r['efficiency'] for r in results]):>10.3f} {max(steps, default=0):>11}")
    return head + "\n" + row


async def play_lines(strategy):
    """One run over the bridge's lines (ARIADNE_LINE_PROTOCOL set): stdout
    carries the commands, so everything the bot prints goes to stderr."""
    commands = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    drone = LineDrone(sys.stdin, commands)
    drone.begin()
    await strategy(drone)
    if not drone.finished:
        await drone.abandon()
    return 0 if drone.state["result"]["status"] == "found" else 1


def run(strategy, bot="python-kit/mine", name="python-kit"):
    """Plays with `strategy`, an async function of a drone like `explore`,
    as the command line says (--url, --seeds, --challenge...; --help), and
    exits. Run by ariadne-bot --program or ariadne-pipe, it plays their run
    over the bridge's lines instead. `bot` is what pages and replays call it,
    `name` the player (--name overrides it)."""
    try:
        if os.environ.get("ARIADNE_LINE_PROTOCOL"):
            sys.exit(asyncio.run(play_lines(strategy)))
        sys.exit(asyncio.run(main(strategy, bot, name)))
    except (OSError, ServerError, ImpossibleReply, TimeoutError,
            WebSocketException) as error:
        print(f"ariadne_client: {error}", file=sys.stderr)
        sys.exit(2)


async def main(strategy=None, bot="python-kit/dfs", name="python-dfs"):
    strategy = strategy or explore
    parser = argparse.ArgumentParser(
        description=f"Play an Ariadne maze with {bot} (or a competition's challenge).")
    parser.add_argument("--url", default="ws://127.0.0.1:8080/ws")
    parser.add_argument("--name", default=name)
    parser.add_argument("--generator", default="hunt_and_kill")
    parser.add_argument("--size", default="16x16", help="WxH")
    parser.add_argument("--seed", type=int, help="default: the server picks one")
    parser.add_argument("--seeds", help="several practice runs, one a seed: 1-20 or 1,5,9-12")
    parser.add_argument("--loops", type=float, default=0.0)
    parser.add_argument("--treasures", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds to wait for each reply (default 30)")
    parser.add_argument("--token", help="a competitor's token (competition mode)")
    parser.add_argument("--ca", metavar="FILE", help="wss://: CA certificates (PEM) that vouch "
                        "for the server's (default: $ARIADNE_CA, else the system's)")
    parser.add_argument("--insecure", action="store_true",
                        help="wss:// unverified (a self-signed test server only; warns)")
    parser.add_argument("--no-reconnect", action="store_true",
                        help="stop at a lost connection (by default it is made again, up to 8 "
                             "times over about 20 s, and a ranked run in play comes back)")
    parser.add_argument("--challenge", help="play ranked runs on this challenge (needs --token)")
    parser.add_argument("--attempts", type=int,
                        help="with --challenge: how many attempts (default: every one left "
                             "where all count, keep all; else one)")
    args = parser.parse_args()
    if args.challenge and not args.token:
        parser.error("--challenge needs --token")
    if args.attempts is not None and args.attempts < 1:
        parser.error("--attempts must be at least 1")
    if args.seeds is not None and (args.seed is not None or args.challenge):
        parser.error("--seeds plays practice runs: not with --seed or --challenge")
    try:
        seeds = parse_seeds(args.seeds) if args.seeds else [args.seed]
    except ValueError as error:
        parser.error(f"--seeds: {error}")
    width, height = (int(side) for side in args.size.split("x"))
    maze = {"generator": args.generator, "width": width, "height": height, "loops": args.loops}
    options = {"treasures": args.treasures} if args.treasures != 1 else {}

    drone = await Drone.connect(args.url, args.name, args.timeout, args.token, bot,
                                ca=args.ca, insecure=args.insecure,
                                reconnect=not args.no_reconnect)
    all_found = True
    results = []
    try:
        runs = len(seeds)  # practice: one run a seed
        if args.challenge:
            listed = {c.get("id"): c for c in
                      (drone.welcome.get("competition") or {}).get("challenges", [])}
            about = listed.get(args.challenge, {})
            # A set under way (a lost connection) is finished first, as one
            # of the attempts left.
            left = about.get("attempts_left", 1) + (1 if about.get("next_maze") else 0)
            wanted = args.attempts or (left if about.get("keep") == "all" else 1)
            runs = max(1, min(wanted, left))
        for k in range(runs):
            if not args.challenge and seeds[k] is not None:
                maze["seed"] = seeds[k]
            # One attempt: with a challenge of several mazes, one start per
            # maze until the server says the attempt's set has ended.
            ended = False
            lost = 0  # runs lost with their servers: the run (or attempt) starts again
            while not ended:
                try:
                    result, ended = await play_run(drone, args, maze, options, strategy)
                except RunLost as error:
                    print(f"ariadne_client: {error}", file=sys.stderr)
                    lost += 1
                    if lost > 3:
                        raise
                    continue
                all_found = all_found and result["status"] == "found"
                results.append(result)
    finally:
        await drone.close()
    if len(results) > 1:
        print(summary_table(bot, results))
    return 0 if all_found else 1


if __name__ == "__main__":
    run(explore, bot="python-kit/dfs", name="python-dfs")
