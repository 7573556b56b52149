#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh). Records the reservation
# accounting cases (sacctmgr show reservation) from the oracle, in order; about an hour,
# most of it a wait for slurmdbd's hourly rollup, which fills in UnusedWall. It empties
# the accounting store's reservation table first, deletes the reservations it makes,
# and leaves carol's job to end by itself.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
C=/work/shared/oracle/capture.sh
n=0
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
ci() { local nm=$1 in=$2; shift 2; n=$((n+1)); timeout 20 $C -i "$in" "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
for r in $(scontrol show res -o | sed -n 's/^ReservationName=\([^ ]*\).*/\1/p'); do scontrol delete ReservationName="$r"; done
mysql slurm_acct_db -e "delete from dgxcluster_resv_table"
c empty sacctmgr show reservation
c create-now scontrol create reservation ReservationName=now1 StartTime=now Duration=120 Nodes=dgx4 Users=carol
c create-later scontrol create reservation ReservationName=later1 StartTime=now+2hours Duration=30 Nodes=dgx3 Users=alice,bob
c create-pair-refused scontrol create reservation ReservationName=bad1 StartTime=now+2hours Duration=30 Nodes=dgx2 Users=alice Accounts=product
c create-accounts scontrol create reservation ReservationName=acct1 StartTime=now+3hours Duration=30 Nodes=dgx[1-2] Accounts=research,product
c create-pairs scontrol create reservation ReservationName=pair1 StartTime=now+4hours Duration=30 Nodes=dgx1 Users=alice,root Accounts=research
c create-all scontrol create reservation StartTime=now+5hours Duration=60 Nodes=ALL Users=root Flags=maint,ignore_jobs
c create-count scontrol create reservation StartTime=now+6hours Duration=60 NodeCnt=2 Users=bob Flags=purge_comp,no_hold_jobs_after
c create-short scontrol create reservation ReservationName=short1 StartTime=now Duration=10 Nodes=dgx2 Users=bob
sleep 2
c show-default sacctmgr show reservation
c show-fields sacctmgr show reservation format=id,name,cluster,nodenames,nodeinx,flags,tres,start,end,unused,assoc
c show-p sacctmgr -p show reservation format=id,name,start,end
c show-P-n sacctmgr -P -n show reservation format=id,name,assoc
c show-names sacctmgr show reservation names=later1
c show-where-names sacctmgr show reservation where names=later1,now1 format=name,start
c show-ids sacctmgr show reservation ids=1,2,3 format=id,name
c show-ids-bad sacctmgr show reservation ids=abc
c show-start sacctmgr show reservation start=now
c show-end sacctmgr show reservation end=now format=name,end
c show-window sacctmgr show reservation start=now-1hour end=now+4hours format=name,start,end
c show-cluster sacctmgr show reservation clusters=dgxcluster format=name
c show-cluster-other sacctmgr show reservation clusters=other format=name
c show-nodes-i sacctmgr -i show reservation nodes=dgx4 format=name
c show-nodes-cluster sacctmgr show reservation nodes=dgx[1-2] clusters=dgxcluster format=name,nodenames
ci show-nodes-no "$HERE/stdin/answer-n" sacctmgr show reservation nodes=dgx4 format=name
c show-unknown-condition sacctmgr show reservation bogus=1
c show-bad-time sacctmgr show reservation start=garbage
c show-unknown-field sacctmgr show reservation format=name,nodes
c show-other-field sacctmgr show reservation format=name,user,tres
c show-short-name sacctmgr show reservation format=na,st%25,une%14
c show-resv sacctmgr show resv format=name,assoc%20
cu show-as-alice alice sacctmgr show reservation format=name
c add-reservation sacctmgr add reservation name=x
c update-end scontrol update ReservationName=now1 Duration=150
c show-after-end sacctmgr -p show reservation names=now1 format=id,name,start,end,nodenames
sleep 2
c update-users scontrol update ReservationName=now1 Users=carol,alice
c show-after-users sacctmgr -p show reservation names=now1 format=id,name,start,end,assoc
c update-later scontrol update ReservationName=later1 StartTime=now+90minutes Nodes=dgx2
c show-after-later sacctmgr -p show reservation names=later1 format=id,name,start,end,nodenames
c delete-later scontrol delete ReservationName=later1
c delete-short scontrol delete ReservationName=short1
c show-after-delete sacctmgr -p show reservation format=id,name,start,end
cu sbatch-in-reservation carol sbatch --reservation=now1 -c 56 -t 30 --wrap "sleep 600"
sleep 5
c squeue-in-reservation squeue -h -o "%i %T %R %v"
# slurmdbd rolls the hour up just after it ends: wait for it.
sleep $(( 3600 - $(date +%s) % 3600 + 40 ))
c rolled-default sacctmgr show reservation
c rolled-fields sacctmgr -p show reservation format=name,start,end,unused
c rolled-wide sacctmgr show reservation format=name,unused%20
c format-empty sacctmgr show reservation format=
c start-empty sacctmgr show reservation start=
c nodes-unreadable sacctmgr -i show reservation 'nodes=dgx[' format=name
c ids-zero-padded sacctmgr show reservation ids=007 format=id,name
c bare-word sacctmgr show reservation now1
c where-alone sacctmgr show reservation where format=name
c delete-now scontrol delete ReservationName=now1
c show-final sacctmgr -P show reservation format=id,name,start,end
for r in $(scontrol show res -o | sed -n 's/^ReservationName=\([^ ]*\).*/\1/p'); do scontrol delete ReservationName="$r"; done
