"""slurmsim: a Slurm 22.05 emulator. Importing it makes ``dataclasses`` compile the
methods it writes through a cache (see ``slurmsim.dataclass_cache``)."""

from slurmsim import dataclass_cache

dataclass_cache.install()
