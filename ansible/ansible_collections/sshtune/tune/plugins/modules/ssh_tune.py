#!/usr/bin/python
# -*- coding: utf-8 -*-
"""Ansible module: run the installed ssh-tune on a managed node against its targets."""

from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r"""
---
module: ssh_tune
short_description: Measure and tune SSH ciphers and compression from this node to its targets
version_added: "0.1.0"
description:
  - Runs the C(ssh-tune) installed on the managed node against each of C(targets), one
    target after another (their trials share the node's CPU), and writes every successful
    target's ranked C(Ciphers) and C(Compression) into the node's ssh_config in one locked,
    verified edit (C(ssh-tune host --hosts FILE --write)).
  - The measured answer belongs to the pair (this node, the target), so each node measures its
    own paths; run it on the sources of your transfers (backup clients, login nodes).
  - A target that cannot be measured (unreachable, refused host key, timeout) is reported in
    C(failed_targets) and C(results) with its error, and a warning; the other targets are
    still tuned and the task does not fail. To make it fatal, register the result and add
    C(failed_when) with C(result.failed_targets | length > 0).
  - C(changed) is true only when a file changed. A second run with the same parameters reuses
    the cached measurement (younger than a week) and changes nothing.
  - In check mode the module runs C(ssh-tune host --dry-run) (or C(revert --dry-run)) and
    returns the unified diff in C(diff); nothing is written on the node.
  - With C(state=absent) the blocks ssh-tune wrote for the targets are removed
    (C(ssh-tune revert)); once no block is left the configuration is byte for byte what it was.
  - Fails with a clear message when ssh-tune is not installed or too old (before fleet runs).
options:
  targets:
    description:
      - The hosts to measure from this node, each an ssh_config alias or C([user@]host[:port]),
        resolved through the node's ssh configuration as ssh would.
    type: list
    elements: str
    required: true
  sample:
    description:
      - A file or directory (16 MiB at most) on the node whose data decides compression
        (C(--sample)); the built-in mixed corpus otherwise.
    type: path
  budget:
    description:
      - Seconds of trials per target (C(--budget)), between 0 and 600.
    type: float
    default: 5
  fresh:
    description:
      - Measure again even when the node's cache holds a fresh result (C(--fresh)).
    type: bool
    default: false
  accept_new:
    description:
      - Accept and record an unknown host key of a target (C(--accept-new)); a changed key is
        always refused.
    type: bool
    default: false
  state:
    description:
      - C(present) measures and writes the recommendations; C(absent) removes what ssh-tune
        wrote for C(targets) (C(ssh-tune revert)).
    type: str
    choices: [present, absent]
    default: present
  config:
    description:
      - The ssh configuration file to read and edit (C(-F)); the remote user's C(~/.ssh/config)
        otherwise.
    type: path
  binary:
    description:
      - The ssh-tune program, a name looked up in the remote PATH or an absolute path.
    type: str
    default: ssh-tune
notes:
  - The manual page ssh-tune(1) describes the command this module runs.
  - Needs ssh-tune on the managed node (C(ssh-tune host --hosts), version 0.1.0 or later).
  - Supports check mode and diff mode.
author:
  - ssh-tune developers
"""

EXAMPLES = r"""
- name: Tune this node's paths to the storage box and the archive
  sshtune.tune.ssh_tune:
    targets:
      - storage
      - backup@archive.example.org:2222
    budget: 5
  register: tuned

- name: Show what would change, write nothing
  sshtune.tune.ssh_tune:
    targets: [storage]
  check_mode: true
  diff: true

- name: Remove what ssh-tune wrote
  sshtune.tune.ssh_tune:
    targets: [storage, backup@archive.example.org:2222]
    state: absent
"""

