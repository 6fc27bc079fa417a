"""docs/competition.md as an organizer follows it: every sh block run as
written, in order, in a scratch folder (tests/support/doc_commands.py: the
servers it starts, the competitors' tokens from the import's tokens.csv, a
real PostgreSQL for the blocks on PostgreSQL); then what those commands
should have left: the sample it shows equal to the file, the two
competitors who played on the leaderboard, every
ranked run's replay downloaded after the close, the audit's rebuilt maze,
and nothing that `git add -A` would commit.
Usage: competition_doc_test.py BUILD_DIR SOURCE_DIR"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import scratch  # noqa: E402
from doc_commands import DocRunner  # noqa: E402

build, source = sys.argv[1], sys.argv[2]
if shutil.which("curl") is None:
    sys.exit("FAIL: curl is missing (scripts/deps.sh installs it)")
work = scratch.folder("ariadne-competition-doc-")
problems = []
with open(os.path.join(work, "output.txt"), "w") as log:
    runner = DocRunner("docs/competition.md", work, build, source, log).run()
    try:
        output = open(log.name, errors="replace").read()
        # The sample the guide shows is the file it runs.
        with open(os.path.join(source, "docs", "competition.md")) as f:
            guide = f.read()
        shown = guide.split("`docker/competition.json` is a sample:\n\n```json\n", 1)[1]
        with open(os.path.join(source, "docker", "competition.json")) as f:
            if json.loads(shown.split("```", 1)[0]) != json.load(f):
                problems.append("the guide's docker/competition.json is not the file")
        for expected in ("state: open", "reliable: the totals rank", "ok\n",
                         '"state":"closed"'):
            if expected not in output:
                problems.append(f"no {expected!r} in what the commands printed")
        with open(os.path.join(work, "leaderboard.csv")) as f:
            board = f.read()
        for name in ("carol", "dave"):
            if name not in board:
                problems.append(f"{name} is not on the exported leaderboard:\n{board}")
        runs = subprocess.run([os.path.join(build, "tools", "ariadne-admin"), "--db",
                               os.path.join(work, "cup.db"), "export-runs", "--format", "json"],
                              capture_output=True, text=True, check=True)
        numbers = sorted(r["run"] for r in json.loads(runs.stdout))
        saved = sorted(int(name[:-5]) for name in os.listdir(os.path.join(work, "replays")))
        if not numbers or saved != numbers:
            problems.append(f"{len(saved)} replays saved for {len(numbers)} ranked runs")
        # What the commands wrote is all ignored by the repository's .gitignore.
        shutil.copy(os.path.join(source, ".gitignore"), work)
        subprocess.run(["git", "init", "-q", "."], cwd=work, check=True)
        with open(os.path.join(work, ".git", "info", "exclude"), "w") as f:
            f.write("/clients\n/docker\n/docs\n/output.txt\n/.gitignore\n")
        left = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                              cwd=work, capture_output=True, text=True, check=True).stdout
        if left.strip():
            problems.append(f"the commands leave files .gitignore misses:\n{left}")
    finally:
        runner.stop()
print(f"{runner.ran} blocks run, {len(runner.skipped)} marked not run:")
for line, why in runner.skipped:
    print(f"  line {line}: {why}")
for p in problems:
    print("FAIL:", p)
scratch.finish(not problems)
sys.exit(1 if problems else 0)
