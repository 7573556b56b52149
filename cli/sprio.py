"""``sprio``: the multifactor priority of each pending job, factor by factor.

A read-only command: it opens the store without taking the write lock and never
moves the clock. Only priority/multifactor has factors to show.
"""

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cli._clusters import clusters_ok
from cli._common import comma_list, err, gather, out, parse_args, run
from cli._help import answer_probe, usage_text
from slurmsim.model.digits import is_number
from slurmsim.parse.options import options

if TYPE_CHECKING:
    from slurmsim.model.cluster import ClusterState

PROG = "sprio"

_OPTIONS = options(
    [
        ("noheader", "h", "none"), ("jobs", "j", "optional"), ("long", "l", "none"),
        ("cluster", None, "required", "clusters"), ("clusters", "M", "required"),
        ("norm", "n", "none"), ("format", "o", "required"), ("sort", "S", "required"),
        ("partition", "p", "required"), ("user", "u", "required"),
        ("users", None, "required", "user"), ("verbose", "v", "none"),
        ("version", "V", "none"), ("weights", "w", "none"), ("federation", None, "none"),
        ("help", None, "none"), ("local", None, "none"), ("sib", None, "none", "sibling"),
        ("sibling", None, "none"), ("usage", None, "none"),
    ]
)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: sprio(list(sys.argv[1:] if argv is None else argv)))


def sprio(argv: list[str]) -> int:
    """Parse sprio's options, then print the factors of the jobs they select."""
    pairs, operands = parse_args(PROG, argv, _OPTIONS, stop_at_operand=False, code=1)
    if answer_probe(PROG, (key for key, _ in pairs)):
        return 0
    given, flags = gather(pairs)
    if not clusters_ok(PROG, given.get("clusters", [None])[-1]):
        return 1
    if "jobs" in flags and "jobs" not in given and operands:
        given["jobs"] = [operands.pop(0)]
    for job in comma_list(given.get("jobs", [])):
        if not is_number(job):  # sprio takes whole numbers only (not squeue's 12x)
            err(f"{PROG}: error: Invalid job id: {job}\n")
            return 1
    from slurmsim.api.views import current_state

    state, _ = current_state()
    users = comma_list(given.get("user", []))
    for bad in (u for u in users if u not in state.users):  # said as -u is read
        err(f"{PROG}: error: Invalid user: {bad}\n\n")
    if operands:
        err(f"{PROG}: error: Unrecognized option: {operands[0]}\n")
        out(usage_text(PROG))
        return 1
    if state.config.priority_type != "priority/multifactor":
        err(
            "You are not running a supported priority plugin\n"
            f"({state.config.priority_type}).\n"
            "Only 'priority/multifactor' is supported.\n"
        )
        return 1
    return _show(state, given, flags)


def _show(state: "ClusterState", given: dict[str, list[str]], flags: set[str]) -> int:
    from slurmsim.api.priorities import priority_rows, priority_weights
    from slurmsim.format.sprio import SprioOptions, render_sprio

    jobs = comma_list(given.get("jobs", []))
    users = comma_list(given.get("user", []))
    partitions = comma_list(given.get("partition", []))
    valid_users = tuple(u for u in users if u in state.users)
    rows = priority_rows(state)
    if jobs:
        rows = [r for r in rows if str(r.job_id) in jobs]
    if users:
        rows = [r for r in rows if r.user in valid_users]
    if partitions:
        rows = [r for r in rows if r.partition in partitions]
    opts = SprioOptions(
        format=given.get("format", [None])[-1] or os.environ.get("SPRIO_FORMAT") or None,
        long="long" in flags,
        norm="norm" in flags,
        weights="weights" in flags,
        noheader="noheader" in flags,
        sort=given.get("sort", [None])[-1],
        show_user=bool(users),
        show_cluster="sibling" in flags and "local" not in flags,
        filtered=bool(jobs),  # sprio says so for -j alone; -u matching nothing shows the header
    )
    rendered = render_sprio(rows, priority_weights(state), opts)
    err(rendered.stderr)  # said as the options are read, before any output
    out(rendered.stdout)
    return rendered.exit_code
