#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about
# 3 minutes. Records into cases/ the QOS and association limits that tests/golden/limits/
# leaves out: the submission counts (GrpSubmitJobs, MaxSubmitJobsPerAccount), the
# per-account limits (MaxJobsPerAccount, MaxTRESPerAccount), MaxTRESPerNode,
# MinTRESPerJob, MaxTRESMinsPerJob and GrpTRESRunMins, and the order in which slurmctld
# names them: at submission under DenyOnLimit, and for a pending job before and after its
# nodes are chosen. Everything happens under its own QOS "lk", accounts "lka" (dave, erin)
# and "lkb" (frank), created here and removed at the end, on the debug partition.
# Check that no case shows Resources or Priority before keeping a run.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
sb() { local nm=$1 u=$2; shift 2; cu "$nm" "$u" sbatch -p debug "$@" --wrap='sleep 900'; }
sq() { c "$1" squeue -u dave,erin,frank -o '%i %j %u %a %t %l %b %r' -S i; }
q() { local nm=$1; shift; c "$nm" sacctmgr -i modify qos lk set "$@"; }
pass() { sleep 4; }  # the oracle's main scheduler runs within 1-3 s of a submission
cancel() { local u; for u in dave erin frank; do c "$1-cancel-$u" scancel -u $u; done; sleep 2; }
for u in dave erin frank; do getent passwd "$u" >/dev/null || useradd -M -s /bin/bash "$u"; done

c setup-qos sacctmgr -i add qos lk
c setup-accounts sacctmgr -i add account lka,lkb
c setup-users-a sacctmgr -i add user dave,erin account=lka
c setup-users-b sacctmgr -i add user frank account=lkb
c setup-users-qos sacctmgr -i modify user dave,erin,frank set qos=lk defaultqos=lk

# Submission counts refuse whatever the flags: the QOS's in all, per account; the
# association's below it (an array counts each task).
q gsub-set GrpSubmitJobs=2
sb gsub-array-over dave -J ga --time=10 --array=1-3
sb gsub-array dave -J ga --time=10 --array=1-2
sb gsub-over erin -J g3 --time=10
sq gsub-squeue
cancel gsub
q gsub-reset GrpSubmitJobs=-1
q spa-set MaxSubmitJobsPerAccount=2
sb spa-d1 dave -J s1 --time=10
sb spa-e1 erin -J s2 --time=10
sb spa-d2-over dave -J s3 --time=10
sb spa-f1-other-account frank -J s4 --time=10
sq spa-squeue
cancel spa
q spa-reset MaxSubmitJobsPerAccount=-1
c agsub-set-account sacctmgr -i modify account lka set GrpSubmitJobs=1
c agsub-set-user sacctmgr -i modify user frank set GrpSubmitJobs=1
sb agsub-d1 dave -J a1 --time=10
sb agsub-e1-over erin -J a2 --time=10
sb agsub-f1 frank -J a3 --time=10
sb agsub-f2-over frank -J a4 --time=10
sq agsub-squeue
cancel agsub
c agsub-reset-account sacctmgr -i modify account lka set GrpSubmitJobs=-1
c agsub-reset-user sacctmgr -i modify user frank set GrpSubmitJobs=-1

# Per account: running jobs (shown at submission) and GPUs held.
q jpa-set MaxJobsPerAccount=1
sb jpa-d1 dave -J j1 --time=10
pass
sb jpa-e1-over erin -J j2 --time=10
sb jpa-f1-other-account frank -J j3 --time=10
sq jpa-squeue-at-submit
pass
sq jpa-squeue-after-pass
cancel jpa
q jpa-reset MaxJobsPerAccount=-1
q tpa-set MaxTRESPerAccount=gres/gpu=2
sb tpa-d1 dave -J t1 --time=10 --gpus=1
pass
sb tpa-e1-over erin -J t2 --time=10 --gpus=2
sb tpa-f1-other-account frank -J t3 --time=10 --gpus=2
sq tpa-squeue-at-submit
pass
sq tpa-squeue-after-pass
cancel tpa
q tpa-reset MaxTRESPerAccount=gres/gpu=-1

