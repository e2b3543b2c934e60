#!/usr/bin/env python3
"""The Ansible collection (ansible/) end to end with the real ansible-playbook.

Two managed nodes are throwaway sshds on 127.0.0.1 (tools/test-host), reached
by Ansible over ssh (ansible_connection=ssh). Each node's sshd sets its own HOME
(a temp dir) and a PATH holding the ssh-tune under test (`SetEnv`), so each node
has its own ~/.ssh/config, cache and Ansible temp files, like a separate machine.
Each node tunes two targets: `fast` (a third throwaway sshd) and `down` (a closed
port). The nodes run one after another (forks 1): here they share one machine's
CPU, and their trials would disturb each other. The example playbook
ansible/playbook.yml runs:

  1. --check --diff: the diff is shown, no node file changes (bytes and mtimes);
  2. the first run: the tuning task is changed on both nodes, `down` fails for
     itself only, the fleet report lists all four pairs;
  3. the second run: nothing changed;
  4. ssh_tune_state=absent: every node's config is byte-identical to before.
Then the module's failures: ssh-tune missing, and ssh-tune too old.

Usage: fleet_playbook_test.py SSH_TUNE_BINARY   (exit 77 = skipped, with the reason)
"""
import json
import os
import pwd
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEST_HOST = os.path.join(ROOT, "tools", "test-host")
SKIP = 77
TUNE_TASK = "Measure and tune this node's SSH paths to its targets"
failures = []
last_output = [""]  # the latest command's output, shown once with its first failed check


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)
        print(last_output[0])
        last_output[0] = ""


def start_host(directory, *sshd_lines):
    subprocess.run([TEST_HOST, "start", directory, *sshd_lines], check=True, stdout=subprocess.DEVNULL)
    config = open(os.path.join(directory, "home", ".ssh", "config")).read()
    return int(re.search(r"^\s*Port (\d+)$", config, re.M).group(1))


def closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def node_config(target_dir, target_port, down_port):
    user = pwd.getpwuid(os.getuid()).pw_name
    return (f"# this node's own ssh configuration\n"
            f"Host fast\n    HostName 127.0.0.1\n    Port {target_port}\n    User {user}\n"
            f"    IdentityFile {target_dir}/home/.ssh/id_ed25519\n    IdentitiesOnly yes\n"
            f"    UserKnownHostsFile {target_dir}/home/.ssh/known_hosts\n\n"
            f"Host down\n    HostName 127.0.0.1\n    Port {down_port}\n    ConnectTimeout 3\n")


def inventory(nodes):
    hosts = {}
    for name, directory, port in nodes:
        home = os.path.join(directory, "home")
        hosts[name] = {
            "ansible_host": "127.0.0.1", "ansible_port": port,
            "ansible_ssh_private_key_file": f"{home}/.ssh/id_ed25519",
            "ansible_ssh_common_args": f"-F /dev/null -o IdentitiesOnly=yes -o StrictHostKeyChecking=yes "
                                       f"-o UserKnownHostsFile={home}/.ssh/known_hosts",
        }
    return {"ssh_tune_sources": {"hosts": hosts, "vars": {
        "ansible_connection": "ssh", "ansible_user": pwd.getpwuid(os.getuid()).pw_name,
        "ansible_python_interpreter": "/usr/bin/python3",
        "ssh_tune_targets": ["fast", "down"], "ssh_tune_budget": 3}}}


class Ansible:
    """ansible-playbook / ansible with the controller's HOME and temp dirs inside `work`."""

    def __init__(self, work, inventory_path, report_dir):
        controller = os.path.join(work, "controller")
        os.makedirs(os.path.join(controller, "tmp"))
        config = os.path.join(controller, "ansible.cfg")  # empty: no ansible.cfg of the machine or the user applies
        open(config, "w").close()
        self.inventory, self.report_dir, self.cwd = inventory_path, report_dir, controller
        self.env = dict(os.environ, HOME=controller, ANSIBLE_CONFIG=config,
                        ANSIBLE_COLLECTIONS_PATH=os.path.join(ROOT, "ansible"),
                        ANSIBLE_LOCAL_TEMP=os.path.join(controller, "tmp"), ANSIBLE_SSH_ARGS="-o ControlMaster=no",
                        ANSIBLE_PIPELINING="True", ANSIBLE_NOCOLOR="1", ANSIBLE_RETRY_FILES_ENABLED="False",
                        ANSIBLE_DEPRECATION_WARNINGS="False", ANSIBLE_FORKS="1")
        for name in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "ANSIBLE_HOME"):
            self.env.pop(name, None)

    def run(self, args):
        started = time.monotonic()
        done = subprocess.run(args, cwd=self.cwd, env=self.env, capture_output=True, text=True)
        print(f"-- {' '.join(args[:1] + args[3:])}: rc {done.returncode}, {time.monotonic() - started:.1f} s")
        last_output[0] = done.stdout + done.stderr
        return done.returncode, done.stdout + done.stderr

    def playbook(self, *extra):
        return self.run(["ansible-playbook", "-i", self.inventory, os.path.join(ROOT, "ansible", "playbook.yml"),
                         "-e", f"ssh_tune_report_dir={self.report_dir}", *extra])

    def module(self, node, module_args):
        return self.run(["ansible", "-i", self.inventory, node, "-m", "sshtune.tune.ssh_tune", "-a", module_args])


