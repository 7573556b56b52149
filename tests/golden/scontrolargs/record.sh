#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 5 seconds. Records into cases/, as alice, how scontrol counts its words: show takes
# an entity and one name at most ("too many arguments for keyword:show"), and hold, uhold
# and release answer each word on its own (its refusals, then slurm_suspend's error).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a sbatch sbatch -H -J held -t 5 -o /dev/null --wrap true; J=$(id)
a show-two-jobs scontrol show job "$J" 99991
a show-unknown-entity scontrol show foo a b
a show-entity-equals scontrol show job=99991 extra
a show-one-line scontrol -o show job 1 2
a show-hostnames-two scontrol show hostnames dgx1 dgx2
a show-partition-extra scontrol show partition gpu extra
a hold-two scontrol hold 99990 99991
a uhold-two scontrol uhold 99990 99991
a release-list scontrol release 99990,99991
a release-mixed scontrol release "$J" 99991
a hold-mixed scontrol hold 99991 "$J"
a hold-word scontrol hold foo 99991
a show-held squeue -j "$J" -o '%.8j %.10T %r'
