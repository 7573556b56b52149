#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh); about 2 minutes.
# Records QOS and association limit cases from the oracle into cases/. Everything happens
# under its own QOS "lim", account "lim" and users dave and erin (created here, removed at
# the end), so that other people's jobs on the oracle neither count against the limits nor
# are touched; the oracle's accounts are left as they were found.
# Jobs go to the debug partition, which others use less (a job blocked there would turn
# ours to Priority). Check that no case shows Resources or Priority before keeping a run.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
sb() { local nm=$1 u=$2; shift 2; cu "$nm" "$u" sbatch -p debug "$@" --wrap='sleep 900'; }
sq() { c "$1" squeue -u dave,erin -o '%i %j %u %t %l %r' -S i; }
pass() { sleep 4; }  # the oracle's main scheduler runs within 1-3 s of a submission
for u in dave erin; do getent passwd "$u" >/dev/null || useradd -M -s /bin/bash "$u"; done

c setup-qos sacctmgr -i add qos lim
c setup-account sacctmgr -i add account lim
c setup-users sacctmgr -i add user dave,erin account=lim
c setup-users-qos sacctmgr -i modify user dave,erin set qos=lim defaultqos=lim

# QOS MaxTRESPerUser: over it because of running jobs, or on its own; DenyOnLimit.
c pu-set sacctmgr -i modify qos lim set MaxTRESPerUser=gres/gpu=2
sb pu-d1 dave -J d1 --time=10 --gpus=1
sb pu-d2 dave -J d2 --time=10 --gpus=1
sb pu-d3 dave -J d3 --time=10 --gpus=1
sb pu-e1 erin -J e1 --time=10 --gpus=1
sq pu-squeue-at-submit
pass
sq pu-squeue-after-pass
sb pu-d4-alone-over dave -J d4 --time=10 --gpus=3
c pu-deny sacctmgr -i modify qos lim set Flags=DenyOnLimit
sb pu-d5-denied dave -J d5 --time=10 --gpus=3
sb pu-d6-accepted dave -J d6 --time=10 --gpus=2
pass
sq pu-squeue-deny
c pu-cancel-dave scancel -u dave
c pu-cancel-erin scancel -u erin
c pu-reset sacctmgr -i modify qos lim set Flags-=DenyOnLimit MaxTRESPerUser=gres/gpu=-1

# QOS MaxJobsPerUser, MaxSubmitJobsPerUser and MaxWall: counts show at submit.
c jobs-set sacctmgr -i modify qos lim set MaxJobsPerUser=1 MaxSubmitJobsPerUser=3 MaxWall=20
sb jobs-j1 dave -J j1 --time=10
pass
sb jobs-j2 dave -J j2 --time=10
sb jobs-j3-over-wall dave -J j3 --time=30
sb jobs-j4-submit-limit dave -J j4 --time=10
sq jobs-squeue-at-submit
sb jobs-array-too-big erin -J ar --time=10 --array=0-3
sb jobs-array erin -J ar --time=10 --array=0-2
sb jobs-k1-submit-limit erin -J k1 --time=10
pass
sq jobs-squeue-after-pass
c jobs-cancel-dave scancel -u dave
c jobs-cancel-erin scancel -u erin
c jobs-reset sacctmgr -i modify qos lim set MaxJobsPerUser=-1 MaxSubmitJobsPerUser=-1 MaxWall=-1

# QOS GrpJobs and GrpTRES.
c grp-set sacctmgr -i modify qos lim set GrpJobs=2 GrpTRES=gres/gpu=3
sb grp-g1 dave -J g1 --time=10 --gpus=2
sb grp-g2 erin -J g2 --time=10 --gpus=1
pass
sb grp-g3 erin -J g3 --time=10 --gpus=1
sq grp-squeue-grpjobs
c grp-unset-jobs sacctmgr -i modify qos lim set GrpJobs=-1
pass
sq grp-squeue-grptres
c grp-cancel-dave scancel -u dave
c grp-cancel-erin scancel -u erin
c grp-reset sacctmgr -i modify qos lim set GrpTRES=gres/gpu=-1

