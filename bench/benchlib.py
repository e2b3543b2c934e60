"""Shared pieces of the transfer benchmarks: throwaway hosts (tools/test-host),
real OpenSSH transfers timed on the server side, and ssh-tune's own verdict."""
import json
import os
import statistics
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.environ.get("SSHTUNE", os.path.join(ROOT, "build", "ssh-tune"))


class Host:
    """A tools/test-host server: loopback, or shaped to `rate` in a namespace."""

    def __init__(self, rate=None):
        self.dir = tempfile.mkdtemp(prefix="ssh-tune-bench-")
        args = [os.path.join(ROOT, "tools", "test-host"), "start", self.dir]
        if rate:
            args += ["--shaped", rate]
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        self.name = f"shaped {rate}" if rate else "loopback"
        self.config = os.path.join(self.dir, "home", ".ssh", "config")
        self.env = dict(os.environ, HOME=os.path.join(self.dir, "home"),
                        XDG_CACHE_HOME=os.path.join(self.dir, "cache"),
                        XDG_CONFIG_HOME=os.path.join(self.dir, "config"))

    def close(self):
        subprocess.run([os.path.join(ROOT, "tools", "test-host"), "stop", self.dir])
        subprocess.run(["rm", "-rf", self.dir])

    def transfer(self, path, cipher, compression):
        """MB/s of one upload of `path`, timed by the server (handshake excluded)."""
        command = ["ssh", "-F", self.config, "-c", cipher, "-o", f"Compression={compression}",
                   "testhost", "date +%s.%N; cat >/dev/null; date +%s.%N"]
        with open(path, "rb") as data:
            out = subprocess.run(command, stdin=data, capture_output=True, text=True, check=True, env=self.env).stdout
        start, end = (float(x) for x in out.split())
        return os.path.getsize(path) / (end - start) / 1e6

    def median_transfer(self, path, cipher, compression, runs):
        return statistics.median(self.transfer(path, cipher, compression) for _ in range(runs))

    def ssh_tune(self, sample=None, budget=5):
        """ssh-tune host's JSON verdict for this host (always measured afresh)."""
        command = [TOOL, "host", "testhost", "-F", self.config, "--json", "--fresh", "--budget", str(budget)]
        if sample:
            command += ["--sample", sample]
        return json.loads(subprocess.run(command, capture_output=True, text=True, check=True, env=self.env).stdout)


def write_data(path, kind, megabytes):
    """`text` (Zipf words, compresses to about a quarter) or `random` data."""
    import random
    size = int(megabytes * 1e6)
    if kind == "random":
        with open(path, "wb") as out:
            out.write(os.urandom(size))
        return path
    rng = random.Random(7)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9))) for _ in range(3000)]
    chunks, written = [], 0
    while written < size:
        word = words[int(rng.paretovariate(1.2)) % len(words)]
        chunks.append(word)
        written += len(word) + 1
    with open(path, "w") as out:
        out.write(" ".join(chunks)[:size])
    return path


def ssh_ciphers():
    out = subprocess.run(["ssh", "-Q", "cipher"], capture_output=True, text=True, check=True).stdout
    return [c for c in out.split() if "cbc" not in c]
