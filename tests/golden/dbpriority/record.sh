#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 40 seconds. Records into cases/ the Priority sacct shows: slurmdbd's record of a job
# holds the priority the job had when the controller sent it, at the first scheduling pass
# after the submission; a hold, release or Priority= after that pass leaves it as it was, a
# job held before it shows 0 even once it has run. Behind a job that takes every node: one
# submitted held, one held at once and released, one given Priority=500 at once and 777
# after the pass.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a blocker sbatch -J blocker -N 4 --exclusive -t 1 --wrap='sleep 15'
B=$(id)
sleep 3  # it runs
a held sbatch -H -J held -t 1 --wrap=true
H=$(id)
a quick sbatch -J quick -t 1 --wrap=true
Q=$(id)
a quick-hold scontrol hold "$Q"
a set sbatch -J set -t 1 --wrap=true
S=$(id)
r set-priority scontrol update JobId="$S" Priority=500
sleep 4  # the pass that sends their records
r set-again scontrol update JobId="$S" Priority=777
a held-release scontrol release "$H"
a quick-release scontrol release "$Q"
a pending-squeue squeue -j "$H,$Q,$S" -o '%.8j %.2t %.10Q %r'
a pending-sacct sacct -j "$H,$Q,$S" -o JobID,JobName,State,Priority
sleep 16  # the blocker ends; the three run
a done-sacct sacct -j "$B,$H,$Q,$S" -X -o JobID,JobName,State,Priority,Reason
