#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; under a
# minute. Records into cases/ the limits on how many pending jobs accrue age (GrpJobsAccrue,
# MaxJobsAccrue, MaxJobsAccruePerAccount/PerUser) and MinPrioThresh: how sacctmgr reads,
# summarises, inherits and shows them, and that slurmctld lets jobs over them accrue age all
# the same (every pending job of alice's gets its AccrueTime under MaxJobsAccrue=1). Its own
# QOS "acq" and accounts "acx" (bob, alice) and "acy" (bob), created here and removed at
# the end. Last, an association takes its account's DefQOS and Priority when it sets none.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
show() { c "$1" sacctmgr show assoc where account=acx format=account,user,maxjobsaccrue,grpjobsaccrue,minpriothresh "${@:2}"; }

c add-qos sacctmgr -i add qos acq GrpJobs=1 GrpJobsAccrue=4 GrpSubmitJobs=2 GrpWall=5 \
    MaxJobsPerAccount=1 MaxJobsAccruePerAccount=3 MaxJobsPerUser=1 MaxJobsAccruePerUser=2 \
    MaxSubmitJobsPerAccount=3 MaxSubmitJobsPerUser=4 MaxWall=10 MinPrioThresh=7 \
    MaxTRESPerJob=cpu=1 MinTRESPerJob=cpu=1 Priority=3 Preempt=normal UsageFactor=2 \
    UsageThreshold=0.5 GraceTime=5 Flags=NoDecay PreemptMode=requeue PreemptExemptTime=5
c show-qos sacctmgr show qos acq format=name,maxjobsaccruepu,maxjobsaccruepa,grpjobsaccrue,minpriothresh
c show-qos-default sacctmgr show qos acq -P
c add-qos-threshold-word sacctmgr -i add qos acq2 MinPrioThreshold=7
c bad-qos-values sacctmgr -i modify qos acq set MaxJobsAccruePU=abc MaxJobsAccruePA=y GrpJobsAccrue=x MinPrioThresh=y
c clear-qos sacctmgr -i modify qos acq set MaxJobsAccruePU=-1 MaxJobsAccruePA=-1 GrpJobsAccrue=-1 MinPrioThresh=-1
c show-qos-cleared sacctmgr show qos acq format=name,maxjobsaccruepu,maxjobsaccruepa,grpjobsaccrue,minprio -P
c add-account sacctmgr -i add account acx GrpJobs=1 GrpJobsAccrue=5 GrpSubmitJobs=3 GrpWall=4 \
    MaxJobs=1 MaxJobsAccrue=6 MaxSubmitJobs=2 MaxWall=5 MinPrioThresh=8 Priority=3 \
    Fairshare=3 QOS=normal DefaultQOS=normal MaxTRES=cpu=1
c add-user-plain sacctmgr -i add user bob account=acx
c add-user-own sacctmgr -i add user alice account=acx MaxJobsAccrue=2 GrpJobsAccrue=3
show show-inherited
c show-inherited-narrow sacctmgr list assoc where account=acx format=account,user,maxjobsaccrue%3,grpjobsaccrue%3
c show-assoc-default sacctmgr show assoc where account=acx user=bob -P
c bad-max-accrue sacctmgr -i modify user bob where account=acx set MaxJobsAccrue=abc
c bad-threshold sacctmgr -i modify user bob where account=acx set MinPrioThresh=abc
c bad-grp-accrue sacctmgr -i modify user bob where account=acx set GrpJobsAccrue=abc
c modify-user sacctmgr -i modify user bob where account=acx set MaxJobsAccrue=4 MinPrioThresh=2 GrpJobsAccrue=1
show show-modified -P
c modify-account sacctmgr -i modify account acx set MaxJobsAccrue=-1 MinPrioThresh=-1
show show-account-cleared -P

# Over the limit, jobs accrue age all the same: carol fills the cluster, then alice's three
# jobs wait under MaxJobsAccrue=1 and each gets an AccrueTime.
c accrue-set sacctmgr -i modify user alice where account=research set MaxJobsAccrue=1
cu accrue-fill carol sbatch -J big -N4 --gpus-per-node=8 --time=30 --wrap='sleep 600'
sleep 2
for i in 1 2 3; do cu accrue-submit-$i alice sbatch -J a$i --gpus=8 --time=10 --wrap='sleep 600'; done
sleep 4
c accrue-squeue squeue -u alice -o '%j %t %r' -S i
c accrue-times squeue -h -u alice -O Name:4,AccrueTime -S i
c accrue-cancel-alice scancel -u alice
c accrue-cancel-carol scancel -u carol
c accrue-reset sacctmgr -i modify user alice where account=research set MaxJobsAccrue=-1

# An association that sets no DefQOS (or Priority) takes its account's: at submission too.
c defqos-account sacctmgr -i add account acy DefaultQOS=high QOS=normal,high
c defqos-user sacctmgr -i add user bob account=acy
c defqos-show sacctmgr show assoc where account=acy format=account,user,qos,defaultqos,priority -P
cu defqos-submit bob sbatch -A acy -H --wrap=true
c defqos-squeue squeue -u bob -o '%a %q'
cu defqos-cancel bob scancel -u bob
c priority-account sacctmgr -i modify account acy set Priority=5
c priority-show sacctmgr show assoc where account=acy format=account,user,priority -P

# Put the oracle back as it was (not recorded).
sacctmgr -i delete user bob account=acy >/dev/null
sacctmgr -i delete account acy >/dev/null
sacctmgr -i delete user bob,alice account=acx >/dev/null
sacctmgr -i delete account acx >/dev/null
sacctmgr -i delete qos acq,acq2 >/dev/null
sleep 2
echo "recorded $n cases into $GOLDEN_DIR"