# MaxTRESPerNode: the job's count over its fewest nodes; MinTRESPerJob.
q node-set MaxTRESPerNode=gres/gpu=4 MinTRESPerJob=gres/gpu=1
sb node-spread dave -J n1 --time=10 -N 2 --gpus=8
sb node-range-over dave -J n2 --time=10 -N 1-2 --gpus=6
sb node-per-task-over dave -J n3 --time=10 -n 2 --gpus-per-task=3
sb node-per-node-over dave -J n4 --time=10 -N 2 --gpus-per-node=5
sb node-no-gpu-under dave -J n5 --time=10
pass
sq node-squeue
cancel node
q node-reset MaxTRESPerNode=gres/gpu=-1 MinTRESPerJob=gres/gpu=-1

# TRES-minutes: of the job alone (MaxTRESMinsPerJob), and with what running jobs have
# left of theirs (GrpTRESRunMins).
q mins-set MaxTRESMinsPerJob=gres/gpu=60
sb mins-over dave -J m1 --time=61 --gpus=1
sb mins-at dave -J m2 --time=60 --gpus=1
sb mins-spread dave -J m3 --time=30 -N 2 --gpus=2
pass
sq mins-squeue
cancel mins
q mins-reset MaxTRESMinsPerJob=gres/gpu=-1
q run-set GrpTRESRunMins=gres/gpu=120
sb run-d1 dave -J r1 --time=60 --gpus=1
pass
sb run-e1-over erin -J r2 --time=61 --gpus=1
sb run-e2-at erin -J r3 --time=60 --gpus=1
pass
sq run-squeue
cancel run
q run-reset GrpTRESRunMins=gres/gpu=-1

# The same limits on associations.
c assoc-set-user sacctmgr -i modify user dave set MaxTRESPerNode=gres/gpu=4 MaxTRESMinsPerJob=gres/gpu=60
c assoc-set-account sacctmgr -i modify account lka set GrpTRESRunMins=gres/gpu=120
sb assoc-node-over dave -J x1 --time=10 -N 1 --gpus=5
sb assoc-mins-over dave -J x2 --time=61 --gpus=1
sb assoc-run-e1 erin -J x3 --time=60 --gpus=2
pass
sb assoc-run-d1-over dave -J x4 --time=5 --gpus=1
pass
sq assoc-squeue
cancel assoc
c assoc-reset-user sacctmgr -i modify user dave set MaxTRESPerNode=gres/gpu=-1 MaxTRESMinsPerJob=gres/gpu=-1
c assoc-reset-account sacctmgr -i modify account lka set GrpTRESRunMins=gres/gpu=-1

# The order of a pending job's reasons: each limit lifted in turn shows the next, on a job
# submitted then (a lift starts no pass: a job held before keeps its reason until the next
# periodic one); the job before is cancelled first.
sj() { c "$1" squeue -j "$2" -o '%i %j %u %a %t %l %b %r'; }
step() {  # step NAME DELAY SBATCH-ARGS...: submit as dave, wait DELAY, show it, cancel it
    local nm=$1 delay=$2 j; shift 2
    sb "$nm" dave "$@"; j=$(id)
    sleep "$delay"
    sj "$nm-squeue" "$j"
    cu "$nm-cancel" dave scancel "$j"
}
sb pre-running dave -J p0 --time=10
pass
q pre-set GrpJobs=1 MaxJobsPerAccount=1 MaxJobsPerUser=1 MaxWall=60
step pre-held 0 -J p1 --time=120
for lim in GrpJobs MaxJobsPerAccount MaxJobsPerUser; do
    q pre-lift-$lim $lim=-1
    step pre-after-$lim 0 -J p1 --time=120
done
cancel pre
q pre-reset MaxWall=-1
q post-set GrpTRES=gres/gpu=8 GrpTRESRunMins=gres/gpu=100 MaxTRESMinsPerJob=gres/gpu=100 MaxTRESPerJob=gres/gpu=8 MaxTRESPerNode=gres/gpu=3 MinTRESPerJob=gres/gpu=10 MaxTRESPerAccount=gres/gpu=8 MaxTRESPerUser=gres/gpu=8
step post-held 4 -J p2 -N 2 --gpus=9 --time=120
for lim in GrpTRES GrpTRESRunMins MaxTRESMinsPerJob MaxTRESPerJob MaxTRESPerNode MinTRESPerJob MaxTRESPerAccount; do
    q post-lift-$lim $lim=gres/gpu=-1
    step post-after-$lim 4 -J p2 -N 2 --gpus=9 --time=120