# Per-job limits, pending forever without DenyOnLimit, refused with it.
c job-set sacctmgr -i modify qos lim set MaxTRESPerJob=gres/gpu=2 MaxWall=20
sb job-p1-gres dave -J p1 --time=10 --gpus=3
sb job-p2-gres-and-wall dave -J p2 --time=30 --gpus=3
sb job-p3-default-time dave -J p3
sq job-squeue-at-submit
pass
sq job-squeue-after-pass
c job-deny sacctmgr -i modify qos lim set Flags=DenyOnLimit
sb job-p4-denied-wall dave -J p4 --time=30 --gpus=3
sb job-p5-denied-gres dave -J p5 --time=10 --gpus=3
c job-cancel-dave scancel -u dave
c job-reset sacctmgr -i modify qos lim set Flags-=DenyOnLimit MaxTRESPerJob=gres/gpu=-1 MaxWall=-1

# Association limits: the account's GrpTRES, the user's MaxJobs and MaxSubmitJobs, and a
# MaxWall set on the account that its users inherit.
c assoc-set-account sacctmgr -i modify account lim set GrpTRES=gres/gpu=2
c assoc-set-user sacctmgr -i modify user dave set MaxJobs=1
sb assoc-a1 dave -J a1 --time=10 --gpus=1
pass
sb assoc-a2 dave -J a2 --time=10 --gpus=1
sb assoc-a3 erin -J a3 --time=10 --gpus=2
sq assoc-squeue-at-submit
pass
sq assoc-squeue-after-pass
c assoc-set-submit sacctmgr -i modify user dave set MaxSubmitJobs=2
sb assoc-a4-submit-limit dave -J a4 --time=10
c assoc-set-wall sacctmgr -i modify account lim set MaxWall=20
sb assoc-a5-inherited-wall erin -J a5 --time=30 --gpus=1
sq assoc-squeue-wall
c assoc-cancel-dave scancel -u dave
c assoc-cancel-erin scancel -u erin
c assoc-reset-account sacctmgr -i modify account lim set GrpTRES=gres/gpu=-1 MaxWall=-1
c assoc-reset-user sacctmgr -i modify user dave set MaxJobs=-1 MaxSubmitJobs=-1

# Which limit names the reason: cpu before gres, group before per user, the
# association's job count before the QOS's TRES.
c order-set sacctmgr -i modify qos lim set MaxTRESPerUser=cpu=2,gres/gpu=1 GrpTRES=gres/gpu=3
sb order-o1 dave -J o1 --time=10 --gpus=1
sb order-o2 erin -J o2 --time=10 --gpus=1 -c 2
pass
sb order-o3-cpu-and-gres dave -J o3 --time=10 --gpus=1 -c 2
sb order-o4-grp-and-user erin -J o4 --time=10 --gpus=2
pass
sq order-squeue-tres
c order-set-user sacctmgr -i modify user dave set MaxJobs=1
sb order-o5-assoc-jobs-and-qos-tres dave -J o5 --time=10 --gpus=1
pass
sq order-squeue
c order-deny sacctmgr -i modify qos lim set Flags=DenyOnLimit MaxTRESPerJob=gres/gpu=1
sb order-o6-denied-user-before-job dave -J o6 --time=10 --gpus=3
c order-cancel-dave scancel -u dave
c order-cancel-erin scancel -u erin

# Put the oracle back as it was (not recorded).
sacctmgr -i delete user dave,erin >/dev/null
sacctmgr -i delete account lim >/dev/null
sacctmgr -i delete qos lim >/dev/null
sleep 5  # the cancelled jobs' processes take a moment to go
for u in dave erin; do userdel "$u" 2>/dev/null; done
echo "recorded $n cases into $GOLDEN_DIR"
