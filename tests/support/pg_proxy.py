"""A TCP proxy in front of PostgreSQL for the store's fault tests: it passes
every byte both ways until told to fail one way.

- cut_after_commit(statement): once, on the first connection whose
  transaction executed the prepared statement `statement` (its name in a
  Bind message), the COMMIT is passed to PostgreSQL and the connection cut
  at once: PostgreSQL commits, the server never hears that it did (a lost
  COMMIT answer).
- blackhole(True): bytes are read and held, nothing is passed either way,
  as a database in failover behind a proxy that still accepts them;
  blackhole(False) passes what was held and goes on.
Bound to 127.0.0.1; stopped with close()."""
import select
import socket
import threading

COMMIT = b"Q\x00\x00\x00\x0bCOMMIT\x00"  # a simple query: type, length, text


class PgProxy:
    def __init__(self, target_port):
        self.target_port = target_port
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.armed = None  # the statement whose transaction's COMMIT is cut
        self.cuts = 0
        self.held = threading.Event()  # set: blackholed
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def uri(self, pg_uri):
        """pg_uri with this proxy's port in place of PostgreSQL's."""
        return pg_uri.replace(f":{self.target_port}/", f":{self.port}/")

    def cut_after_commit(self, statement):
        with self.lock:
            self.armed = statement.encode() + b"\x00"

    def blackhole(self, on):
        if on:
            self.held.set()
        else:
            self.held.clear()

    def close(self):
        self.closed = True
        self.listener.close()

    def _accept(self):
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                client.close()
                continue
            threading.Thread(target=self._pump, args=(client, server), daemon=True).start()

    def _pump(self, client, server):
        seen = b""  # what the client sent since its last COMMIT (its tail)
        ran_armed = False
        pending = {client: b"", server: b""}  # held while blackholed, by source
        try:
            while not self.closed:
                ready, _, _ = select.select([client, server], [], [], 0.1)
                for source in ready:
                    data = source.recv(65536)
                    if not data:
                        return
                    pending[source] += data
                if self.held.is_set():
                    continue
                for source, sink in ((client, server), (server, client)):
                    data, pending[source] = pending[source], b""
                    if not data:
                        continue
                    if source is not client:
                        sink.sendall(data)
                        continue
                    seen = (seen + data)[-4096:]
                    with self.lock:
                        armed = self.armed
                    if armed and armed in seen:
                        ran_armed = True
                    if ran_armed and COMMIT in data:
                        with self.lock:
                            if self.armed == armed:
                                self.armed = None
                                self.cuts += 1
                                sink.sendall(data)
                                return  # PostgreSQL commits; its answer is lost
                    if COMMIT in data:
                        seen = b""
                        ran_armed = False
                    sink.sendall(data)
        except OSError:
            pass
        finally:
            client.close()
            server.close()
