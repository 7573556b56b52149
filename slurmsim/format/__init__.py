"""Slurm-exact text for the display commands (squeue, sinfo, scontrol, sbatch --test-only).

Every renderer is a pure function of a ``ClusterState``, the command's options,
the invoking user and ``now``; it returns a ``Rendered`` (stdout, stderr, exit
code) so the CLI only has to write bytes and exit. Nothing here imports the
parser, the engine or the store: the few printing helpers Slurm's commands
share (durations, host lists, memory units) live in this package.

Small value types here are ``NamedTuple``s rather than frozen dataclasses: every
command creates them at import, and a frozen dataclass's generated methods take
about a millisecond each to compile, a NamedTuple's a tenth of that.
"""

from slurmsim.format.rendered import Rendered

__all__ = ["Rendered"]
