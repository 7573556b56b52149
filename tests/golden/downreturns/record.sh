#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about four minutes. Records into cases/ how, under ReturnToService=2, a node an operator
# set DOWN comes back by itself when it answers one of the controller's periodic pings
# (every SlurmdTimeout/3, 100 s; within two of them): its down record in the node events
# ends, a job pinned to it runs, and a RESUME of it is then refused. One also drained stays drained, DOWN gone.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'scancel -u alice; scontrol update NodeName=dgx2 State=RESUME >/dev/null 2>&1' EXIT
Q=(squeue -o '%.4i %.8j %.2t %.6D %R')
T0=$(date +%FT%T)
r down scontrol update NodeName=dgx2 State=DOWN Reason=psu
a pinned sbatch -J pinned -t 5 -w dgx2 --wrap='sleep 300'
sleep 5  # past the first pass after the submission, which comes 0-3 s later
a queue "${Q[@]}"
r sinfo sinfo -N -o '%N %T %E'
r down-other scontrol update NodeName=dgx3 State=DOWN Reason=fan
r drain-down scontrol update NodeName=dgx3 State=DRAIN Reason=fan
sleep 215
a queue-back "${Q[@]}"
r sinfo-back sinfo -N -o '%N %T %E'
r resume-refused scontrol update NodeName=dgx2 State=RESUME
r events sacctmgr -n -P show event nodes=dgx2,dgx3 start="$T0" format=nodename,state,reason,user
r resume-drained scontrol update NodeName=dgx3 State=RESUME
sleep 2
r sinfo-resumed sinfo -N -o '%N %T %E'
