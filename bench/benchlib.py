"""Shared pieces of the transfer benchmarks: throwaway hosts (tools/test-host),
real OpenSSH transfers timed on the server side, and ssh-tune's own verdict."""
import json
import os
import statistics
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.environ.get("SSHTUNE", os.path.join(ROOT, "build", "ssh-tune"))


# A server whose OpenSSL must not use AES-NI/PCLMULQDQ (as on CPUs without AES hardware).
AES_MASK = "OPENSSL_ia32cap=~0x200000200000000"


class Host:
    """A tools/test-host server: loopback, shaped to `rate` in a namespace, behind a
    `delay` ms relay (RTT about 2 x delay), and/or with `sshd_env` set for sshd;
    or, with `link` (tools/tun-link's shaping, e.g. {"loss": "0.2", "cc": "cubic"}),
    in a namespace behind a lossy TUN link whose one-way delay is `delay`.
    Its sessions start a plain shell (--plain-shell: no rc file, as on a server
    whose login shell starts in milliseconds) unless RC_FILES=1 keeps this
    account's own rc files, whatever they cost per session."""

    def __init__(self, rate=None, delay=None, sshd_env=None, name=None, link=None):
        self.dir = tempfile.mkdtemp(prefix="ssh-tune-bench-")
        args = [os.path.join(ROOT, "tools", "test-host"), "start", self.dir]
        if link is not None:
            args += ["--tun"] + [arg for key, value in link.items() for arg in (f"--{key}", str(value))]
        if rate:
            args += ["--shaped", rate]
        if delay:
            args += ["--delay", str(delay)]
        if sshd_env:
            args += ["--sshd-env", sshd_env]
        if os.environ.get("RC_FILES") != "1":
            args += ["--plain-shell"]
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        self.name = name or (f"shaped {rate}" if rate else f"delayed RTT {2 * delay} ms" if delay else "loopback")
        self.config = os.path.join(self.dir, "home", ".ssh", "config")
        self.env = dict(os.environ, HOME=os.path.join(self.dir, "home"),
                        XDG_CACHE_HOME=os.path.join(self.dir, "cache"),
                        XDG_CONFIG_HOME=os.path.join(self.dir, "config"))

    def close(self):
        subprocess.run([os.path.join(ROOT, "tools", "test-host"), "stop", self.dir])
        subprocess.run(["rm", "-rf", self.dir])

    def ssh_command(self, cipher, compression):
        return ["ssh", "-F", self.config, "-o", "BatchMode=yes", "-c", cipher, "-o", f"Compression={compression}",
                "testhost", "date +%s.%N; cat >/dev/null; date +%s.%N"]

    def transfer(self, path, cipher, compression):
        """MB/s of one upload of `path`, timed by the server (handshake excluded)."""
        with open(path, "rb") as data:
            out = subprocess.run(self.ssh_command(cipher, compression), stdin=data, capture_output=True, text=True,
                                 check=True, env=self.env).stdout
        start, end = (float(x) for x in out.split())
        return os.path.getsize(path) / (end - start) / 1e6

    def parallel_transfer(self, path, cipher, streams):
        """MB/s in aggregate of `streams` concurrent uploads of `path` (each its own ssh), timed by the
        server: all bytes over the span from the first session's start to the last one's end."""
        return self.parallel_copy(path, cipher, streams)[0]

    def parallel_copy(self, path, cipher, streams):
        """(parallel_transfer's MB/s, the whole copy's seconds on this side: from starting the `streams`
        ssh processes, log-in included, to the last one's exit)."""
        return self.concurrent_uploads(path, [self.ssh_command(cipher, "no")] * streams)

    def concurrent_uploads(self, path, commands):
        """Uploads `path` through each of `commands` at once (ssh argvs whose remote command prints the
        server's time before and after `cat >/dev/null`, as ssh_command's): (MB/s in aggregate, all bytes over
        the span from the first start to the last end on the server's clock; seconds on this side from the
        first start to the last exit). Every ssh has ended when it returns or raises."""
        import time
        started = time.monotonic()
        procs = []
        try:
            for command in commands:
                with open(path, "rb") as data:
                    procs.append(subprocess.Popen(command, stdin=data, stdout=subprocess.PIPE, text=True,
                                                  env=self.env))
            outputs = [proc.communicate()[0] for proc in procs]
        finally:
            for proc in procs:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
        wall = time.monotonic() - started
        times = []
        for proc, out in zip(procs, outputs):
            stamps = out.split()
            if proc.returncode != 0 or len(stamps) != 2:
                raise RuntimeError(f"ssh exited {proc.returncode} and printed {out!r}")
            times.append((float(stamps[0]), float(stamps[1])))
        span = max(t[1] for t in times) - min(t[0] for t in times)
        return len(commands) * os.path.getsize(path) / max(span, 1e-6) / 1e6, wall

    def transfers(self, path, cipher, compression, runs):
        """`runs` figures of transfer(), in the order measured."""
        return [self.transfer(path, cipher, compression) for _ in range(runs)]

    def scp_transfer(self, path, cipher, compression):
        """MB/s of one `scp -O path host:/dev/null`: scp feeds ssh through a pipe, as sftp and rsync do.
        Timed on this side; the set-up, timed by an `ssh host true` just before, is taken off."""
        import time
        options = ["-F", self.config, "-o", "BatchMode=yes", "-c", cipher, "-o", f"Compression={compression}"]
        start = time.monotonic()
        subprocess.run(["ssh", *options, "testhost", "true"], check=True, env=self.env)
        setup = time.monotonic() - start
        start = time.monotonic()
        subprocess.run(["scp", "-O", "-q", *options, path, "testhost:/dev/null"], check=True, env=self.env)
        return os.path.getsize(path) / max(time.monotonic() - start - setup, 1e-3) / 1e6

    def download(self, megabytes, cipher, compression):
        """MB/s of one `ssh host 'head -c N /dev/zero' > sink`, timed on this side from the first bytes'
        arrival to the last (the handshake and the remote shell's start are not counted)."""
        import time
        size = int(megabytes * 1e6)
        command = ["ssh", "-F", self.config, "-o", "BatchMode=yes", "-c", cipher, "-o", f"Compression={compression}",
                   "testhost", f"head -c {size} /dev/zero"]
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=self.env)
        first = proc.stdout.read1(1 << 20)
        start, received = time.monotonic(), len(first)
        while chunk := proc.stdout.read1(1 << 20):
            received += len(chunk)
        end = time.monotonic()
        if proc.wait() != 0 or received != size:
            raise RuntimeError(f"download of {size} bytes got {received} (status {proc.returncode})")
        return (size - len(first)) / (end - start) / 1e6

    def ssh_tune(self, sample=None, budget=5, direction="upload", size=None, fresh=True):
        """ssh-tune host's JSON verdict for this host (budget None: the default), measured afresh unless
        `fresh` is false (then the cached verdict answers, e.g. for another copy `size` in bytes)."""
        command = [TOOL, "host", "testhost", "-F", self.config, "--json", "--direction", direction]
        if fresh:
            command += ["--fresh"]
        if budget is not None:
            command += ["--budget", str(budget)]
        if sample:
            command += ["--sample", sample]
        if size:
            command += ["--size", str(int(size))]
        run = subprocess.run(command, capture_output=True, text=True, env=self.env)
        if run.returncode != 0:
            raise RuntimeError(f"ssh-tune host exited {run.returncode}: {run.stderr.strip()}")
        return json.loads(run.stdout)


