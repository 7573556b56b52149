"""The Slurm release slurmsim answers as (sinfo %v, scontrol show node Version=)."""

SLURM_VERSION = "22.05.8"
