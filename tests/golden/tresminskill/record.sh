#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about
# 3 minutes. Records into cases/ running jobs ended by a MaxTRESMinsPerJob lowered under
# what they have used: slurmctld's time-limit check (every 30 s) ends a job TIMEOUT once its
# TRES times the minutes it has run reach its QOS's or its association's limit. alice's jobs
# under her own QOS "tk" and under normal; everything set here is cleared at the end.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
sb() { local nm=$1; shift; cu "$nm" alice sbatch -J "$nm" -t 60 "$@" --wrap='sleep 900'; }
sq() { c "$1" squeue -u alice -o '%j %q %t %r' -S i; }

c add-qos sacctmgr -i add qos tk
c grant sacctmgr -i modify user alice where account=research set qos+=tk
sb qos-job -q tk --gpus=2
sb assoc-job --gpus=2
sb small-job -q tk --gpus=1
sleep 4
sq running
# 2 GPU-minutes: a minute of the 2-GPU jobs; the 1-GPU one may run two.
c qos-lower sacctmgr -i modify qos tk set MaxTRESMins=gres/gpu=2
c assoc-lower sacctmgr -i modify user alice where account=research set MaxTRESMins=gres/gpu=2
sleep 100
sq after
c sacct sacct -u alice -X -n -o jobname%10,qos,state,exitcode -S now-10minutes
cu cancel alice scancel -u alice
sleep 2
c qos-clear sacctmgr -i modify qos tk set MaxTRESMins=gres/gpu=-1
c assoc-clear sacctmgr -i modify user alice where account=research set MaxTRESMins=gres/gpu=-1
c revoke sacctmgr -i modify user alice where account=research set qos-=tk
c delete sacctmgr -i delete qos tk
echo "recorded $n cases into $GOLDEN_DIR"
