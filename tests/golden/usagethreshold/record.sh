#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about
# 7 minutes. Records into cases/ a QOS's UsageThreshold under Flags=EnforceUsageThreshold,
# and that the recorded slurmctld holds no job for it: with the threshold at 0.99, a new
# user's jobs start before the decay thread has looked at him (sshare shows his FairShare
# 0) and after it charged his first job (about 0.17 here), under DenyOnLimit too. Its own
# QOS "ut", account "uta" (dave), created here and removed at the end.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
sb() { local nm=$1; shift; cu "$nm" dave sbatch -J "$nm" -t 60 "$@" --wrap='sleep 900'; }
sq() { c "$1" squeue -u dave -o '%j %q %t %r' -S i; }
pass() { sleep 4; }
getent passwd dave >/dev/null || useradd -M -s /bin/bash dave

c add-qos sacctmgr -i add qos ut Flags=EnforceUsageThreshold UsageThreshold=0.99
c show-qos sacctmgr show qos ut format=name,flags%30,usagethres
c bad-threshold sacctmgr -i modify qos ut set UsageThreshold=abc
c add-account sacctmgr -i add account uta
c add-user sacctmgr -i add user dave account=uta qos=normal,ut defaultqos=ut
sb first --gpus=1
pass
sq first-squeue
sleep 330  # the decay thread's next pass charges it (PriorityCalcPeriod, 5 minutes)
sb held --gpus=1
sb other-qos -q normal --gpus=1
pass
sq held-squeue
c held-show-reason squeue -u dave -t PD -o '%j %r'
c flag-off sacctmgr -i modify qos ut set Flags=-1
sb no-flag --gpus=1
pass
sq no-flag-squeue
c deny sacctmgr -i modify qos ut set Flags=DenyOnLimit,EnforceUsageThreshold
sb denied --gpus=1
pass
sq deny-squeue
cu cancel dave scancel -u dave
sleep 2

# Put the oracle back as it was (not recorded).
sacctmgr -i delete user dave account=uta >/dev/null
sacctmgr -i delete account uta >/dev/null
sacctmgr -i delete qos ut >/dev/null
sleep 2
userdel dave 2>/dev/null
echo "recorded $n cases into $GOLDEN_DIR"
