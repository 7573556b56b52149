#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about
# 30 s. Records how sacctmgr reads its command and entity words and scontrol the keys of
# a node update (prefixes, the order they are tried in, the fewest letters each takes),
# and sacctmgr's `show configuration`. It leaves the oracle as it found it (sacctmgr's one
# change is answered no; the node drained is resumed).
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
cp "$HERE"/stdin/* /tmp/slurm-oracle-jobs/
C=/work/shared/oracle/capture.sh
n=0
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
ci() { local nm=$1 in=$2; shift 2; n=$((n+1)); timeout 20 $C -i $in "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
c show-configuration sacctmgr show configuration
cu show-config-alice alice sacctmgr show config
c show-co-parsable sacctmgr -p show co
c show-conf-words sacctmgr -n list conf where name=x
c sho-u sacctmgr sho u
c lis-q sacctmgr lis q format=name,priority
c show-f sacctmgr show f
c show-p sacctmgr show p
c show-w sacctmgr show w
c show-o sacctmgr show o
c show-l sacctmgr show l
c show-ru sacctmgr show ru
c show-r sacctmgr show r
c show-re sacctmgr show re
c show-res sacctmgr show res
c show-resou sacctmgr show resou
c show-a sacctmgr show a
c show-ac sacctmgr show ac format=account,descr
c show-acc sacctmgr show acc format=account
c show-acctx sacctmgr show acctx
c show-as sacctmgr show as format=account,user,fairshare
c show-c sacctmgr show c
c show-cl sacctmgr show cl format=cluster
c show-tre sacctmgr show tre
c show-tres sacctmgr show tres
c show-tresx sacctmgr show tresx
c show-users-s sacctmgr show USERS
c show-qosx sacctmgr show qosx
c sh-u sacctmgr sh u
c li-u sacctmgr li u
c show-nothing sacctmgr show
ci add-a-answer-n answer-n sacctmgr add a tw1
c add-accounts sacctmgr -i add accounts tw1
c add-c sacctmgr -i add c tw1
c add-as sacctmgr -i add as tw1
c add-e sacctmgr -i add event tw1
c cre-q sacctmgr -i cre q normal
c m-q-nothing sacctmgr -i m q nosuch set priority=1
c u-u-nothing sacctmgr -i u u nosuch set maxjobs=1
c mod-qoss-nothing sacctmgr -i mod qoss nosuch set priority=1
c modify-qosx sacctmgr -i modify qosx nosuch set priority=1
c modify-clus sacctmgr -i modify clus dgxcluster set fairshare=1
c modify-e sacctmgr -i modify e nosuch
c del-q sacctmgr -i del q nosuch
c del-qo sacctmgr -i del qo nosuch
c rem-u sacctmgr -i rem u nosuch
c delete-res sacctmgr -i delete reservation nosuch
c de-u sacctmgr -i de u nosuch
c he sacctmgr he
c help-extra sacctmgr help me
c vers sacctmgr vers
c version-extra sacctmgr version 1
c ver sacctmgr ver
cu node-s-as-alice alice scontrol update nodename=dgx1 s=drain r=x
c node-bogus scontrol update nodename=dgx1 bogus=1
c node-c scontrol update nodename=dgx1 c=x
c node-s-idle scontrol update nodename=dgx1 s=idle
c node-st-drain-no-reason scontrol update nodename=dgx1 st=drain
c node-s-drain-r scontrol update nodename=dgx1 s=drain r=teach
c node-sinfo-r sinfo -R
c node-s-res scontrol update nodename=dgx1 s=res
c node-nod-rea-sta scontrol update nod=dgx1 rea='"quoted reason"' sta=dra
c node-show-reason scontrol show node dgx1
c node-stat-resume scontrol update nodename=dgx1 stat=resume
c node-no scontrol update no=dgx1 s=idle
c node-n scontrol update n=dgx1 s=drain r=x
c node-state-bogus scontrol update nodename=dgx1 s=bogus
