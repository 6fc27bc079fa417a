#!/usr/bin/python3
"""The operators' kit of docker/monitoring: promtool finds the scrape
configuration and the alert rules valid and every rule's unit tests pass
(alerts_test.yml), and every metric the rules and the Grafana dashboard
name is one a real server with a competition exposes at /metrics (a rule on
a metric that does not exist never fires). /readyz answers beside /healthz.

Usage: monitoring_test.py BUILD_DIR SOURCE_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402

BUILD, SOURCE = sys.argv[1], sys.argv[2]
KIT = os.path.join(SOURCE, "docker", "monitoring")
checks = Checks()
check = checks.check

promtool = shutil.which("promtool")
if promtool is None:
    print("SKIP: promtool is missing (Debian's prometheus package; scripts/test.sh installs it)")
    sys.exit(77)

for args in (["check", "config", "prometheus.yml"], ["check", "rules", "alerts.yml"],
             ["test", "rules", "alerts_test.yml"]):
    done = subprocess.run([promtool, *args], cwd=KIT, capture_output=True, text=True, timeout=60)
    check(done.returncode == 0, f"promtool {' '.join(args)}: {done.stdout[-800:]}{done.stderr[-800:]}")

# What the rules and the dashboard name.
named = {}
with open(os.path.join(KIT, "alerts.yml")) as f:
    for expr in re.findall(r"^\s*expr: (.*)$", f.read(), re.M):
        named.setdefault("alerts.yml", set()).update(re.findall(r"\bariadne_[a-z_]+", expr))
with open(os.path.join(KIT, "grafana-dashboard.json")) as f:
    dashboard = json.load(f)
ids = [p["id"] for p in dashboard["panels"]]
check(len(ids) == len(set(ids)), f"the dashboard's panel ids are unique: {ids}")
for panel in dashboard["panels"]:
    check(panel.get("title") and panel.get("targets") and panel.get("gridPos"),
          f"a panel with a title, targets and a place: {panel.get('title')}")
    for target in panel.get("targets", []):
        named.setdefault("grafana-dashboard.json", set()).update(
            re.findall(r"\bariadne_[a-z_]+", target["expr"]))

# What a server with a competition and its store exposes.
work = scratch.folder("ariadne-monitoring-")
cup = os.path.join(work, "cup.json")
with open(cup, "w") as f:
    json.dump({"name": "watched", "challenges": [
        {"id": "sprint", "maze": {"generator": "prim", "width": 8, "height": 8}}]}, f)
server, port = start_server(os.path.join(BUILD, "server/app/ariadne-server"), "--competition", cup,
                            "--db", os.path.join(work, "cup.db"))
try:
    status, text = http_get(port, "/metrics")
    exposed = {line.split("{")[0].split(" ")[0] for line in text.splitlines()
               if line and not line.startswith("#")}
    check(status == 200 and len(exposed) > 20, f"/metrics: {status}, {sorted(exposed)}")
    for source, names in named.items():
        missing = sorted(names - exposed)
        check(not missing, f"{source} names metrics the server does not expose: {missing}")
    check(http_get(port, "/readyz") == (200, "ready\n"), f"/readyz: {http_get(port, '/readyz')}")
    check(http_get(port, "/healthz") == (200, "ok\n"), f"/healthz: {http_get(port, '/healthz')}")
finally:
    stop_server(server)
checks.finish(f"the operators' kit holds: {sum(len(n) for n in named.values())} metric names checked")
