"""Pure text -> value parsers for Slurm's user-facing syntax (no I/O).

One module per concept: ``durations``, ``memory``, ``hostlist``, ``gres``, ``arrays``,
``dependency``, ``datetimes``, ``script`` (batch scripts and ``#SBATCH``), ``keyvalue``
(scontrol ``Key=Value``), ``slurmconf`` and ``options`` (getopt_long). Every public function
raises only :class:`ParseError` on bad input.

Importing this package is cheap: Lark is only imported the first time a grammar-based parser
runs (``loader``), and the hot parsers (durations, memory sizes, hostlists, points in time)
never import it.
"""

from slurmsim.parse.errors import OptionError, ParseError

__all__ = ["OptionError", "ParseError"]
