#!/bin/bash
# Run as root on an oracle just set up (shared/oracle/setup.sh: slurmctld keeps the users and
# accounts a QOS has counted until it restarts) with an empty queue, holding the oracle lock;
# about ten minutes. Records into cases/ what `scontrol show assoc_mgr` prints: the users,
# associations and QOS the controller holds, with their limits and what counts against them
# (running, accruing and submitted jobs, TRES held, TRES-minutes left to run), whole, in one
# line each (-o) and filtered, and how it answers words it does not take.
#
# Usage is put at zero first, and the scenario runs in the five minutes after a pass of the
# decay thread that saw no usage: the replay starts slurmsim's decay thread there too.
. "$(dirname "$0")/../record-lib.sh"
require_idle
if scontrol show assoc_mgr flags=qos | grep -q '^      [0-9]'; then
    echo "a QOS still counts users of earlier jobs: set the oracle up again first" >&2
    exit 1
fi
rm -f "$GOLDEN_DIR"/*.txt
cleanup() {
    scancel -u alice; scancel -u bob; scancel -u carol; scancel -u root
    sleep 2
    sacctmgr -i remove user bob account=sub
    sacctmgr -i remove account sub
    sacctmgr -i modify account research set GrpJobs=-1 GrpTRES=gres/gpu=-1 MaxJobs=-1 GrpWall=-1
    sacctmgr -i modify user alice set MaxJobs=-1 MaxSubmitJobs=-1 MaxWallDurationPerJob=-1 \
        MaxTRESPerJob=gres/gpu=-1,cpu=-1 GrpTRESRunMins=cpu=-1 MaxTRESPerNode=gres/gpu=-1 \
        MaxTRESMinsPerJob=cpu=-1 MaxJobsAccrue=-1 GrpJobsAccrue=-1 GrpSubmitJobs=-1
    sacctmgr -i modify qos high set MaxTRESPerUser=gres/gpu=-1 MaxJobsPerUser=-1 \
        GrpTRES=gres/gpu=-1 MinTRESPerJob=cpu=-1 MaxWall=-1 GrpJobs=-1 MaxTRESPerNode=gres/gpu=-1 \
        MaxTRESMins=cpu=-1 MaxTRESPerAccount=cpu=-1 MaxJobsPerAccount=-1 GrpWall=-1 \
        GrpTRESMins=gres/gpu=-1 MaxSubmitJobsPerUser=-1 MaxJobsAccruePerUser=-1 GrpSubmitJobs=-1 \
        GrpJobsAccrue=-1 GrpTRESRunMins=cpu=-1 MaxSubmitJobsPerAccount=-1 \
        MaxJobsAccruePerAccount=-1 MinPrioThresh=-1
}
trap 'rm -f "$OUT"; cleanup >/dev/null 2>&1' EXIT

# The decay thread's phase: a job of root's is charged at its next pass.
line() { scontrol show assoc_mgr flags=assoc users=root accounts=root | grep -A2 'UserName=root(0)' | sed -n 3p; }
j=$(sbatch --parsable -o /dev/null -t 10 --wrap='sleep 600')
until line | grep -vq 'UsageRaw/Norm/Efctv=0.00/'; do sleep 1; done
scancel "$j"; sleep 2
for what in "account root" "qos normal" "qos high"; do
    sacctmgr -i modify $what set RawUsage=0 >/dev/null
done
# The next pass sees no usage left: Norm and Efctv back at 0.
until line | grep -q 'UsageRaw/Norm/Efctv=0.00/0.00/0.00'; do sleep 1; done

S='scontrol show assoc_mgr'
a whole $S
a whole-oneliner scontrol -o show assoc_mgr
a users $S users=alice,bob
a accounts $S accounts=research
a account-and-user $S accounts=product users=alice
a users-carol-assoc $S users=carol flags=assoc
a qos $S qos=high
a flags-users $S flags=users
a flags-two $S flags=users,qos
a flags-twice $S flags=users flags=qos
a flags-bogus $S flags=bogus
a flags-mixed $S flags=qos,bogus
a flags-empty $S flags=
a users-empty $S users=
a users-nosuch $S users=nosuch
a accounts-nosuch $S accounts=nosuch
a qos-nosuch $S qos=nosuch
a bogus $S bogus=1
a extra-word $S users=alice extra
a entity-value scontrol show assoc_mgr=users flags=users
a prefixes scontrol show as u=ALICE f=assoc a=RESEARCH
a cache scontrol show cache flags=users
a users-gap $S users=alice,,bob flags=users
a qos-list $S qos=high,normal flags=qos
a oneliner-qos scontrol -o show assoc_mgr flags=qos
a oneliner-nosuch scontrol -o show assoc_mgr flags=users,assoc users=nosuch accounts=nosuch

r limits-account sacctmgr -i modify account research set GrpJobs=3 GrpTRES=gres/gpu=16 MaxJobs=4 GrpWall=600
r limits-user sacctmgr -i modify user alice set MaxJobs=2 MaxSubmitJobs=5 MaxWallDurationPerJob=60 \
    MaxTRESPerJob=gres/gpu=8,cpu=64 GrpTRESRunMins=cpu=100000 MaxTRESPerNode=gres/gpu=4 \
    MaxTRESMinsPerJob=cpu=9000 MaxJobsAccrue=3 GrpJobsAccrue=4 GrpSubmitJobs=6
r limits-qos sacctmgr -i modify qos high set MaxTRESPerUser=gres/gpu=8 MaxJobsPerUser=2 \
    GrpTRES=gres/gpu=24 MinTRESPerJob=cpu=1 MaxWall=60 GrpJobs=5 MaxTRESPerNode=gres/gpu=8 \
    MaxTRESMins=cpu=1000 MaxTRESPerAccount=cpu=200 MaxJobsPerAccount=5 GrpWall=100 \
    GrpTRESMins=gres/gpu=5000 MaxSubmitJobsPerUser=4 MaxJobsAccruePerUser=3 GrpSubmitJobs=9 \
    GrpJobsAccrue=6 GrpTRESRunMins=cpu=50000 MaxSubmitJobsPerAccount=7 MaxJobsAccruePerAccount=8 \
    MinPrioThresh=10
r add-account sacctmgr -i add account sub parent=research
r add-user sacctmgr -i add user bob account=sub
a limits $S flags=assoc,qos

for i in 1 2 3; do a alice-$i sbatch -o /dev/null -t 30 -G 2 -c 4 --wrap='sleep 600'; done
sleep 3
b bob-high-1 sbatch -o /dev/null -t 20 -q high -G 1 --wrap='sleep 600'
b bob-high-8 sbatch -o /dev/null -t 20 -q high -G 8 -N 1 --wrap='sleep 600'
# (No job runs under sub: slurmdbd would keep a removed association with jobs in its
# nested sets for good, and every later recording's Lft with it.)
sleep 4  # they start (slurmsim's pass comes two seconds after a submission)
c carol carol-held sbatch -o /dev/null -t 10 -H --wrap='sleep 60'
c carol carol-array sbatch -o /dev/null -t 10 -a 1-4 -N 4 -G 32 --wrap='sleep 60'
sleep 4
a squeue squeue
a busy $S
a busy-oneliner scontrol -o show assoc_mgr
a busy-bob $S users=bob flags=assoc,users
b busy-qos-as-bob $S flags=qos
b cancel-bob scancel -u bob
sleep 3
a after-bob $S qos=high,normal flags=qos
r remove-user sacctmgr -i remove user bob account=sub
r remove-account sacctmgr -i remove account sub
a removed $S flags=assoc
# The decay thread has not run since the usage went to zero: alice's TRES-minutes left are
# still her running jobs' whole limits (two of 4 CPUs for 30 minutes).
$S flags=assoc users=alice accounts=research | grep -q 'GrpTRESRunMins=cpu=100000(240),' ||
    { echo "the decay thread ran during the scenario: record again" >&2; exit 1; }
