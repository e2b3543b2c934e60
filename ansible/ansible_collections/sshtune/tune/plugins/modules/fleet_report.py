#!/usr/bin/python
# -*- coding: utf-8 -*-
"""Ansible module: one fleet report (Markdown and JSON) from every node's ssh_tune result."""

from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r"""
---
module: fleet_report
short_description: Write one report of every source → target verdict of a fleet
version_added: "0.1.0"
description:
  - Takes the registered results of M(sshtune.tune.ssh_tune) from every node (usually run once,
    delegated to the controller) and writes one report in Markdown and in JSON, with a table per
    source → target pair with the chosen cipher, compression, the expected and the current
    steady speed (one session streaming steadily, not a whole copy) and the gain, and a list of the pairs and nodes that failed.
  - The report holds nothing that changes between two runs with the same verdicts, so
    C(changed) is true only when a verdict changed.
  - In check mode nothing is written; C(changed) says whether a file would change.
options:
  sources:
    description: The nodes, in the order of C(results) (e.g. C(ansible_play_hosts_all)).
    type: list
    elements: str
    required: true
  results:
    description:
      - The registered ssh_tune result of each node in C(sources); a node without one (it
        failed before, or was unreachable) may pass an empty dict.
    type: list
    elements: raw
    required: true
  markdown_dest:
    description: Where to write the Markdown report.
    type: path
    required: true
  json_dest:
    description: Where to write the JSON report.
    type: path
    required: true
author:
  - ssh-tune developers
"""

EXAMPLES = r"""
- name: One report for the whole fleet, on the controller
  sshtune.tune.fleet_report:
    sources: "{{ ansible_play_hosts_all }}"
    results: "{{ ansible_play_hosts_all | map('extract', hostvars) | map(attribute='ssh_tune_result', default={}) | list }}"
    markdown_dest: reports/ssh-tune.md
    json_dest: reports/ssh-tune.json
  delegate_to: localhost
  run_once: true
"""

RETURN = r"""
pairs:
  description: One entry per source → target pair, in node then target order.
  returned: always
  type: list
  elements: dict
  contains:
    source: {description: The node that measured., type: str}
    target: {description: The target as the node named it., type: str}
    ok: {description: Whether the pair was measured., type: bool}
    error: {description: Why not; null when ok., type: str}
    choice: {description: The first recommended cipher., type: str}
    compression: {description: Whether Compression yes is recommended., type: bool}
    bottleneck: {description: cpu, link or window., type: str}
    expected_mb_per_s: {description: Expected steady MB/s of one session with the recommendation., type: float}
    current_mb_per_s: {description: Steady MB/s of one session with the configuration before., type: float}
    gain: {description: expected / current., type: float}
failed_pairs:
  description:
    - The pairs and nodes that failed, each with source, target and error (target null for a whole node).
    - The JSON report holds the same list under C(failed).
  returned: always
  type: list
  elements: dict
"""

import json
import os

from ansible.module_utils.basic import AnsibleModule

PAIR_FIELDS = ("choice", "compression", "bottleneck", "expected_mb_per_s", "current_mb_per_s", "gain")


def node_pairs(source, result):
    """The pairs one node measured, or one failed entry when the node's task itself failed."""
    if not isinstance(result, dict) or "results" not in result:
        message = result.get("msg") if isinstance(result, dict) else None
        return [], [{"source": source, "target": None, "error": message or "no ssh_tune result from this node"}]
    pairs, failed = [], []
    for entry in result["results"]:
        pair = {"source": source, "target": entry["target"], "ok": entry["ok"], "error": entry.get("error")}
        pair.update((field, entry.get(field)) for field in PAIR_FIELDS)
        pairs.append(pair)
        if not entry["ok"]:
            failed.append({"source": source, "target": entry["target"], "error": entry.get("error")})
    return pairs, failed


def speed(value):
    return "?" if value is None else ("%.0f MB/s" % value if value >= 10 else "%.1f MB/s" % value)


def cell(text):
    return str(text).replace("|", "\\|")


def markdown(pairs, failed):
    lines = ["# ssh-tune fleet report", "",
             "| source | target | choice | compression | bottleneck | steady | steady now | gain |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for p in pairs:
        if p["ok"]:
            gain = "-" if p["gain"] is None else "%.2fx" % p["gain"]
            row = [p["source"], p["target"], p["choice"], "yes" if p["compression"] else "no", p["bottleneck"],
                   speed(p["expected_mb_per_s"]), speed(p["current_mb_per_s"]), gain]
        else:
            row = [p["source"], p["target"], "failed", "", "", "", "", ""]
        lines.append("| " + " | ".join(cell(c) for c in row) + " |")
    lines += ["", "## Failed", ""]
    lines += ["- %s → %s: %s" % (f["source"], f["target"] or "(node)", f["error"]) for f in failed] or ["none"]
    return "\n".join(lines) + "\n"


def write_if_changed(module, path, text):
    """True when `path` does not hold `text` yet; writes it unless in check mode."""
    try:
        with open(path) as existing:
            if existing.read() == text:
                return False
    except (IOError, OSError):
        pass
    if not module.check_mode:
        directory = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(directory):
            os.makedirs(directory)
        temp = path + ".tmp"
        with open(temp, "w") as out:
            out.write(text)
        module.atomic_move(temp, path)
    return True


def main():
    module = AnsibleModule(
        argument_spec=dict(
            sources=dict(type="list", elements="str", required=True),
            results=dict(type="list", elements="raw", required=True),
            markdown_dest=dict(type="path", required=True),
            json_dest=dict(type="path", required=True),
        ),
        supports_check_mode=True,
    )
    sources, results = module.params["sources"], module.params["results"]
    if len(sources) != len(results):
        module.fail_json(msg="sources has %d nodes but results %d" % (len(sources), len(results)))
    pairs, failed = [], []
    for source, result in zip(sources, results):
        node, node_failed = node_pairs(source, result)
        pairs += node
        failed += node_failed
    report = {"pairs": pairs, "failed": failed}
    changed = write_if_changed(module, module.params["json_dest"], json.dumps(report, indent=2, sort_keys=True) + "\n")
    changed = write_if_changed(module, module.params["markdown_dest"], markdown(pairs, failed)) or changed
    module.exit_json(changed=changed, pairs=pairs, failed_pairs=failed,
                     msg="%d pairs, %d failed" % (len(pairs), len(failed)))


if __name__ == "__main__":
    main()
