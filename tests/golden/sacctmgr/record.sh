#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh); about 30 s.
# Records the sacctmgr change cases from the oracle; leaves its accounts as it found them.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
cp "$HERE"/stdin/* /tmp/slurm-oracle-jobs/
C=/work/shared/oracle/capture.sh
n=0
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
ci() { local nm=$1 in=$2; shift 2; n=$((n+1)); timeout 20 $C -i $in "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
c add-qos sacctmgr -i add qos tq1 Priority=10 MaxWall=60 GraceTime=120 Flags=DenyOnLimit MaxTRESPU=gres/gpu=8,cpu=4 MaxJobsPU=2 Description="test qos"
c add-qos-exists sacctmgr -i add qos tq1
c add-qos-no-name sacctmgr -i add qos
c add-qos-unknown-option sacctmgr -i add qos tq9 bogus=1
c add-qos-bad-flag sacctmgr -i add qos tq9 flags=bogus
c add-qos-bad-preempt sacctmgr -i add qos tq9 preempt=nosuch
c add-qos-bad-maxwall sacctmgr -i add qos tq9 maxwall=abc
c add-qos-unknown-tres sacctmgr -i add qos tq9 maxtrespu=gpu=8
ci add-qos-answer-n answer-n sacctmgr add qos tq9
ci add-qos-answer-y answer-y sacctmgr add qos tq2 GrpJobs=5 UsageFactor=2 PreemptMode=requeue
c show-qos-after-add sacctmgr -P show qos
c modify-qos sacctmgr -i modify qos tq1 set Priority=7 MaxWall=-1 GrpTRES=gres/gpu=16
c modify-qos-where sacctmgr -i modify qos where name=tq1,tq2 set Flags+=NoReserve Preempt=normal
c modify-qos-nothing sacctmgr -i modify qos nosuch set priority=1
c modify-qos-no-set sacctmgr -i modify qos tq1
c modify-qos-unknown-condition sacctmgr -i modify qos where bogus=1 set priority=1
c show-qos-format sacctmgr show qos format=name,priority,preempt,flags,maxwall,grptres,maxtrespu%20,maxjobspu
cu add-qos-as-alice alice sacctmgr -i add qos tq9
cu modify-qos-as-alice alice sacctmgr -i modify qos tq1 set priority=1
cu delete-qos-as-alice alice sacctmgr -i delete qos tq1
c add-account sacctmgr -i add account ta1 Description="test acct" Organization=org1 Fairshare=10
c add-account-parent sacctmgr -i add account ta2 parent=research
c add-account-bad-parent sacctmgr -i add account ta3 parent=nosuch
c add-account-exists sacctmgr -i add account ta1
c add-user sacctmgr -i add user tu1 account=ta1
c add-user-settings sacctmgr -i add user tu2 account=ta2,ta1 defaultaccount=ta1 adminlevel=operator fairshare=5 qos=high,normal defaultqos=high maxjobs=3
c add-user-association sacctmgr -i add user tu1 account=ta2
c add-user-no-account sacctmgr -i add user tu3
c add-user-bad-account sacctmgr -i add user tu3 account=nosuch
c show-assoc-tree sacctmgr show assoc format=account,user,share,maxjobs,qos,defaultqos
c show-assoc-where sacctmgr -p show assoc where account=ta1 format=account,user,share,maxjobs,qos,defaultqos
c show-user-after-add sacctmgr -P show user
c show-account-after-add sacctmgr show account
c modify-user sacctmgr -i modify user tu1 set defaultaccount=ta2 adminlevel=admin
c modify-user-association sacctmgr -i modify user where name=tu1 account=ta1 set fairshare=7 maxjobs=2
c modify-account sacctmgr -i modify account ta1 set description=newdesc fairshare=11 GrpTRES=gres/gpu=16
c modify-account-where sacctmgr -i modify account where name=ta1 set organization=o2
c show-assoc-after-modify sacctmgr -P show assoc where account=ta1,ta2 format=account,user,share,grptres,maxjobs,qos,defaultqos
c delete-account-default sacctmgr -i delete account ta1
c delete-user-association sacctmgr -i delete user where name=tu1 account=ta1
c delete-users sacctmgr -i delete user tu1,tu2
c delete-user-nothing sacctmgr -i delete user nosuch
c delete-accounts sacctmgr -i delete account ta1,ta2
ci delete-qos-answer-xy answer-xy sacctmgr delete qos tq1
c delete-qos sacctmgr -i delete qos tq2
c delete-qos-nothing sacctmgr -i delete qos nosuch
c delete-qos-unknown-condition sacctmgr -i delete qos where bogus=1
c show-qos-final sacctmgr -P show qos
c show-assoc-final sacctmgr -P show assoc format=id,account,user,share,qos,defaultqos
