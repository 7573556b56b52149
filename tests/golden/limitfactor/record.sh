#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about a
# minute. Records into cases/ a QOS's LimitFactor: how sacctmgr reads, summarises and shows
# it, and which of an association's limits it scales for the jobs run under that QOS
# (GrpTRES, MaxTRES, MaxTRESPerNode, MaxTRESMins, GrpTRESRunMins), each set so that a job is
# over it as set and under it as scaled. alice's jobs, under its own QOS "lfq" (LimitFactor
# 2, then 0.5) and, to compare, "normal"; everything set here is cleared at the end.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
sb() { local nm=$1; shift; cu "$nm" alice sbatch -J "$nm" -t 60 "$@" --wrap='sleep 600'; }
sq() { c "$1" squeue -u alice -o '%j %q %t %r' -S i; }
pass() { sleep 4; }
assoc() { local nm=$1; shift; c "$nm" sacctmgr -i modify user alice where account=research set "$@"; }
acct() { local nm=$1; shift; c "$nm" sacctmgr -i modify account research set "$@"; }
done_() { cu "$1-cancel" alice scancel -u alice; sleep 2; }

c add sacctmgr -i add qos lfq LimitFactor=2 UsageFactor=1 UsageThreshold=0.5 Priority=1
c show sacctmgr show qos lfq format=name,limitfactor,priority
c show-prefix sacctmgr show qos lfq format=name,limitf -P
c bad sacctmgr -i modify qos lfq set LimitFactor=abc
c clear sacctmgr -i modify qos lfq set LimitFactor=-1
c show-cleared sacctmgr show qos lfq format=name,limitfactor -P
c set-again sacctmgr -i modify qos lfq set LimitFactor=2
assoc grant qos+=lfq

# GrpTRES=gres/gpu=8 on research: two 8-GPU jobs under lfq run, a third and one under
# normal wait.
acct grp-set GrpTRES=gres/gpu=8
sb grp1 -q lfq --gpus=8
sb grp2 -q lfq --gpus=8
sb grp3 -q lfq --gpus=8
sb grp-normal --gpus=8
pass
sq grp-squeue
done_ grp
acct grp-clear GrpTRES=gres/gpu=-1

# alice's own MaxTRES, MaxTRESPerNode and MaxTRESMins, and research's GrpTRESRunMins.
assoc max-set MaxTRES=gres/gpu=4
sb max-lfq -q lfq --gpus=8
sb max-over -q lfq --gpus=12
sb max-normal --gpus=8
pass
sq max-squeue
done_ max
assoc max-clear MaxTRES=gres/gpu=-1
assoc pn-set MaxTRESPerNode=gres/gpu=4
sb pn-lfq -q lfq -N1 --gpus-per-node=8
sb pn-normal -N1 --gpus-per-node=8
pass
sq pn-squeue
done_ pn
assoc pn-clear MaxTRESPerNode=gres/gpu=-1
assoc mins-set MaxTRESMins=gres/gpu=40
sb mins-lfq -q lfq --gpus=1
sb mins-normal --gpus=1
pass
sq mins-squeue
done_ mins
assoc mins-clear MaxTRESMins=gres/gpu=-1
acct run-set GrpTRESRunMins=gres/gpu=40
sb run-lfq -q lfq --gpus=1
sb run-normal --gpus=1
pass
sq run-squeue
done_ run
acct run-clear GrpTRESRunMins=gres/gpu=-1

# A factor under 1 lowers the limit: 8 GPUs of GrpTRES are 4 under LimitFactor=0.5.
c half sacctmgr -i modify qos lfq set LimitFactor=0.5
acct half-grp-set GrpTRES=gres/gpu=8
sb half-lfq -q lfq --gpus=6
sb half-normal --gpus=6
pass
sq half-squeue
done_ half
acct half-grp-clear GrpTRES=gres/gpu=-1

assoc revoke qos-=lfq
c delete sacctmgr -i delete qos lfq
echo "recorded $n cases into $GOLDEN_DIR"
