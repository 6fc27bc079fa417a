"""The checks of a scripted scenario: each one counted, a failure printed at
once (and kept going), one summary line and the exit code at the end.

    checks = Checks()            # Checks(verbose=True) also prints "ok: " lines
    check = checks.check
    check(reply["code"] == "bad_json", "bad json")
    checks.check_eq(result["steps"], steps, "the server counts my steps")
    checks.finish("the spectator stream keeps its promises")   # exits 0 or 1

finish() also removes the test's scratch folders (tests/support/scratch.py)
when every check passed, and keeps them when one failed.
"""
import sys

import scratch


class Checks:
    """Counts passed and failed checks of one scenario."""

    def __init__(self, verbose=False):
        self.verbose = verbose
        self.passed = 0
        self.failures = []

    def check(self, condition, what):
        """Records one check; prints what on failure (and on success when
        verbose). Returns the condition, so a scenario can skip what depends on it."""
        if condition:
            self.passed += 1
            if self.verbose:
                print("ok:", what)
        else:
            self.failures.append(what)
            print("FAIL:", what)
        return bool(condition)

    def check_eq(self, got, wanted, what):
        """A check that got == wanted; a failure shows both."""
        return self.check(got == wanted, f"{what}: got {got!r}, wanted {wanted!r}")

    def fail(self, what):
        """A check that failed outright."""
        return self.check(False, what)

    @property
    def failed(self):
        return len(self.failures)

    def summary(self):
        return f"{self.passed} passed, {self.failed} failed"

    def finish(self, note=None):
        """Prints note (on success) and the summary line; exits 1 if a check
        failed, else 0."""
        if note and not self.failures:
            print(note)
        scratch.finish(not self.failures)
        print(self.summary())
        sys.exit(1 if self.failures else 0)
