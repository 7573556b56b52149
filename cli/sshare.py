"""``sshare``: shares, usage and fair share of every association, as a tree.

A read-only command: it opens the store without taking the write lock and never
moves the clock. Slurm 22.05's sshare has no ``--me``; it answers that option as
any unknown one.
"""

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cli._clusters import check_clusters
from cli._common import comma_list, err, gather, out, parse_args, run
from cli._help import answer_probe
from slurmsim.parse.options import options

if TYPE_CHECKING:
    from slurmsim.format.sshare import SshareOptions

PROG = "sshare"

_OPTIONS = options(
    [
        ("accounts", "A", "required"), ("all", "a", "none"), ("helpformat", "e", "none"),
        ("long", "l", "none"), ("partition", "m", "none"),
        ("cluster", None, "required", "clusters"), ("clusters", "M", "required"),
        ("noheader", "n", "none"), ("format", "o", "required"), ("parsable", "p", "none"),
        ("parsable2", "P", "none"), ("users", "u", "required"), ("Users", "U", "none"),
        ("verbose", "v", "none"), ("version", "V", "none"), ("help", None, "none"),
        ("usage", None, "none"), (None, "h", "none", "noheader"),
        # In sshare's short options but handled by none of its cases.
        (None, "q", "none", "unhandled q"), (None, "t", "required", "unhandled t"),
    ]
)  # fmt: skip

#: -e: the fields -o accepts, four to a line, 18 wide (the last one too).
HELPFORMAT = (
    "Account           Cluster           EffectvUsage      FairShare        \n"
    "GrpTRESMins       GrpTRESRaw        ID                LevelFS          \n"
    "NormShares        NormUsage         Partition         RawShares        \n"
    "RawUsage          TRESRunMins       User             \n"
)


def main(argv: Sequence[str] | None = None) -> None:
    run(PROG, lambda: sshare(list(sys.argv[1:] if argv is None else argv)))


def sshare(argv: list[str]) -> int:
    """Parse sshare's options, then print the association tree they select."""
    pairs, _ = parse_args(PROG, argv, _OPTIONS, stop_at_operand=False, code=1)
    # sshare acts on these as getopt meets them: the first one given decides.
    for key, _ in pairs:
        if answer_probe(PROG, [key]):
            return 0
        if key == "helpformat":
            out(HELPFORMAT)
            return 0
        if key.startswith("unhandled "):
            err(f"getopt error, returned {key[-1]}\n")
            return 1
    given, flags = gather(pairs)

    from slurmsim.api.priorities import fair_tree_enabled, share_lines
    from slurmsim.api.views import current_state
    from slurmsim.format.sshare import SshareOptions, render_sshare

    state, user = current_state()
    named = given.get("clusters", [None])[-1]
    # sshare does not read SLURM_CLUSTERS (oracle).
    if named is not None and not check_clusters(
        PROG, named, state.config.cluster_name, "--cluster"
    ):
        return 1
    opts = SshareOptions(
        all_users="all" in flags,
        long="long" in flags,
        accounts=comma_list(given.get("accounts", [])),
        users=comma_list(given.get("users", [])),
        users_only="Users" in flags,
        partitions="partition" in flags,
        noheader="noheader" in flags,
        parsable="parsable" in flags,
        parsable2="parsable2" in flags,
        format=",".join(given["format"]) if "format" in given else None,  # each -o adds
        fair_tree=fair_tree_enabled(state),
        user=user,
    )
    if "verbose" in flags:
        err(_requested(opts))
    rendered = render_sshare(share_lines(state), opts)
    if named is not None:
        out(f"CLUSTER: {state.config.cluster_name}\n")
    out(rendered.stdout)
    err(rendered.stderr)
    return rendered.exit_code


def _requested(opts: "SshareOptions") -> str:
    """What ``-v`` says it will list: the users (``all`` with -a or -u all, else those
    named, else the caller) and the accounts (those named, else ``all``)."""
    if opts.all_users or "all" in opts.users:
        users: tuple[str, ...] = ("all",)
    else:
        users = opts.users or (opts.user,)
    accounts = opts.accounts or ("all",)
    lines = ["Users requested:", *(f"\t: {u}" for u in users)]
    lines += ["Accounts requested:", *(f"\t: {a}" for a in accounts)]
    return "".join(line + "\n" for line in lines)