def write_data(path, kind, megabytes):
    """`text` (Zipf words, compresses to about a quarter) or `random` data."""
    import random
    size = int(megabytes * 1e6)
    if kind == "random":
        with open(path, "wb") as out:
            for offset in range(0, size, 64 << 20):  # a chunk at a time: files of gibibytes stay off the heap
                out.write(os.urandom(min(64 << 20, size - offset)))
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


def openssh_figure(verdict, cipher, compression, download=False):
    """The figure `host` reports for one setting from its OpenSSH-client trials (the median of the
    trials of that setting, as `host` keeps them), or None."""
    kind = "download" if download else "upload-zlib-sample" if compression else "upload"
    found = [t["mb_per_s"] for t in verdict["trials"]
             if t.get("client") == "openssh" and t["kind"] == kind and t["cipher"] == cipher]
    return statistics.median(found) if found else None


def whole_copy_figure(verdict, streaming_mb_per_s, megabytes):
    """What `host`'s verdict promises a whole copy of `megabytes` in one new session: the session's start
    (recommendation.session_start_s), then the streaming figure (as ssh-tune's whole_copy_mb_per_s)."""
    start = verdict["recommendation"].get("session_start_s") or 0
    return megabytes / (start + megabytes / streaming_mb_per_s) if streaming_mb_per_s > 0 else 0


def ssh_ciphers():
    out = subprocess.run(["ssh", "-Q", "cipher"], capture_output=True, text=True, check=True).stdout
    return [c for c in out.split() if "cbc" not in c]