def task_status(output, task):
    """{node: 'changed'|'ok'|'failed'|...} for the task whose title contains `task`."""
    section = output.split(task, 1)[1].split("\nTASK [", 1)[0].split("\nPLAY RECAP", 1)[0] if task in output else ""
    return dict((m.group(2), m.group(1)) for m in re.finditer(r"^(changed|ok|failed|fatal|skipping): \[(\w+)\]",
                                                                section, re.M))


def recap(output):
    """{node: {'changed': N, 'failed': N, ...}} from PLAY RECAP."""
    return {m.group(1): dict((k, int(v)) for k, v in re.findall(r"(\w+)=(\d+)", m.group(2)))
            for m in re.finditer(r"^(\w+)\s+:\s+(ok=.*)$", output, re.M)}


def read_text(path):
    """The file's text, '' when it does not exist."""
    try:
        with open(path) as f:
            return f.read()
    except FileNotFoundError:
        return ""


def snapshot(paths):
    state = {}
    for path in paths:
        if os.path.exists(path):
            with open(path, "rb") as f:
                state[path] = (f.read(), os.stat(path).st_mtime_ns)
        else:
            state[path] = None
    return state


def node_files(nodes):
    files = []
    for _, directory, _ in nodes:
        files += [os.path.join(directory, "home", ".ssh", "config"), os.path.join(directory, "home", ".ssh",
                                                                                  "ssh-tune.conf")]
    return files


def check_mode(ansible, nodes, pristine):
    rc, out = ansible.playbook("--check", "--diff")
    check(rc == 0, "--check --diff: rc 0")
    check(out.count("+Host fast") == 2 and out.count("+Include ~/.ssh/ssh-tune.conf") == 2,
          "--check --diff: shows both nodes' diff (the block for fast and the Include line)")
    check(task_status(out, TUNE_TASK) == {"node1": "changed", "node2": "changed"}, "--check: would change both nodes")
    check(snapshot(node_files(nodes)) == pristine, "--check: no node file written (bytes and mtimes)")
    check(not os.path.exists(ansible.report_dir), "--check: no report written")
    return out


def first_run(ansible, nodes):
    rc, out = ansible.playbook()
    check(rc == 0, "first run: rc 0 (a down target fails only itself)")
    check(task_status(out, TUNE_TASK) == {"node1": "changed", "node2": "changed"}, "first run: changed on both nodes")
    check("could not measure down: down: " in out, "first run: the unreachable target is warned about")
    for name, directory, _ in nodes:
        managed = read_text(os.path.join(directory, "home", ".ssh", "ssh-tune.conf"))
        check("Host fast\n" in managed and "Host down" not in managed, f"first run: {name} wrote fast only")
    report = json.loads(read_text(os.path.join(ansible.report_dir, "ssh-tune-fleet.json")) or '{"pairs": [], "failed": []}')
    pairs = {(p["source"], p["target"]): p for p in report["pairs"]}
    check(sorted(pairs) == [("node1", "down"), ("node1", "fast"), ("node2", "down"), ("node2", "fast")],
          "report: all four pairs")
    for node in ("node1", "node2"):
        fast, down = pairs.get((node, "fast"), {}), pairs.get((node, "down"), {})
        check(fast.get("ok") is True and bool(fast.get("choice")) and fast.get("compression") in (True, False),
              f"report: {node} -> fast: {fast.get('choice')}, compression {fast.get('compression')}")
        check(isinstance(fast.get("expected_mb_per_s"), (int, float)) and fast["expected_mb_per_s"] > 0,
              f"report: {node} -> fast expected {fast.get('expected_mb_per_s')} MB/s, now "
              f"{fast.get('current_mb_per_s')}, gain {fast.get('gain')}")
        check(down.get("ok") is False and "down" in (down.get("error") or ""),
              f"report: {node} -> down failed: {down.get('error')}")
    check(sorted((f["source"], f["target"]) for f in report["failed"]) == [("node1", "down"), ("node2", "down")],
          "report: the failed pairs")
    markdown = read_text(os.path.join(ansible.report_dir, "ssh-tune-fleet.md"))
    check(len(re.findall(r"^\| node[12] \| (fast|down) \|", markdown, re.M)) == 4, "report: Markdown has four rows")
    print(markdown)


