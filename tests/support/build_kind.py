"""What kind of build a test runs against. A build configured with the
sanitizers (the asan preset) runs its programs several times slower and
with other memory figures: the scenarios that bound times stretch their
bounds by `slowdown(build)` there, and skip what measures memory. The
issues' figures are held in the ci preset, where the factor is 1."""
import os


def sanitized(build):
    """Was BUILD configured with ARIADNE_SANITIZE?"""
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            return any(line.strip() == "ARIADNE_SANITIZE:BOOL=ON" for line in f)
    except OSError:
        return False


def slowdown(build):
    """How much longer a scenario may wait on BUILD's programs."""
    return 3 if sanitized(build) else 1
