"""A throwaway certificate authority for the TLS tests, made with Debian's
openssl: a CA, server certificates signed by it (for localhost and
127.0.0.1, or another name, or already expired), and a second CA nobody
trusts. Everything lives in one scratch folder (removed when the test
passes: tests/support/scratch.py).

    pki = Pki()                       # ca.pem, a CA valid for two days
    cert, key = pki.server("good")    # localhost, 127.0.0.1, ::1
    pki.server("expired", expired=True)
    pki.server("wrongname", names=["elsewhere.example"])
    pki.other_ca_server("stranger")   # signed by a CA the clients do not trust
    pki.spki_sha256(pki.ca)           # what Chromium's --ignore-certificate-errors-spki-list takes
"""
import base64
import hashlib
import os
import subprocess

import scratch


def _openssl(*args, cwd):
    done = subprocess.run(["openssl", *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"FAIL: openssl {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


class Pki:
    def __init__(self, folder=None):
        self.folder = folder or scratch.folder("ariadne-pki-")
        self.ca = self._make_ca("ca", "Ariadne test CA")
        self._other = None

    def path(self, name):
        return os.path.join(self.folder, name)

    def _make_ca(self, name, subject):
        _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{name}.key",
                 "-out", f"{name}.pem", "-days", "2", "-subj", f"/CN={subject}",
                 "-addext", "basicConstraints=critical,CA:TRUE",
                 "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=self.folder)
        # openssl ca's bookkeeping, for certificates with chosen dates.
        os.makedirs(self.path(f"{name}.db"), exist_ok=True)
        open(self.path(f"{name}.db/index.txt"), "w").close()
        with open(self.path(f"{name}.db/serial"), "w") as f:
            f.write("1000\n")
        return self.path(f"{name}.pem")

    def server(self, name, names=("localhost", "127.0.0.1", "::1"), expired=False, ca="ca"):
        """Makes NAME.pem (the certificate, then the CA: a full chain) and
        NAME.key; returns their paths."""
        alt = ",".join(("IP:" if _is_ip(n) else "DNS:") + n for n in names)
        _openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{name}.key", "-out",
                 f"{name}.csr", "-subj", f"/CN={names[0]}", cwd=self.folder)
        with open(self.path(f"{name}.cnf"), "w") as f:
            f.write(f"""[ca]
default_ca = here
[here]
dir = {self.path(ca + '.db')}
database = $dir/index.txt
serial = $dir/serial
new_certs_dir = $dir
certificate = {self.path(ca + '.pem')}
private_key = {self.path(ca + '.key')}
default_md = sha256
policy = anything
unique_subject = no
copy_extensions = none
x509_extensions = leaf
[anything]
commonName = supplied
[leaf]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = {alt}
""")
        dates = (["-startdate", "20200101000000Z", "-enddate", "20200201000000Z"] if expired
                 else ["-days", "2"])
        _openssl("ca", "-batch", "-config", f"{name}.cnf", "-in", f"{name}.csr", "-out",
                 f"{name}.leaf.pem", "-notext", *dates, cwd=self.folder)
        with open(self.path(f"{name}.pem"), "w") as chain:
            for part in (f"{name}.leaf.pem", f"{ca}.pem"):
                with open(self.path(part)) as f:
                    chain.write(f.read())
        return self.path(f"{name}.pem"), self.path(f"{name}.key")

    def other_ca_server(self, name):
        """A server certificate for localhost from a CA nobody trusts."""
        if self._other is None:
            self._other = self._make_ca("other", "Someone else's CA")
        return self.server(name, ca="other")

    def serial(self, cert):
        """The certificate's serial number, as openssl prints it (hex)."""
        out = _openssl("x509", "-in", cert, "-noout", "-serial", cwd=self.folder)
        return out.strip().split("=", 1)[1].upper()

    def spki_sha256(self, cert):
        """The base64 SHA-256 of the certificate's SubjectPublicKeyInfo (DER):
        `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der |
        openssl dgst -sha256 -binary | base64`, what Chromium's
        --ignore-certificate-errors-spki-list names a key by."""
        pem = _openssl("x509", "-in", cert, "-pubkey", "-noout", cwd=self.folder)
        done = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=pem.encode(),
                              capture_output=True)
        if done.returncode != 0 or not done.stdout:
            why = done.stderr.decode().strip()
            raise SystemExit(f"FAIL: openssl pkey -pubin -outform der: {why}")
        return base64.b64encode(hashlib.sha256(done.stdout).digest()).decode()


def _is_ip(name):
    return name.replace(".", "").isdigit() or ":" in name
