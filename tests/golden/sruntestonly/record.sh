#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; under a minute. Records into cases/ `srun --test-only A : B`: each component
# tested in turn as a job of its own on the cluster as it is, each answer its own line and
# id; the first refusal ends it, as a job's refusal (an id used up, or none when srun's own
# check refused it).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a two srun --test-only -N1 true : -N2 true
a carried srun --test-only -N1 -t 5 true : -N2 true
a no-first-command srun --test-only -N1 : -N2 true
a three srun --test-only -n2 true : -n3 true : -N4 true
a bad-partition-later srun --test-only -N1 true : -p nope true
a too-many-nodes-first srun --test-only -N5 true : -N1 true
a too-many-gpus-later srun --test-only -N1 true : --gpus-per-node=9 true
a no-last-command srun --test-only -N1 true : -N1
a after sbatch --test-only -N1 --wrap=true
# With two nodes busy for five minutes.
a busy sbatch -t 5 -N2 --exclusive --wrap='sleep 300'
sleep 4
a busy-two srun --test-only -t 5 -N1 true : -N3 true
a busy-fits srun --test-only -t 5 -N2 true : -N2 true
