"""Fair Tree and classic fair share against the reference's worked example and the oracle."""

from dataclasses import replace

import pytest

from slurmsim.engine.fairshare import fairshare_factors, share_rows
from slurmsim.engine.usage import recalc
from slurmsim.model.accounts import Association
from tests.engine.builders import GOLDEN_USAGE, cluster


def _example(flags: tuple[str, ...] = ()):
    """Reference 5.3/5.4: root -> A {u1, u2}, B {u3}; one share each; usage 100, 0, 50."""
    s = cluster(usage={3: 100.0, 4: 0.0, 6: 50.0})
    s.associations = [
        Association(1, "root", None, 1),
        Association(2, "A", None, 1, parent_account="root"),
        Association(3, "A", "u1", 1),
        Association(4, "A", "u2", 1),
        Association(5, "B", None, 1, parent_account="root"),
        Association(6, "B", "u3", 1),
    ]
    s.config = replace(s.config, priority_flags=flags)
    return s


def test_fair_tree_ranks_the_reference_example():
    got = fairshare_factors(_example())
    assert got == {6: pytest.approx(1.0), 4: pytest.approx(2 / 3), 3: pytest.approx(1 / 3)}


def test_classic_fair_share_with_no_fair_tree():
    got = fairshare_factors(_example(("NO_FAIR_TREE",)))
    assert got == {
        3: pytest.approx(0.157, abs=1e-3),
        4: pytest.approx(0.397, abs=1e-3),
        6: pytest.approx(0.630, abs=1e-3),
    }


def test_classic_rows_have_no_level_fair_share_and_root_is_one_half():
    rows = share_rows(_example(("NO_FAIR_TREE",)))
    assert [r.level_fs for r in rows] == [None] * len(rows)
    assert rows[0].fairshare == 0.5


def test_fair_tree_without_usage_ties_everyone_at_one():
    """What the oracle prints on a fresh cluster: every user 1.000000."""
    assert set(fairshare_factors(cluster()).values()) == {1.0}


def test_tied_accounts_rank_their_children_as_one_level():
    """product and research used exactly their shares (LF 1 each), so their users are ranked
    in one merged level, where all four used exactly theirs too: one shared rank."""
    s = cluster(usage={4: 40.0, 6: 20.0, 7: 20.0, 8: 20.0})
    got = fairshare_factors(s)
    assert got[2] == 1.0  # root/root: no usage, LF inf
    assert got[4] == got[6] == got[7] == got[8] == pytest.approx(0.8)


def test_share_rows_list_users_before_sub_accounts_by_name():
    rows = share_rows(cluster(usage=GOLDEN_USAGE))
    assert [(r.depth, r.assoc.account, r.assoc.user) for r in rows] == [
        (0, "root", None),
        (1, "root", "root"),
        (1, "product", None),
        (2, "product", "carol"),
        (1, "research", None),
        (2, "research", "alice"),
        (2, "research", "bob"),
        (2, "research", "root"),
    ]


def test_fair_share_reads_the_usage_of_the_last_pass():
    s = cluster(usage=GOLDEN_USAGE)
    recalc(s, s.now)
    s.usage[4] = 1e9  # carol's job just ended: RawUsage moves, fair share does not yet
    assert fairshare_factors(s)[4] == 1.0
    recalc(s, s.now + 300)
    assert fairshare_factors(s)[4] < 1.0
