#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about half a minute. Records into cases/ how slurmctld counts nodes against a node limit
# (MaxTRESPerUser=node=1, then GrpTRES=node=2 on QOS normal): once per node however many
# of the user's jobs share it; a pending job naming with -w a node they hold adds none,
# one naming another node adds it, one naming none is judged on the nodes chosen. The
# limits are cleared and the jobs cancelled at the end. Record on a freshly started oracle
# (stop.sh, setup.sh): run again, slurmctld 22.05 finds a node still counted for bob from
# the run before (its per-user node count outlives jobs cancelled while no per-user node
# limit was set), and his first job waits.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u bob; scancel -u alice; sacctmgr -i modify qos normal set MaxTRESPerUser=node=-1 GrpTRES=node=-1 >/dev/null' EXIT
Q='%i %t %D %N %r'
r per-user sacctmgr -i modify qos normal set MaxTRESPerUser=node=1
sleep 2
b first sbatch -w dgx1 -G 1 -t 5 --wrap='sleep 300'
b same-node sbatch -w dgx1 -G 1 -t 5 --wrap='sleep 300'
b other-node sbatch -w dgx2 -G 1 -t 5 --wrap='sleep 300'
b any-node sbatch -G 1 -t 5 --wrap='sleep 300'
b same-and-other sbatch -N 2 -w dgx[1-2] -G 2 -t 5 --wrap='sleep 300'
sleep 5
b per-user-queue squeue -u bob -S i -o "$Q"
b per-user-cancel scancel -u bob
sleep 2
r per-user-clear sacctmgr -i modify qos normal set MaxTRESPerUser=node=-1
r group sacctmgr -i modify qos normal set GrpTRES=node=2
sleep 2
a group-first sbatch -w dgx3 -G 1 -t 5 --wrap='sleep 300'
b group-same sbatch -w dgx3 -G 1 -t 5 --wrap='sleep 300'
b group-second sbatch -w dgx4 -G 1 -t 5 --wrap='sleep 300'
a group-third sbatch -w dgx1 -G 1 -t 5 --wrap='sleep 300'
a group-held sbatch -w dgx[3-4] -N 2 -G 2 -t 5 --wrap='sleep 300'
sleep 5
a group-queue squeue -S i -o "$Q"
r group-qos sacctmgr -P show qos normal format=name,grptres,maxtrespu
