#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about two minutes. Records into cases/ how State=NoResp keeps new jobs off a node until
# it answers the controller's next ping (within SlurmdTimeout/3, 100 s): a job pinned to
# it waits on ReqNodeNotAvail, another goes elsewhere; once it has answered, the pinned
# job runs there.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'scancel -u alice; scontrol update NodeName=dgx1 State=RESUME >/dev/null 2>&1' EXIT
Q=(squeue -o '%.4i %.8j %.2t %.6D %R')
r noresp scontrol update NodeName=dgx1 State=NoResp
a pinned sbatch -J pinned -t 5 -w dgx1 --wrap='sleep 300'
a free sbatch -J free -t 5 --wrap='sleep 300'
sleep 3
a queue "${Q[@]}"
r sinfo sinfo -N -o '%N %T'
sleep 110
a queue-answered "${Q[@]}"
r sinfo-answered sinfo -N -o '%N %T'
