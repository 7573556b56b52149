#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about ten seconds. Records into cases/ which GPU counts `scontrol update` takes for a
# pending job: a count per node (Gres=, TresPerNode=) and one per job (TresPerJob=) do
# not mix, whichever the job asked for first; emptied counts as slurmctld leaves them;
# and sbatch taking both at once. Whole jobs shown: the replay runs no shell.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'scancel -u alice' EXIT
show() { r "show-$1" scontrol show job "$2"; }
a per-node sbatch -H --gres=gpu:2 -t 30 --wrap='sleep 600'
a gpus-per-node sbatch -H --gpus-per-node=2 -t 30 --wrap='sleep 600'
a per-job sbatch -H --gpus=2 -t 30 --wrap='sleep 600'
a per-task sbatch -H -N 2 -n 2 --gpus-per-task=1 -t 30 --wrap='sleep 600'
a none sbatch -H -t 30 --wrap='sleep 600'
a two-nodes sbatch -H -N 2 --gres=gpu:2 -t 30 --wrap='sleep 600'
J=$(squeue -h -u alice -o %i | sort -n | head -1)
A=$J B=$((J+1)) P=$((J+2)) D=$((J+3)) E=$((J+4)) F=$((J+5))
r node-to-job scontrol update JobId=$A TresPerJob=gres:gpu:4
r node-tres scontrol update JobId=$A TresPerNode=gres:gpu:4
r node-gres scontrol update JobId=$A Gres=gpu:3
show per-node $A
r gpn-to-job scontrol update JobId=$B TresPerJob=gres:gpu:4
r gpn-gres scontrol update JobId=$B Gres=gpu:1
show gpus-per-node $B
r job-gres scontrol update JobId=$P Gres=gpu:1
r job-tres-node scontrol update JobId=$P TresPerNode=gres:gpu:1
r job-tres scontrol update JobId=$P TresPerJob=gres:gpu:3
show per-job $P
r task-gres scontrol update JobId=$D Gres=gpu:1
r task-to-job scontrol update JobId=$D TresPerJob=gres:gpu:3
r task-tres scontrol update JobId=$D TresPerTask=gres:gpu:2
show per-task $D
r none-to-job scontrol update JobId=$E TresPerJob=gres:gpu:3
show none-job $E
r none-gres scontrol update JobId=$E Gres=gpu:1
r none-then-job scontrol update JobId=$E TresPerJob=gres:gpu:3
show none $E
r job-gres-empty scontrol update JobId=$P Gres=
show job-gres-empty $P
r job-tres-empty scontrol update JobId=$P TresPerJob=
show job-tres-empty $P
r two-to-job scontrol update JobId=$F TresPerJob=gres:gpu:4
show two-nodes $F
r two-to-more scontrol update JobId=$F TresPerJob=gres:gpu:6
r two-to-odd scontrol update JobId=$F TresPerJob=gres:gpu:5
a both sbatch --test-only --gpus=2 --gres=gpu:1 -t 30 --wrap=true
