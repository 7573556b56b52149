#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh); about 2 minutes.
# Records what Slurm 22.05 refuses to a plain user, to an operator and to an administrator:
# alice acts on her own jobs, on bob's, on nodes, partitions, reservations and accounts,
# first with AdminLevel None, then Operator, then Administrator. Every job waits for a
# --begin an hour away, so nothing runs and nobody else's jobs are disturbed; the end puts
# alice, bob, carol, the debug partition, dgx1 and the reservations back as they were.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
name() { n=$((n+1)); NM=$(printf '%03d-%s' $n "$1"); }  # sets NM (no subshell: n counts)
c() { name "$1"; shift; timeout 20 $C "$NM" "$@" >/dev/null 2>&1; }
cu() { local u=$2; name "$1"; shift 2; timeout 20 $C -u "$u" "$NM" "$@" >/dev/null 2>&1; }
# sb NAME USER ARGS...: submit a job that waits an hour; its id is left in $JOB.
sb() {
  local u=$2; name "$1"; shift 2
  JOB=$(timeout 20 $C -u "$u" "$NM" sbatch -p debug --time=10 --begin=now+1hour "$@" \
    --wrap='sleep 600' 2>/dev/null | sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p')
}
as_alice() {  # the refusals and permissions that depend on alice's AdminLevel ($1)
  local lv=$1
  cu "$lv-show-user" alice sacctmgr show user alice
  cu "$lv-update-node" alice scontrol update nodename=dgx1 state=drain reason=perm-test
  cu "$lv-update-partition" alice scontrol update partitionname=debug maxtime=1:00:00
  cu "$lv-create-reservation" alice scontrol create reservation reservationname=aliceres \
    starttime=now+1day duration=10 nodes=dgx3 users=alice
  cu "$lv-update-reservation" alice scontrol update reservationname=permres duration=20
  cu "$lv-update-other-timelimit" alice scontrol update jobid="$B1" timelimit=5
  cu "$lv-update-other-name" alice scontrol update jobid="$B1" name=mine
  cu "$lv-hold-other" alice scontrol hold "$B1"
  cu "$lv-release-other" alice scontrol release "$B2"
  cu "$lv-requeue-other" alice scontrol requeue "$B1"
  cu "$lv-top-other" alice scontrol top "$B1"
  cu "$lv-top-own" alice scontrol top "$A1"
  cu "$lv-update-own-priority" alice scontrol update jobid="$A1" priority=100
  cu "$lv-update-own-nice-negative" alice scontrol update jobid="$A1" nice=-10
  cu "$lv-update-own-nice" alice scontrol update jobid="$A1" nice=10
  cu "$lv-update-own-timelimit-raise" alice scontrol update jobid="$A1" timelimit=30
  cu "$lv-release-own-admin-hold" alice scontrol release "$A2"
  cu "$lv-hold-own" alice scontrol hold "$A1"
  cu "$lv-show-own-held" alice squeue -j "$A1,$A2,$B1,$B2" -o '%i %u %t %r %Q'
  cu "$lv-release-own" alice scontrol release "$A1"
  cu "$lv-sacctmgr-add-account" alice sacctmgr -i add account permacct
  cu "$lv-sacctmgr-add-user" alice sacctmgr -i add user carol account=research
  cu "$lv-sacctmgr-modify-other" alice sacctmgr -i modify user bob set defaultqos=high
  cu "$lv-sacctmgr-add-qos" alice sacctmgr -i add qos permqos
  cu "$lv-cancel-other-filtered" alice scancel -u bob -n permb
  cu "$lv-cancel-other" alice scancel "$B1"
  cu "$lv-show-after" alice squeue -j "$A1,$A2,$B1,$B2" -o '%i %u %t %r %Q'
}

runuser -u root -- sacctmgr -i modify user alice set adminlevel=None >/dev/null 2>&1
c root-show-user sacctmgr show user
sb bob-pending bob -J permb; B1=$JOB
sb bob-held bob -J permb -H; B2=$JOB
sb alice-pending alice -J perma; A1=$JOB
sb alice-second alice -J perma; A2=$JOB
c root-hold-alice scontrol hold "$A2"
c root-create-reservation scontrol create reservation reservationname=permres \
  starttime=now+1day duration=10 nodes=dgx4 users=bob
as_alice none

c root-make-operator sacctmgr -i modify user alice set adminlevel=Operator
c root-show-user-operator sacctmgr show user
c root-show-user-s sacctmgr show user -s alice
c root-show-user-withassoc sacctmgr -P show user withassoc where name=alice format=user,defaultaccount,admin,account
c root-hold-alice-again scontrol hold "$A2"
as_alice operator
cu operator-sacctmgr-delete-association alice sacctmgr -i delete user where name=carol account=research
cu operator-sacctmgr-delete-account alice sacctmgr -i delete account permacct
cu operator-sacctmgr-delete-qos alice sacctmgr -i delete qos permqos
cu operator-sacctmgr-make-admin alice sacctmgr -i modify user alice set adminlevel=Administrator
cu operator-delete-reservation alice scontrol delete reservationname=aliceres

c root-make-admin sacctmgr -i modify user alice set adminlevel=Administrator
sb bob-pending-2 bob -J permb; B1=$JOB
sb bob-held-2 bob -J permb -H; B2=$JOB
c root-hold-alice-third scontrol hold "$A2"
as_alice administrator
cu administrator-sacctmgr-delete-association alice sacctmgr -i delete user where name=carol account=research
cu administrator-sacctmgr-delete-account alice sacctmgr -i delete account permacct
cu administrator-sacctmgr-delete-qos alice sacctmgr -i delete qos permqos
cu administrator-sacctmgr-modify-self alice sacctmgr -i modify user alice set adminlevel=None
cu administrator-delete-reservation alice scontrol delete reservationname=aliceres
c root-show-user-final sacctmgr show user

# Put the oracle back as it was.
for cmd in "sacctmgr -i modify user alice set adminlevel=None" \
  "sacctmgr -i modify user bob set defaultqos=normal" \
  "sacctmgr -i delete user where name=carol account=research" \
  "sacctmgr -i delete account permacct" "sacctmgr -i delete qos permqos" \
  "scontrol delete reservationname=permres" "scontrol delete reservationname=aliceres" \
  "scontrol update partitionname=debug maxtime=2:00:00" \
  "scontrol update nodename=dgx1 state=resume" "scancel -u alice -n perma" "scancel -u bob -n permb"; do
  $cmd >/dev/null 2>&1
done