RETURN = r"""
results:
  description: One entry per target, in the order given.
  returned: always
  type: list
  elements: dict
  contains:
    target:
      description: The target as given.
      type: str
    host:
      description: The alias ssh-tune tuned (the target without user and port).
      type: str
    ok:
      description: Whether the target was measured.
      type: bool
    error:
      description: Why not, one line naming the host; null when C(ok).
      type: str
    choice:
      description: The first recommended cipher.
      type: str
    ciphers:
      description: The ranked cipher list written.
      type: list
      elements: str
    compression:
      description: Whether C(Compression yes) is recommended.
      type: bool
    bottleneck:
      description: What limits the transfer, C(cpu), C(link) or C(window).
      type: str
    expected_mb_per_s:
      description: Expected throughput with the recommendation, MB/s.
      type: float
    current_mb_per_s:
      description: Expected throughput with the configuration in effect before, MB/s (null when unknown).
      type: float
    gain:
      description: expected_mb_per_s / current_mb_per_s (null when unknown).
      type: float
    from_cache:
      description: Whether the node's cached measurement was reused.
      type: bool
  sample:
    - {target: storage, host: storage, ok: true, error: null, choice: aes128-gcm@openssh.com,
       ciphers: [aes128-gcm@openssh.com, aes256-gcm@openssh.com], compression: false, bottleneck: cpu,
       expected_mb_per_s: 330.0, current_mb_per_s: 240.0, gain: 1.38, from_cache: false}
failed_targets:
  description: The targets that could not be measured.
  returned: always
  type: list
  elements: str
verdicts:
  description: ssh-tune's own JSON per target (C(ssh-tune host --json)), plus C(error).
  returned: when C(state=present)
  type: list
  elements: dict
version:
  description: The ssh-tune version that ran.
  returned: when ssh-tune was found
  type: str
"""

import json
import os
import re
import tempfile

from ansible.module_utils.basic import AnsibleModule

REQUIRED_FLAG = "--hosts"  # fleet runs: the first ssh-tune this module can drive
VERSION_LINE = re.compile(r"^ssh-tune (\S+)$")


def find_binary(module):
    """The ssh-tune path, or fail_json naming what was looked for."""
    name = module.params["binary"]
    if os.path.isabs(name):
        path = name if os.access(name, os.X_OK) else None
    else:
        path = module.get_bin_path(name)
    if not path:
        module.fail_json(msg="ssh-tune not found on this node (looked for '%s' in PATH %s); install ssh-tune 0.1.0 "
                             "or later, or set binary" % (name, os.environ.get("PATH", "")))
    return path


def check_version(module, binary):
    """ssh-tune's version; fail_json when it is not ssh-tune or predates fleet runs."""
    rc, out, err = module.run_command([binary, "--version"])
    # The first line is "ssh-tune X.Y.Z"; the lines after it name the libraries and the local ssh.
    match = VERSION_LINE.match(out.strip().splitlines()[0] if out.strip() else "")
    if rc != 0 or not match:
        module.fail_json(msg="%s is not a working ssh-tune (--version: rc %d, %s)" % (binary, rc, (out + err).strip()))
    version = match.group(1)
    rc, out, err = module.run_command([binary, "host", "--help"])
    if rc != 0 or REQUIRED_FLAG not in out:
        module.fail_json(msg="ssh-tune %s at %s is too old: this module needs fleet runs (ssh-tune host --hosts "
                             "FILE), ssh-tune 0.1.0 or later" % (version, binary), version=version)
    return version


def host_of(target):
    """The alias in '[user@]host[:port]' or '[user@][v6address]:port'."""
    host = target.rsplit("@", 1)[-1]
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.split(":", 1)[0] if host.count(":") == 1 else host


def common_flags(params):
    flags = []
    if params["config"]:
        flags += ["-F", params["config"]]
    return flags


def host_flags(params, fresh):
    flags = ["--json", "--budget", repr(float(params["budget"]))] + common_flags(params)
    if params["sample"]:
        flags += ["--sample", params["sample"]]
    if fresh:
        flags.append("--fresh")
    if params["accept_new"]:
        flags.append("--accept-new")
    return flags


def diff_in(text):
    """The unified diff in ssh-tune's report text ('' when nothing would change)."""
    lines = text.splitlines(True)
    for index, line in enumerate(lines):
        if line.startswith("--- "):
            return "".join(lines[index:])
    return ""


def run_hosts(module, binary, targets, mode, fresh):
    """`ssh-tune host --hosts FILE --json --MODE`: (verdicts, stderr); fail_json when ssh-tune itself failed."""
    with tempfile.NamedTemporaryFile("w", prefix="ssh-tune-targets-", suffix=".txt", delete=False) as hosts:
        hosts.write("".join(target + "\n" for target in targets))
    try:
        command = [binary, "host", "--hosts", hosts.name, mode] + host_flags(module.params, fresh)
        rc, out, err = module.run_command(command)
    finally:
        os.unlink(hosts.name)
    try:
        verdicts = json.loads(out) if rc in (0, 1) and out.strip() else None
    except ValueError:
        verdicts = None
    if not isinstance(verdicts, list):
        module.fail_json(msg="ssh-tune failed (rc %d): %s" % (rc, (err or out).strip()), rc=rc, cmd=command)
    if rc == 1 and all(v.get("error") is None for v in verdicts):
        module.fail_json(msg="ssh-tune could not write: %s" % err.strip(), rc=rc, cmd=command, verdicts=verdicts)
    return verdicts, err


