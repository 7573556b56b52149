"""Compare a renderer's output with a golden case of tests/golden/cases/.

The few values that belong to the oracle's host rather than to Slurm are masked
in both texts by ``tests.goldenfile.scrub``, the one normalisation of all golden
comparisons.
"""

import calendar
import time
from pathlib import Path

from slurmsim.format.rendered import Rendered
from slurmsim.model.time import Instant
from tests.goldenfile import Case, load_case, scrub

GOLDEN = Path(__file__).parents[1] / "golden" / "cases"


def case(name: str) -> Case:
    """The golden case whose file name starts with ``name`` (e.g. ``"068"``)."""
    (path,) = GOLDEN.glob(f"{name}-*.txt")
    return load_case(path)


def when(c: Case) -> Instant:
    """The instant the case was recorded, as the simulated clock's ``now``."""
    return Instant(calendar.timegm(time.strptime(c.when, "%Y-%m-%dT%H:%M:%S")))


def mask_host_fields(text: str) -> str:
    """The text with the oracle's host-dependent fields masked (``tests.goldenfile.scrub``)."""
    return scrub(text.encode()).decode()


def assert_matches(c: Case, got: Rendered, *, mask: bool = False) -> None:
    want_out, got_out = c.stdout.decode(), got.stdout
    if mask:
        want_out, got_out = mask_host_fields(want_out), mask_host_fields(got_out)
    assert got_out == want_out
    assert got.stderr == c.stderr.decode()
    assert got.exit_code == c.exit
