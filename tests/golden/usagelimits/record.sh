#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about
# 13 minutes. Records into cases/ the limits on usage, GrpTRESMins and GrpWall: a job held
# or refused by them at once (a limit of 0, or a job that would go over on its own), the
# order among the other group limits, and, over two of the decay thread's passes
# (PriorityCalcPeriod, 5 minutes), running jobs killed when their association's GPU-minutes
# or their QOS's wall minutes are spent, and new jobs held for it. Its own QOS "ux" and
# "um", accounts "ux" (gus), "uma" (dave, erin) and "umb" (frank), created here and removed
# at the end, on the debug partition.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
sb() { local nm=$1 u=$2; shift 2; cu "$nm" "$u" sbatch -p debug "$@" --wrap='sleep 900'; }
sj() { c "$1" squeue -j "$2" -o '%i %j %u %t %l %b %r'; }
q() { local nm=$1; shift; c "$nm" sacctmgr -i modify qos ux set "$@"; }
pass() { sleep 4; }
step() {  # step NAME SBATCH-ARGS...: submit as gus, show it at once and after a pass, cancel it
    local nm=$1 j; shift
    sb "$nm" gus "$@"; j=$(id)
    [ -n "$j" ] || return 0
    sj "$nm-at-submit" "$j"
    pass
    sj "$nm-after-pass" "$j"
    cu "$nm-cancel" gus scancel "$j"
}
for u in gus dave erin frank; do getent passwd "$u" >/dev/null || useradd -M -s /bin/bash "$u"; done

c setup-qos sacctmgr -i add qos ux,um
c setup-accounts sacctmgr -i add account ux,uma,umb
c setup-user-gus sacctmgr -i add user gus account=ux
c setup-users-a sacctmgr -i add user dave,erin account=uma
c setup-user-frank sacctmgr -i add user frank account=umb
c setup-gus-qos sacctmgr -i modify user gus set qos=ux defaultqos=ux
c setup-frank-qos sacctmgr -i modify user frank set qos=um defaultqos=um

# At once: a limit of 0, a job over the limit on its own, the order among group limits.
q mins-zero GrpTRESMins=gres/gpu=0
step mins-zero-job -J z1 --time=10 --gpus=1
q mins-set GrpTRESMins=gres/gpu=100
step mins-job-over -J z2 --time=60 --gpus=2
step mins-job-under -J z3 --time=60 --gpus=1
step mins-job-no-gpu -J z4 --time=60
q mins-and-grptres GrpTRESMins=gres/gpu=0 GrpTRES=gres/gpu=0
step mins-before-grptres -J z5 --time=10 --gpus=1
q mins-reset GrpTRESMins=gres/gpu=-1 GrpTRES=gres/gpu=-1
q wall-zero GrpWall=0
step wall-zero-job -J w1 --time=10
q wall-and-jobs GrpJobs=0 MaxJobsPerAccount=0
step wall-after-grpjobs -J w2 --time=10
q wall-lift-grpjobs GrpJobs=-1
step wall-before-jpa -J w3 --time=10
q wall-reset GrpWall=-1 MaxJobsPerAccount=-1
q wall-set GrpWall=30
step wall-job-over -J w4 --time=60
q wall-reset-30 GrpWall=-1
c assoc-zero sacctmgr -i modify user gus set GrpTRESMins=gres/gpu=0 GrpWall=0
c assoc-sshare sshare -a -A ux -o account,user,grptresmins
step assoc-wall-first -J a1 --time=10 --gpus=1
c assoc-lift-wall sacctmgr -i modify user gus set GrpWall=-1
step assoc-mins -J a2 --time=10 --gpus=1
c assoc-reset sacctmgr -i modify user gus set GrpTRESMins=gres/gpu=-1

# Under DenyOnLimit: refused when the job alone goes over.
q deny-set Flags=DenyOnLimit GrpTRESMins=gres/gpu=100 GrpWall=30
sb deny-mins gus -J d1 --time=60 --gpus=2
sb deny-wall gus -J d2 --time=60 --gpus=1
sb deny-both-mins-first gus -J d3 --time=60 --gpus=2
q deny-reset Flags=-1 GrpTRESMins=gres/gpu=-1 GrpWall=-1

# Over time: the account's GPU-minutes (1) and the QOS's wall minutes (1) are spent at
# the decay thread's next pass; the time-limit check then ends the jobs they bind.
c spend-set-account sacctmgr -i modify account uma set GrpTRESMins=gres/gpu=1
c spend-sshare sshare -a -A uma,umb -o account,user,grptresmins%30
c spend-set-qos sacctmgr -i modify qos um set GrpWall=1
sb spend-gpu dave -J g1 --time=60 --gpus=1
g1=$(id)
sb spend-cpu erin -J c1 --time=60
c1=$(id)
sb spend-wall frank -J f1 --time=60
f1=$(id)
pass
c spend-squeue squeue -u dave,erin,frank -o '%i %j %u %t %l %b %r' -S i
sleep 660  # two passes of the decay thread, here and in a replay, whatever their phase
c spend-squeue-after squeue -u dave,erin,frank -o '%i %j %u %t %l %b %r' -S i
c spend-sacct sacct -j "$g1,$c1,$f1" -X -o jobid,jobname,user,state,exitcode
c spend-show scontrol show job "$g1"
sb spend-gpu-again dave -J g2 --time=10 --gpus=1
sb spend-cpu-again erin -J c2 --time=10
sb spend-wall-again frank -J f2 --time=10
pass
c spend-squeue-held squeue -u dave,erin,frank -o '%i %j %u %t %l %b %r' -S i
c spend-reset-usage sacctmgr -i modify account uma set RawUsage=0
c spend-reset-qos-usage sacctmgr -i modify qos um set RawUsage=0
c spend-cancel-dave scancel -u dave
c spend-cancel-erin scancel -u erin
c spend-cancel-frank scancel -u frank
c spend-reset-account sacctmgr -i modify account uma set GrpTRESMins=gres/gpu=-1
c spend-reset-qos sacctmgr -i modify qos um set GrpWall=-1

# Put the oracle back as it was (not recorded).
sacctmgr -i delete user gus,dave,erin,frank >/dev/null
sacctmgr -i delete account ux,uma,umb >/dev/null
sacctmgr -i delete qos ux,um >/dev/null
sleep 5
for u in gus dave erin frank; do userdel "$u" 2>/dev/null; done
echo "recorded $n cases into $GOLDEN_DIR"