def second_run(ansible, nodes):
    before = snapshot(node_files(nodes))
    rc, out = ansible.playbook()
    check(rc == 0, "second run: rc 0")
    check(task_status(out, TUNE_TASK) == {"node1": "ok", "node2": "ok"}, "second run: the tuning task is not changed")
    check(all(r.get("changed") == 0 for r in recap(out).values()) and len(recap(out)) == 2,
          f"second run: changed=0 everywhere ({recap(out)})")
    check(snapshot(node_files(nodes)) == before, "second run: no node file touched")


def absent_run(ansible, nodes, pristine):
    rc, out = ansible.playbook("-e", "ssh_tune_state=absent")
    check(rc == 0, "state=absent: rc 0")
    check(task_status(out, TUNE_TASK) == {"node1": "changed", "node2": "changed"}, "state=absent: changed on both")
    after = snapshot(node_files(nodes))
    for path, was in pristine.items():
        now = after[path]
        check((was is None and now is None) or (was is not None and now is not None and now[0] == was[0]),
              f"state=absent: {path.split('/')[-3]}/{os.path.basename(path)} byte-identical to before")


def module_failures(ansible, work):
    rc, out = ansible.module("node1", "targets=fast binary=/nonexistent/ssh-tune")
    check(rc != 0 and "ssh-tune not found on this node" in out, "missing ssh-tune: failed with a clear msg")
    old = os.path.join(work, "old-ssh-tune")
    with open(old, "w") as script:
        script.write('#!/bin/sh\n[ "$1" = --version ] && echo "ssh-tune 0.0.9" && exit 0\n'
                     'echo "usage: ssh-tune host HOST [--budget SEC]"\n')
    os.chmod(old, 0o755)
    rc, out = ansible.module("node1", f"targets=fast binary={old}")
    check(rc != 0 and "ssh-tune 0.0.9" in out and "too old" in out, "old ssh-tune: failed with a clear msg")


def documented(ansible):
    rc, out = ansible.run(["ansible-doc", "sshtune.tune.ssh_tune"])
    check(rc == 0 and "targets" in out and "accept_new" in out and "RETURN VALUES" in out,
          "ansible-doc shows the module's documentation")


def skip_reason():
    if not shutil.which("ansible-playbook"):
        return "ansible-playbook is not installed (tools/install-deps installs ansible-core)"
    if os.geteuid() != 0:
        return "tools/test-host needs root for sshd's privilege separation directory"
    return None


def run(binary, work):
    started = time.monotonic()
    bin_dir = os.path.join(work, "bin")
    os.makedirs(bin_dir)
    os.symlink(os.path.abspath(binary), os.path.join(bin_dir, "ssh-tune"))  # "installed" on each node's PATH
    target_dir = os.path.join(work, "target")
    target_port = start_host(target_dir)
    down = closed_port()
    nodes = []
    for name in ("node1", "node2"):
        directory = os.path.join(work, name)
        port = start_host(directory, f"SetEnv HOME={directory}/home PATH={bin_dir}:/usr/bin:/bin")
        nodes.append((name, directory, port))
        with open(os.path.join(directory, "home", ".ssh", "config"), "w") as config:
            config.write(node_config(target_dir, target_port, down))
    inventory_path = os.path.join(work, "inventory.yml")
    with open(inventory_path, "w") as out:
        json.dump(inventory(nodes), out)
    ansible = Ansible(work, inventory_path, os.path.join(work, "report"))
    pristine = snapshot(node_files(nodes))
    check_mode(ansible, nodes, pristine)
    first_run(ansible, nodes)
    second_run(ansible, nodes)
    absent_run(ansible, nodes, pristine)
    module_failures(ansible, work)
    documented(ansible)
    print(f"ansible fleet test: {time.monotonic() - started:.1f} s wall")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 64
    reason = skip_reason()
    if reason:
        print(f"SKIP: {reason}")
        return SKIP
    work = tempfile.mkdtemp(prefix="ssh-tune-ansible-")
    try:
        run(sys.argv[1], work)
    finally:
        for name in ("target", "node1", "node2"):
            if os.path.isdir(os.path.join(work, name)):
                subprocess.run([TEST_HOST, "stop", os.path.join(work, name)])
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print(f"{len(failures)} check(s) failed:\n  " + "\n  ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
