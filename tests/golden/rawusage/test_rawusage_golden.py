"""sacctmgr's usage resets (``set RawUsage=0``), recorded from real Slurm 22.05 in order.

``record.sh`` gave alice, bob and carol some usage with short jobs, then reset users,
accounts and QOS, and took what sshare showed before (``NNN-seed``) and after each reset,
with every refusal between. The replay gives the new cluster each seed's usage (the
oracle's jobs are not replayed) and compares every other case byte for byte.
"""

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clirunner import Result, run_command
from tests.goldenfile import argv_and_stdin, cluster_store, load_case

HERE = Path(__file__).parent
CASES = {path.stem: load_case(path) for path in sorted((HERE / "cases").glob("*.txt"))}
#: The fractions a seeded user's usage may take beyond the integer sshare shows.
_FRACTIONS = [i / 10 for i in range(1, 10)]


def seeded_usage(listing: str) -> dict[tuple[str, str], float]:
    """Usage per user association that ``sshare -a -P -o Account,User,RawUsage`` shows as
    ``listing``: each user's integer plus a fraction chosen so that every account's row
    (the sum below it, cut to an integer, as sshare prints it) comes out as shown."""
    rows = [line.split("|") for line in listing.splitlines()[1:]]
    depth = [len(account) - len(account.lstrip()) for account, _, _ in rows]
    users = [i for i, (_, user, used) in enumerate(rows) if user and int(used) > 0]
    for fractions in itertools.product(_FRACTIONS, repeat=len(users)):
        usage = {i: int(rows[i][2]) + f for i, f in zip(users, fractions, strict=True)}
        if all(
            int(sum(usage.get(j, 0.0) for j in _below(depth, i))) == int(rows[i][2])
            for i, (_, user, _) in enumerate(rows)
            if not user
        ):
            return {(rows[i][0].strip(), rows[i][1]): usage[i] for i in users}
    raise AssertionError(f"no usage gives this listing:\n{listing}")


def _below(depth: list[int], i: int) -> Iterator[int]:
    """The rows under row ``i`` of an sshare tree (deeper, up to the next at its depth)."""
    for j in range(i + 1, len(depth)):
        if depth[j] <= depth[i]:
            return
        yield j


def _seed(listing: str) -> None:
    from slurmsim.api.session import session

    usage = seeded_usage(listing)
    with session(write=True) as s:
        for assoc in s.state.associations:
            if assoc.user is not None:
                used = usage.get((assoc.account, assoc.user), 0.0)
                s.state.usage[assoc.id] = s.state.calc_usage[assoc.id] = used


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Result]:
    with cluster_store(tmp_path_factory.mktemp("rawusage")):
        out = {}
        for name, case in CASES.items():
            if name.endswith("-seed"):
                _seed(case.stdout.decode())
            argv, stdin = argv_and_stdin(case, HERE / "stdin")
            out[name] = run_command(argv, case.user, stdin)
        return out


@pytest.mark.parametrize("name", list(CASES))
def test_usage_reset_matches_real_slurm(name: str, results: dict[str, Result]) -> None:
    case, got = CASES[name], results[name]
    assert (got.exit, got.out, got.err) == (case.exit, case.stdout.decode(), case.stderr.decode())


def test_seeded_usage_adds_up_as_sshare_cuts_it() -> None:
    listing = "Account|User|RawUsage\nroot||53\n a||17\n  a|u|17\n b||35\n  b|v|23\n  b|w|11\n"
    usage = seeded_usage(listing)
    assert [int(v) for v in usage.values()] == [17, 23, 11]
    assert int(usage[("b", "v")] + usage[("b", "w")]) == 35
    assert int(sum(usage.values())) == 53
