#!/usr/bin/env python3
"""What stalled spectators of a live million-move run cost the server: one
player makes a run of a million moves (8 x 8, back and forth), then N raw
sockets ask /spectate for it and never read. Prints the server's RSS growth
and what the memory budget claims for them. Not a test; docs/benchmarks.md.

Usage: spectator_memory.py ARIADNE_SERVER [N]   (default 40)
"""
import asyncio
import json
import os
import socket
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from ariadne_server import start_server, stop_server  # noqa: E402
import websockets  # noqa: E402


def rss(pid):
    for l in open(f"/proc/{pid}/status"):
        if l.startswith("VmRSS:"): return int(l.split()[1])
async def main(binary, n):
    proc, port = start_server(binary, "--rate-limit", "0", "--max-spectators-per-run", "1000", "--max-memory-per-ip-mib", "4096", "--max-memory-mib", "8192")
    try:
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws")
        await ws.send(json.dumps({"type":"hello","name":"p"})); await ws.recv()
        seed = 1
        while True:
            await ws.send(json.dumps({"type":"start","max_steps":1_000_000_000,"maze":{"generator":"prim","width":8,"height":8,"seed":seed}}))
            first = json.loads(await ws.recv())
            side = first["open"][0]; back = {"N":"S","S":"N","E":"W","W":"E"}[side]
            done = 0; ok = True
            while done < 1_000_000:
                await ws.send(json.dumps({"type":"path","dirs":(side+back)*2048}))
                r = json.loads(await ws.recv())
                if "result" in r: ok = False; break
                done = r["steps"] + r["bumps"]
            if ok: break
            seed += 1
        run = first["run"]
        time.sleep(0.5)
        before = rss(proc.pid)
        socks = []
        for i in range(n):
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(("127.0.0.1", port))
            s.sendall((f"GET /spectate/{run} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                       "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
            socks.append(s)
        # Their views are built on the job pool, one after another: wait until
        # the server's memory has stopped growing for two seconds.
        after, steady_since = rss(proc.pid), time.monotonic()
        while time.monotonic() - steady_since < 2:
            await asyncio.sleep(0.25)
            now = rss(proc.pid)
            if now > after:
                after, steady_since = now, time.monotonic()
        m = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics").read().decode()
        held = [l for l in m.splitlines() if l.startswith("ariadne_memory_held_bytes")]
        print(f"{n} stalled spectators of a live run of {done} moves: RSS +{(after-before)/1024:.1f} MiB, {(after-before)/n:.0f} KiB each; {held}")
    finally:
        stop_server(proc)
if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 40))