def summary(target, verdict):
    """One results entry from a verdict (ssh-tune's JSON object for the target)."""
    entry = {"target": target, "host": host_of(target), "ok": verdict is not None and verdict.get("error") is None}
    if verdict is None:
        entry["error"] = "%s: ssh-tune returned no verdict" % target
        return entry
    entry["error"] = verdict.get("error")
    if not entry["ok"]:
        return entry
    recommendation = verdict["recommendation"]
    expected, current = recommendation["expected_mb_per_s"], recommendation["current_mb_per_s"]
    entry.update(choice=(recommendation["ciphers"] or [None])[0], ciphers=recommendation["ciphers"],
                 compression=recommendation["compression"], bottleneck=verdict["link"]["bottleneck"],
                 expected_mb_per_s=expected, current_mb_per_s=current,
                 gain=round(expected / current, 2) if current else None, from_cache=verdict["from_cache"])
    return entry


def summaries(targets, verdicts):
    by_host = {v.get("host"): v for v in verdicts}
    return [summary(target, by_host.get(host_of(target))) for target in targets]


def present(module, binary, targets):
    """Measure (or reuse the cache), then write only when the dry run shows a change:
    (results, verdicts, diff, changed)."""
    verdicts, report = run_hosts(module, binary, targets, "--dry-run", module.params["fresh"])
    diff = diff_in(report)
    results = summaries(targets, verdicts)
    if not diff or module.check_mode:
        return results, verdicts, diff, bool(diff)
    tuned = [r["target"] for r in results if r["ok"]]
    _, written = run_hosts(module, binary, tuned, "--write", False)  # the cache just made: the same decisions
    return results, verdicts, diff, any(line.startswith("wrote ") for line in written.splitlines())


def run_revert(module, binary, hosts, dry_run):
    command = [binary, "revert"] + hosts + common_flags(module.params) + (["--dry-run"] if dry_run else [])
    rc, out, err = module.run_command(command)
    if rc != 0:
        module.fail_json(msg="ssh-tune revert failed (rc %d): %s" % (rc, (err or out).strip()), rc=rc, cmd=command)
    return out


def absent(module, binary, targets):
    hosts = sorted(set(host_of(t) for t in targets), key=[host_of(t) for t in targets].index)
    diff = diff_in(run_revert(module, binary, hosts, True))
    results = [{"target": t, "host": host_of(t), "ok": True, "error": None} for t in targets]
    if not diff or module.check_mode:
        return results, None, diff, bool(diff)
    done = run_revert(module, binary, hosts, False)
    return results, None, diff, any(": updated " in line or ": removed " in line for line in done.splitlines())


def main():
    module = AnsibleModule(
        argument_spec=dict(
            targets=dict(type="list", elements="str", required=True),
            sample=dict(type="path"),
            budget=dict(type="float", default=5),
            fresh=dict(type="bool", default=False),
            accept_new=dict(type="bool", default=False),
            state=dict(type="str", choices=["present", "absent"], default="present"),
            config=dict(type="path"),
            binary=dict(type="str", default="ssh-tune"),
        ),
        supports_check_mode=True,
    )
    targets = list(dict.fromkeys(module.params["targets"]))  # each once, in order
    if not targets:
        module.fail_json(msg="targets is empty: name at least one host to tune")
    binary = find_binary(module)
    version = check_version(module, binary)
    run = present if module.params["state"] == "present" else absent
    results, verdicts, diff, changed = run(module, binary, targets)
    failed_targets = [r["target"] for r in results if not r["ok"]]
    for result in results:
        if not result["ok"]:
            module.warn("ssh-tune could not measure %s: %s" % (result["target"], result["error"]))
    outcome = dict(changed=changed, results=results, failed_targets=failed_targets, version=version,
                   msg="%d of %d targets tuned" % (len(results) - len(failed_targets), len(results)))
    if verdicts is not None:
        outcome["verdicts"] = verdicts
    if module._diff and diff:
        outcome["diff"] = {"prepared": diff}
    module.exit_json(**outcome)


if __name__ == "__main__":
    main()
