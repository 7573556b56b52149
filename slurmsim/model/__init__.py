"""The vocabulary every layer shares: plain dataclasses and enums, no I/O.

Names follow Slurm's own words (job, node, partition, gres, qos, association)
so that a reader who knows Slurm can map each field to what `scontrol show`
prints.
"""
