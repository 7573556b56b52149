#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 20 seconds. Records into cases/ the job size factor sprio shows for pending jobs of
# alice's, behind a job of bob's that takes every node: the mean of the fractions of the
# cluster's nodes and CPUs a job asks for, the CPUs counted as the controller counts a
# pending job's (NumCPUs): -n's tasks when given, else --ntasks-per-node on each of the
# fewest nodes, one task's over a node range, a node's worth under -O.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice; scancel -u bob' EXIT
b blocker sbatch -J blocker -N 4 --exclusive -t 10 --wrap='sleep 600'
sleep 3  # it runs
J=()
sz() { local nm=$1; shift; a "$nm" sbatch -H -J "$nm" -t 5 "$@" --wrap='sleep 60'; J+=("$(id)"); }
sz tasks-over-per-node -n 4 --ntasks-per-node=2
sz tasks-under-per-node -n 2 --ntasks-per-node=4
sz tasks-on-nodes -n 5 --ntasks-per-node=2 -N 3
sz tasks-cpus -n 6 --ntasks-per-node=2 -c 2
sz per-node-alone -N 2 --ntasks-per-node=2 -c 2
sz range-tasks -n 3 --ntasks-per-node=2 -N 1-2
sz range-cpus -c 4 -N 2-4
sz range-gpus -N 2-4 --gpus=3
sz overcommit -c 7 -O
sz mincpus -n 3 -c 5 --mincpus=16
sz exclusive-nodes -N 2 --exclusive
sz cpus-per-gpu -n 2 --cpus-per-gpu=4 --gpus=2
IDS=$(IFS=,; echo "${J[*]}")
a release scontrol release "$IDS"
sleep 3  # a pass works their priorities out
a sprio sprio -j "$IDS" -o '%.7i %.10J %.6N'
a squeue squeue -j "$IDS" -o '%.7i %.22j %.5D %.5C' -S i
