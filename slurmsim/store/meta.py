"""The keys of the ``meta`` table and the version of the table layout.

``meta`` holds the scalars of a ``ClusterState`` (the clock, the next job id, when the
scheduler last ran) next to facts about the store itself (schema version, clock mode,
the preset the cluster came from).
"""

from typing import Final

#: Bump whenever a table or column changes; a store written by another version is refused.
SCHEMA_VERSION: Final = 6

SCHEMA_VERSION_KEY: Final = "schema_version"
#: A digest of every table's columns: catches a model field added without a version bump.
SCHEMA_LAYOUT: Final = "schema_layout"
CLOCK_MODE: Final = "clock_mode"  # "manual", "scaled" or "realtime"
#: Under scaled/realtime: simulated seconds per wall second, and the simulated instant
#: and wall time (Unix seconds) at which the mode was set.
CLOCK_FACTOR: Final = "clock_factor"
CLOCK_ANCHOR: Final = "clock_anchor"
CLOCK_WALL_ANCHOR: Final = "clock_wall_anchor"
#: "on" or "off" once ``slurmsim exec`` has been run; absent: on under realtime only.
EXECUTION: Final = "execution"
PRESET: Final = "preset"  # the preset or slurm.conf the cluster was built from
#: The SHA-256 of the $SLURM_CONF file the cluster was last built from.
SLURM_CONF_DIGEST: Final = "slurm_conf_digest"

# Written by Transaction.save from the ClusterState; do not set them with set_meta.
NOW: Final = "now"
NEXT_JOB_ID: Final = "next_job_id"
NEXT_ASSOC_ID: Final = "next_assoc_id"
LAST_SCHED: Final = "last_sched"
LAST_BACKFILL: Final = "last_backfill"
LAST_MAIN: Final = "last_main"
SCHED_DUE: Final = "sched_due"
LAST_USAGE_CALC: Final = "last_usage_calc"
LAST_RESV_ID: Final = "last_resv_id"
STATE_EXTRA: Final = "state_extra"  # ClusterState.extra as JSON

DEFAULT_CLOCK_MODE: Final = "manual"
