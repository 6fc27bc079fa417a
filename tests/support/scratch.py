"""A test's scratch folders: made under the temporary folder, removed when the
test ends well, kept (their paths printed) when it fails, so that its logs
and databases can be read.

    folder = scratch.folder("ariadne-crash-")
    ...
    checks.finish()      # removes them when every check passed

A test without Checks calls scratch.finish(passed) itself. A test that dies
of an exception leaves them, as a failing one does.
"""
import shutil
import tempfile

_folders = []


def folder(prefix="ariadne-"):
    """A new empty folder, removed by finish(True)."""
    path = tempfile.mkdtemp(prefix=prefix)
    _folders.append(path)
    return path


def finish(passed):
    """Removes every folder made so far if passed, else prints where they are."""
    while _folders:
        path = _folders.pop()
        if passed:
            shutil.rmtree(path, ignore_errors=True)
        else:
            print("kept for a look:", path)
