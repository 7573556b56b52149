"""Time in slurmsim: integer seconds, always.

An ``Instant`` is a point on the simulated clock (seconds since the Unix epoch,
shown in UTC); ``Seconds`` is a duration. ``None`` stands for Slurm's
``Unknown``/``UNLIMITED`` wherever a field may lack a value.
"""

from typing import Final, NewType

Instant = NewType("Instant", int)
Seconds = NewType("Seconds", int)

#: The simulated clock of a new cluster starts here (2026-11-29T19:00:00Z), a
#: fixed instant so that every run of the same commands prints the same bytes.
EPOCH: Final = Instant(1_795_978_800)
