"""sacct's CPU times (``UserCPU``, ``SystemCPU``, ``TotalCPU``) as Slurm prints them."""

import pytest

from slurmsim.format.sacct import cpu_time


@pytest.mark.parametrize(
    ("us", "shown"),
    [
        (0, "00:00:00"),  # a job that never ran (the oracle)
        (999, "00:00:00"),  # under a millisecond: none shown
        (16_400, "00:00.016"),  # a short script (the oracle's 00:00.016)
        (609_000, "00:00.609"),
        (75_500_000, "01:15.500"),
        (75_000_000, "00:01:15"),  # whole seconds: no milliseconds
        (3_723_250_000, "01:02:03"),  # from an hour, to the second
        (90_061_000_000, "1-01:01:01"),  # from a day
    ],
)
def test_cpu_time_is_printed_as_sacct_prints_it(us: int, shown: str) -> None:
    assert cpu_time(us) == shown
