#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about fifteen seconds. Records into cases/ the reasons jobs show in the second they are
# submitted onto nodes that GPU jobs share (none of them --exclusive): slurmctld's test
# of a submission counts none of the CPUs, memory and GPUs those jobs hold, so the job of
# highest priority shows no reason and the others Priority, where Resources would come
# only from nodes out of reach.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'scancel -u alice' EXIT
Q=(squeue -o '%.5i %.6j %.2t %r')
for node in 1 2 3 4; do a "fill$node" sbatch -J "fill$node" -w "dgx$node" --gpus=6 -t 5 --wrap='sleep 120'; done
sleep 4
a queue-filled "${Q[@]}"
a big sbatch -J big -N 4 --gpus-per-node=8 -t 5 --wrap='sleep 60'
a big-queue "${Q[@]}"
sleep 3
a pin sbatch -J pin -w dgx2 --gpus=8 -t 5 --wrap='sleep 60'
a mem sbatch -J mem --mem=1900G -t 5 --wrap='sleep 60'
a queue "${Q[@]}"
