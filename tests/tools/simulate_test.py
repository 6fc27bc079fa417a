"""ariadne-admin simulate as an organizer runs it: the same secrets give the
same report, its 95% recommendation holds in a fresh simulation with other
secrets, its verdict says plainly whether a design can be trusted and what
would fix it, the sample competition of docker/ is one that can, and bad
input is refused with one line.
Usage: simulate_test.py ARIADNE-ADMIN SOURCE_DIR"""
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import scratch  # noqa: E402

admin = sys.argv[1]
source = sys.argv[2]
work = scratch.folder("ariadne-simulate-")
problems = []


def design(mazes):
    path = os.path.join(work, f"cup-{mazes}.json")
    with open(path, "w") as f:
        json.dump({"name": "sim", "seeds": "shared", "challenges": [
            {"id": "looped", "mazes": mazes, "keep": "all",
             "maze": {"generator": "recursive_backtracker", "width": 12, "height": 12,
                      "loops": 0.5}}]}, f)
    return path


def simulate(path, *args, bots=("--bots", "frontier,tremaux,random_mouse")):
    out = os.path.join(work, "figures.json")
    done = subprocess.run([admin, "simulate", path, *bots, "--json", out, *args],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        sys.exit(f"FAIL: simulate {args}: exit {done.returncode}: {done.stderr}")
    with open(out) as f:
        return done.stdout, json.load(f)


first_text, first = simulate(design(1), "--runs", "1000", "--secret", "one")
again_text, again = simulate(design(1), "--runs", "1000", "--secret", "one")
if (first_text, first) != (again_text, again):
    problems.append("the same secrets gave another report")
ranking = first["challenges"][0]["ranking"]
if [b["bot"] for b in ranking["bots"]][-1] != "random_mouse":
    problems.append(f"random_mouse is not the weakest: {ranking['bots']}")
wanted = ranking["mazes_for_95"]
if wanted is None or wanted < 2:
    problems.append(f"one maze should not rank three bots right 95% of the time: {wanted}")
else:
    # One maze is no design to trust, and the report says so with its fix.
    fix = "mazes an attempt in every challenge"
    if first["reliable"] or "NOT RELIABLE" not in first_text or fix not in first_text:
        problems.append(f"one maze's verdict: reliable={first['reliable']}, "
                        f"{first_text[first_text.find('totals'):]}")
    # The recommendation, applied, with secrets never used to make it.
    runs = 300
    _, fresh = simulate(design(wanted), "--runs", str(runs), "--secret", "two")
    right = fresh["challenges"][0]["ranking"]["order_right"]
    # 95% within two standard errors of a binomial share over `runs` competitions.
    floor = 0.95 - 2 * math.sqrt(0.95 * 0.05 / runs)
    if right < floor:
        problems.append(f"{wanted} mazes ranked right {right:.1%} of fresh competitions "
                        f"(wanted 95%, at least {floor:.1%} with {runs} runs)")
    print(f"recommended {wanted} mazes; a fresh simulation ranks right {right:.1%}")

# The sample an organizer copies ranks all five bundled bots right.
sample_text, sample = simulate(os.path.join(source, "docker", "competition.json"), "--maze-dir",
                               os.path.join(source, "docker", "mazes"), bots=())
if not sample["reliable"] or sample["totals"]["order_right"] < 0.95 or \
        "\nreliable: the totals rank" not in sample_text:
    problems.append(f"the sample competition is not reliable: {sample_text[-800:]}")

for args, expected in [(["--bots", "frontier,nobody"], "no bundled bot is called \"nobody\""),
                       (["--runs", "1"], "--runs"),
                       (["--compare-marks", "--bots", "frontier,random_mouse"], None)]:
    done = subprocess.run([admin, "simulate", design(2), *args], capture_output=True, text=True,
                          timeout=120)
    if expected is None:
        if done.returncode != 0 or "| sum_ratio |" not in done.stdout:
            problems.append(f"{args}: exit {done.returncode}, {done.stdout[:200]}{done.stderr}")
    elif done.returncode == 0 or expected not in done.stderr:
        problems.append(f"{args}: exit {done.returncode}, stderr {done.stderr!r}")
done = subprocess.run([admin, "simulate", os.path.join(work, "missing.json")],
                      capture_output=True, text=True)
if done.returncode != 2 or "cannot be read" not in done.stderr:
    problems.append(f"a missing file: exit {done.returncode}, {done.stderr!r}")

for p in problems:
    print("FAIL:", p)
scratch.finish(not problems)
sys.exit(1 if problems else 0)
