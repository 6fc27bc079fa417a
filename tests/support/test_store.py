"""Where a test's competition database lives: a SQLite file in the test's
folder, or, with ARIADNE_TEST_STORE=postgresql, a new database on a real
PostgreSQL (tests/support/postgres.py) that the test process starts once and
stops at exit. The competition tests run both ways (CTest's *_on_postgresql).

    from test_store import stores
    db = stores.fresh(folder, "cup")  # --db for the server and ariadne-admin
"""
import atexit
import os
import subprocess

from postgres import Postgres


class Stores:
    def __init__(self):
        self.kind = os.environ.get("ARIADNE_TEST_STORE", "sqlite")
        if self.kind not in ("sqlite", "postgresql"):
            raise SystemExit(f"ARIADNE_TEST_STORE={self.kind}: sqlite or postgresql")
        self.pg = None
        self.made = 0

    def postgres(self):
        """The tests' PostgreSQL, started at the first call."""
        if self.pg is None:
            self.pg = Postgres()
            self.pg.start()
            atexit.register(self.pg.close)
        return self.pg

    def fresh(self, folder, name):
        """A new, empty database's --db: FOLDER/NAME.db, or a PostgreSQL database."""
        if self.kind == "sqlite":
            return os.path.join(folder, name + ".db")
        self.made += 1
        return self.postgres().database(f"{name}_{self.made}".lower())

    def contents(self, db):
        """Every byte the store holds (the file and its WAL, or a dump), to
        look for what must never be stored."""
        if self.kind == "sqlite":
            stored = b""
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(db + suffix):
                    with open(db + suffix, "rb") as f:
                        stored += f.read()
            return stored
        return subprocess.run([os.path.join(self.pg.bin, "pg_dump"), "-d", db], check=True,
                              capture_output=True).stdout


stores = Stores()
