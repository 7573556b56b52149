#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; under a
# minute. Records into cases/ how `sbatch --test-only` (and srun's) meets QOS limits: without DenyOnLimit
# it ignores a job's size and time limits; the submission counts refuse it, and under
# DenyOnLimit the other limits too, as they refuse a submission, without using up a job id
# (the held job submitted last takes the next id). alice, under her own QOS "to" and "to2";
# everything made here is removed at the end.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
t() { local nm=$1; shift; cu "$nm" alice sbatch --test-only "$@" --wrap=true; }

c add-qos sacctmgr -i add qos to MaxTRESPerJob=gres/gpu=2 MaxWall=10
c add-qos2 sacctmgr -i add qos to2 MaxSubmitJobsPerUser=0
c grant sacctmgr -i modify user alice where account=research set qos+=to,to2
t over-gpus -q to --gpus=4 -t 5
t over-wall -q to -t 20
t submit-count -q to2
c deny sacctmgr -i modify qos to set Flags=DenyOnLimit
t deny-gpus -q to --gpus=4 -t 5
t deny-wall -q to -t 20
t deny-default-time -q to --gpus=1
t deny-fits -q to --gpus=1 -t 5
cu srun-deny-wall alice srun --test-only -q to -t 20 true
cu srun-fits alice srun --test-only -q to -t 5 true
cu held alice sbatch -H --wrap=true
c held-id squeue -u alice -h -o %i
cu cancel alice scancel -u alice
c revoke sacctmgr -i modify user alice where account=research set qos-=to,to2
c delete sacctmgr -i delete qos to,to2
echo "recorded $n cases into $GOLDEN_DIR"
