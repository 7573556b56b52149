"""The words of ``slurmsim explain``: a long queue ahead is counted, not listed."""

from slurmsim.format.explain import Explanation, render_explanation
from slurmsim.model.time import Instant


def test_render_explanation_counts_the_jobs_ahead_beyond_ten() -> None:
    now = Instant(1_764_442_800)
    ahead = tuple((n, "alice", 100, None, ()) for n in range(1, 13))
    explained = Explanation(13, "wrap", "PENDING", "Priority", now, "", (), None, ahead, None, ())
    lines = render_explanation(explained).splitlines()
    assert lines[2:] == [
        *(f"  job {n} (alice) priority 100" for n in range(1, 11)),
        "  ... and 2 more (see sprio)",
    ]