done
cancel post
q post-reset MaxTRESPerUser=gres/gpu=-1
c apost-set sacctmgr -i modify user dave set GrpTRES=gres/gpu=8 GrpTRESRunMins=gres/gpu=100 MaxTRESMinsPerJob=gres/gpu=100 MaxTRESPerJob=gres/gpu=8 MaxTRESPerNode=gres/gpu=3
step apost-held 4 -J p3 -N 2 --gpus=9 --time=120
for lim in GrpTRES GrpTRESRunMins MaxTRESMinsPerJob MaxTRESPerJob; do
    c apost-lift-$lim sacctmgr -i modify user dave set $lim=gres/gpu=-1
    step apost-after-$lim 4 -J p3 -N 2 --gpus=9 --time=120
done
cancel apost
c apost-reset sacctmgr -i modify user dave set MaxTRESPerNode=gres/gpu=-1

# The order of refusals under DenyOnLimit: each limit lifted in turn names the next.
q deny-set Flags=DenyOnLimit MaxTRESPerAccount=gres/gpu=8 MaxTRESPerUser=gres/gpu=8 GrpTRES=gres/gpu=8 GrpSubmitJobs=0 MaxTRESMinsPerJob=gres/gpu=100 GrpTRESRunMins=gres/gpu=100 MaxWall=60 MaxTRESPerJob=gres/gpu=8 MaxTRESPerNode=gres/gpu=3 MaxSubmitJobsPerAccount=0 MaxSubmitJobsPerUser=0 MinTRESPerJob=gres/gpu=10
sb deny-all dave -J dn -N 2 --gpus=9 --time=120
for lim in MaxTRESPerAccount=gres/gpu=-1 MaxTRESPerUser=gres/gpu=-1 GrpTRES=gres/gpu=-1 GrpSubmitJobs=-1 MaxTRESMinsPerJob=gres/gpu=-1 GrpTRESRunMins=gres/gpu=-1 MaxWall=-1 MaxTRESPerJob=gres/gpu=-1 MaxTRESPerNode=gres/gpu=-1 MaxSubmitJobsPerAccount=-1 MaxSubmitJobsPerUser=-1; do
    q "deny-lift-${lim%%=*}" "$lim"
    sb "deny-after-${lim%%=*}" dave -J dn -N 2 --gpus=9 --time=120
done
cancel deny
q deny-reset MinTRESPerJob=gres/gpu=-1
c adeny-set sacctmgr -i modify user dave set GrpTRES=gres/gpu=8 GrpSubmitJobs=0 GrpTRESRunMins=gres/gpu=100 MaxTRESPerJob=gres/gpu=8 MaxTRESPerNode=gres/gpu=3 MaxSubmitJobs=0 MaxTRESMinsPerJob=gres/gpu=100 MaxWall=60
sb adeny-all dave -J dn -N 2 --gpus=9 --time=120
for lim in GrpTRES=gres/gpu=-1 GrpSubmitJobs=-1 GrpTRESRunMins=gres/gpu=-1 MaxTRESPerJob=gres/gpu=-1 MaxTRESPerNode=gres/gpu=-1 MaxSubmitJobs=-1 MaxTRESMinsPerJob=gres/gpu=-1; do
    c "adeny-lift-${lim%%=*}" sacctmgr -i modify user dave set "$lim"
    sb "adeny-after-${lim%%=*}" dave -J dn -N 2 --gpus=9 --time=120
done
cancel adeny
c adeny-reset sacctmgr -i modify user dave set MaxWall=-1
q adeny-reset-flags Flags=-1

# Flags=-1 clears every flag, whatever the operator; after a flag it is passed over.
qf() { c "$1" sacctmgr -P -n show qos lk format=flags; }
q flags-set Flags=DenyOnLimit,NoDecay
q flags-minus-clear Flags-=-1
qf flags-show-cleared
q flags-reset Flags=DenyOnLimit
q flags-after-flag Flags=DenyOnLimit,-1
qf flags-show-kept
q flags-first Flags=-1,DenyOnLimit
qf flags-show-first
q flags-bad Flags=-2

# Put the oracle back as it was (not recorded).
sacctmgr -i delete user dave,erin,frank >/dev/null
sacctmgr -i delete account lka,lkb >/dev/null
sacctmgr -i delete qos lk >/dev/null
sleep 5  # the cancelled jobs' processes take a moment to go
for u in dave erin frank; do userdel "$u" 2>/dev/null; done
echo "recorded $n cases into $GOLDEN_DIR"
