#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about half a minute. Records into cases/ what `scontrol update NodeName=... Gres=` does
# to a node whose GPUs slurm.conf gives with File= (the oracle's gres.conf): the GPU
# count it reads from the text (entries summed, a type, a suffix, a count it cannot read
# as none); the same count changes nothing, no GPU at all takes the node's GPUs away
# (shown as typed, CfgTRES and the partition's TRES kept), any other count is refused,
# the rest of the update applied around the refusal as slurmctld orders it; then jobs
# on, and asking for, a node without its GPUs. The GPUs come back only when the oracle
# restarts: run stop.sh and setup.sh after recording.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice; scontrol update NodeName=dgx[1-4] Comment=' EXIT
scontrol update NodeName=dgx[1-4] Comment=
show() { r "$1-show" scontrol show node "$2"; }
gres() { r "$1" scontrol update NodeName="$2" Gres="$3"; }
# Who may, and the counts that change nothing or are refused (dgx1 keeps its GPUs).
a user-same scontrol update NodeName=dgx1 Gres=gpu:h100:8
a user-fewer scontrol update NodeName=dgx1 Gres=gpu:h100:7
gres same dgx1 gpu:h100:8
gres untyped dgx1 gpu:8
gres other-type dgx1 gpu:a100:8
gres summed dgx1 gpu:4,gpu:4
gres with-foreign dgx1 gpu:h100:8,foo:1
gres sockets dgx1 'gpu:h100:8(S:0-1)'
gres empty-entries dgx1 ,gpu:h100:8,
r keyword-case scontrol update NodeName=dgx1 GRES=gpu:h100:8
r keyword-prefix scontrol update NodeName=dgx1 gr=gpu:8
show same dgx1
gres fewer dgx1 gpu:h100:7
gres more dgx1 gpu:9
gres name-only dgx1 gpu
gres type-only dgx1 gpu:h100
gres suffix dgx1 gpu:8k
gres suffix-upper dgx1 gpu:h100:8K
gres decimal dgx1 gpu:010
gres signed dgx1 gpu:+8
gres negative dgx1 gpu:-1
gres empty-count dgx1 gpu:h100:
gres count-word dgx1 gpu:h100:abc
gres count-first dgx1 gpu:8:h100
gres flag dgx1 gpu:h100:8:no_consume
gres fields dgx1 gpu:h100:8:
gres summed-over dgx1 gpu:8,gpu:1
show refused dgx1
# A refusal with the rest of the update: state, features and comment applied, weight not.
r refused-with-others scontrol update NodeName=dgx1 Gres=gpu:4 State=DRAIN Reason=maint Weight=5 Features=nvlink Comment=hi
show refused-with-others dgx1
r refused-with-others-sinfo sinfo -N -n dgx1 -o '%N %G %w %f %T %E'
r undo scontrol update NodeName=dgx1 State=RESUME Comment=
sleep 2  # the resumed node answers the controller's ping
# No GPU at all: each node's GPUs taken away, shown as typed.
gres zero dgx2 gpu:0
show zero dgx2
r zero-detail scontrol -d show node dgx2
gres zero-again-typed dgx2 gpu:h100:0
show zero-again-typed dgx2
gres zero-raise dgx2 gpu:h100:8
gres zero-foreign dgx2 mps:1
show zero-foreign dgx2
gres zero-empty dgx2 ''
show zero-empty dgx2
gres zero-null dgx2 '(null)'
r zero-weight scontrol update NodeName=dgx2 Gres=gpu:0 Weight=3
r zero-weight-sinfo sinfo -N -n dgx2 -o '%N %w %G'
r zero-weight-back scontrol update NodeName=dgx2 Weight=1
r zero-sinfo sinfo -N -o '%N %G %T'
r zero-sinfo-grouped sinfo -o '%P %G %D %N'
r zero-partition scontrol show partition gpu
# What jobs get from a node without GPUs.
a ask-gpus sbatch -w dgx2 --gres=gpu:1 -t 5 --wrap='sleep 300'
a ask-exclusive sbatch -w dgx2 --exclusive -t 5 --wrap='sleep 300'
J=$(id)
sleep 4
a ask-exclusive-show scontrol show job "$J"
a ask-queue squeue -o '%i %T %N %b'
a ask-cancel scancel "$J"
sleep 2
# A running job's GPUs on a node whose GPUs go: it runs on, GresUsed shows none.
a running sbatch -w dgx3 --gres=gpu:2 -t 5 --wrap='sleep 300'
J=$(id)
sleep 4
gres unreadable dgx3 gpu:2x
r unreadable-detail scontrol -d show node dgx3
a unreadable-queue squeue -o '%i %T %N %b'
a unreadable-job scontrol show job "$J"
a unreadable-cancel scancel "$J"
sleep 2
show unreadable-after dgx3
# A job waiting for GPUs on the node named: once they are gone it never runs (BadConstraints).
a waiting-holder sbatch -w dgx4 --exclusive -t 5 --wrap='sleep 300'
J=$(id)
a waiting sbatch -w dgx4 --gres=gpu:8 -t 5 --wrap='sleep 300'
K=$(id)
sleep 4
gres waiting-drop dgx4 gpu:0
sleep 4
a waiting-show scontrol show job "$K"
a waiting-queue squeue -o '%i %T %r'
a waiting-cancel scancel "$J" "$K"
sleep 2
# Several nodes at once: the name is matched as typed (GPU is not gpu).
r several-comment scontrol update NodeName=dgx[1,4] Gres=gpu:7 Comment=both
r several-comment-sinfo sinfo -N -o '%N %G %T' -n dgx[1,4]
r several-show scontrol show node dgx4
gres several-upper 'dgx[1,4]' GPU:8
r several-upper-sinfo sinfo -N -o '%N %G %T'
gres several-mixed 'dgx[3-4]' gpu:8
a none-left sbatch --gres=gpu:1 -t 5 --wrap='sleep 300'
a none-left-cpus sbatch -n 1 -t 5 --wrap='sleep 300'
sleep 3
a none-left-queue squeue -o '%i %T %N %b'
