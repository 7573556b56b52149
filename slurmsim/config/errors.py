"""The error a configuration file can cause."""


class ConfigError(Exception):
    """A slurm.conf or accounts file that cannot be used; the message names file, line and key.

    For example ``slurm.conf:43: CPUs=abc: not a number``.
    """
