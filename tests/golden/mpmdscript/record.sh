#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 40 seconds. Records into cases/, as alice, the steps a batch script's `srun A : B`
# lines make in a job of one component: each a step over parts of the job's nodes
# (12.0+0, 12.0+1, ...), each part on the job's first nodes no part before it has, as many
# as its tasks' CPUs need; a part refused (too few CPUs on the node left, too few nodes
# left) leaves the parts before it, ended, and its id used; squeue's and sacct's view
# while the steps run, and once the job is cancelled.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 30 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
FIELDS=JobID,JobName,NodeList,AllocCPUS,NTasks,State,ExitCode
c parts sbatch -J parts -N 3 -n 5 -t 5 -o /dev/null --wrap 'srun -n3 sleep 10 : -n1 sleep 10 : -n1 hostname; srun -n2 true : -n2 true; srun -n5 true : -n1 true; srun -l -n1 sleep 10 : -N1 sleep 10; srun -n1 sleep 300'
J=$(id)
sleep 5
c first-squeue squeue -s -u alice -o '%.12i %.8j %N %A'
c first-sacct sacct -j $J -o $FIELDS
sleep 10
c second-squeue squeue -s -u alice -o '%.12i %.8j %N %A'
c second-sacct sacct -j $J -o $FIELDS
sleep 10
c third-sacct sacct -j $J -o $FIELDS
c cancel scancel $J
sleep 3
c cancelled-sacct sacct -j $J -o $FIELDS
