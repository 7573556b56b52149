#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh); about 2 min 30 s.
# Records the reservation cases from the oracle; deletes its reservations and cancels carol's jobs.
# Other users' jobs on the oracle may run meanwhile: the cases look at reservations and at
# carol's, bob's and alice's jobs. The fixed dates lie in 2027, so those reservations never become active;
# the last cases make two one-minute reservations from now and wait for them to end.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
C=/work/shared/oracle/capture.sh
n=0
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
T=2027-01-05T10:00:00
c show-none scontrol show reservation
c sinfo-T-none sinfo -T
c create-nothing scontrol create reservation
c create-no-end scontrol create reservation StartTime=$T Nodes=dgx4 Users=carol
c create-no-nodes scontrol create reservation StartTime=$T Duration=60 Users=carol
c create-no-users scontrol create reservation StartTime=$T Duration=60 Nodes=dgx4
c create-bad-start scontrol create reservation StartTime=garbage Duration=60 Nodes=dgx4 Users=carol
c create-bad-duration scontrol create reservation StartTime=$T Duration=garbage Nodes=dgx4 Users=carol
c create-unknown-key scontrol create reservation StartTime=$T Duration=60 Nodes=dgx4 Users=carol Bogus=1
c create-bad-flags scontrol create reservation StartTime=$T Duration=60 Nodes=dgx4 Users=carol Flags=bogus
c create-bad-nodecnt scontrol create reservation StartTime=$T Duration=60 NodeCnt=abc Users=carol
c create-end-before-start scontrol create reservation StartTime=$T EndTime=2027-01-05T09:00:00 Nodes=dgx4 Users=carol
c create-in-past scontrol create reservation StartTime=2020-01-05T10:00:00 Duration=60 Nodes=dgx4 Users=carol
c create-bad-node scontrol create reservation StartTime=$T Duration=60 Nodes=nosuch Users=carol
c create-bad-user scontrol create reservation StartTime=$T Duration=60 Nodes=dgx4 Users=carol,nosuch
c create-bad-account scontrol create reservation StartTime=$T Duration=60 Nodes=dgx4 Accounts=nosuch
cu create-as-carol carol scontrol create reservation StartTime=$T Duration=60 Nodes=dgx4 Users=carol
c create-unnamed scontrol create reservation StartTime=2027-01-04T10:00:00 Duration=60 Nodes=dgx1 Users=carol
c create-named scontrol create reservation ReservationName=r1 StartTime=$T Duration=60 Nodes=dgx4 Users=alice,bob
c create-duplicate scontrol create reservation ReservationName=r1 StartTime=2027-01-06T10:00:00 Duration=60 Nodes=dgx3 Users=carol
c create-overlap scontrol create reservation ReservationName=r2 StartTime=2027-01-05T10:30:00 Duration=60 Nodes=dgx4 Users=carol
c create-overlap-flag scontrol create reservation ReservationName=r3 StartTime=2027-01-05T10:30:00 Duration=60 Nodes=dgx4 Users=carol Flags=OVERLAP
c create-maint scontrol create reservation ReservationName=r4 starttime=2027-01-05T10:30 duration=1:30:00 nodes=dgx4 accounts=research flags=maint
c create-nodecnt scontrol create reservation StartTime=2027-01-05T10:30:00 Duration=1-00:00:00 NodeCnt=2 Accounts=product
c create-flags scontrol create reservation ReservationName=r5 StartTime=2027-04-01T10:00:00 Duration=90 Nodes=dgx2 Users=carol Flags=magnetic,flex,overlap,maint,ignore_jobs,no_hold_jobs_after,purge_comp,daily
c create-long-name scontrol create reservation ReservationName=averyveryverylongreservationname StartTime=2027-02-05T10:30:00 Duration=UNLIMITED Nodes=dgx[3-4] Users=carol
c create-all-nodes scontrol create reservation ReservationName=all StartTime=2027-05-01T00:00:00 EndTime=2027-05-01T06:00:00 Nodes=ALL Users=root Flags=MAINT,IGNORE_JOBS
c show-all scontrol show reservation
c show-all-o scontrol show res -o
c sinfo-T sinfo -T
c show-one scontrol show reservation r1
c show-eq scontrol show reservation=r1
c show-missing scontrol show reservation nosuch
cu show-as-carol carol scontrol show res r4
c update-duration scontrol update ReservationName=r1 Duration=120
c update-end scontrol update ReservationName=r1 EndTime=2027-01-05T13:00:00
c update-start scontrol update ReservationName=r1 StartTime=2027-01-05T09:00:00
c update-users scontrol update ReservationName=r1 Users=carol Accounts=product
c update-nodes scontrol update ReservationName=r1 Nodes=dgx3
c update-flags scontrol update ReservationName=r1 Flags=MAINT
c update-nothing scontrol update ReservationName=r1
c update-unknown-key scontrol update ReservationName=r1 Bogus=1
c update-missing scontrol update ReservationName=nosuch Duration=10
c show-after-update scontrol show reservation r1
cu sbatch-invalid carol sbatch --reservation=nosuch --wrap "sleep 100"
cu sbatch-denied bob sbatch --reservation=r1 --wrap "sleep 100"
c create-future scontrol create reservation ReservationName=fut StartTime=now+1hour Duration=10 Nodes=dgx3 Users=carol
cu sbatch-future carol sbatch --reservation=fut -t 5 --wrap "sleep 100"
sleep 3
c squeue-future squeue -u carol -o "%.6i %.2t %.11v %R"
c squeue-O-reservation squeue -u carol -O jobid,reservation,reason
c delete-in-use scontrol delete reservation fut
cu delete-as-carol carol scontrol delete reservation r1
c delete-missing scontrol delete reservation nosuch
c delete-missing-eq scontrol delete ReservationName=nosuch
c delete-nothing scontrol delete
c delete-no-name scontrol delete reservation
scancel -u carol; sleep 2
c delete-future scontrol delete reservation fut
c delete-eq scontrol delete ReservationName=r1
for r in r3 r4 r5 averyveryverylongreservationname all; do scontrol delete reservation $r; done
for r in $(scontrol show res -o | grep -o 'ReservationName=[^ ]*' | cut -d= -f2); do
  case "$r" in carol_*|product_*) scontrol delete reservation "$r" ;; esac
done
# Maintenance ahead: a job whose time limit runs into it waits; a short one runs.
c create-maint-ahead scontrol create reservation ReservationName=mnt StartTime=now+1hour Duration=60 Nodes=ALL Users=root Flags=MAINT,IGNORE_JOBS
cu sbatch-into-maint carol sbatch -t 2:00:00 --gres=gpu:1 --wrap "sleep 100"
sleep 4
c squeue-maint-reason squeue -u carol -o "%.2t %.8l %R"
scancel -u carol; sleep 1
c delete-maint scontrol delete reservation mnt
c show-none-final scontrol show reservation
# squeue's filters by reservation (-R) and license (-L: no job holds one).
c create-rq scontrol create reservation ReservationName=rq StartTime=now Duration=10 Nodes=dgx4 Users=alice
cu sbatch-rq alice sbatch --reservation=rq -t 5 --wrap "sleep 100"
sleep 3
c squeue-R squeue -R rq -o "%.6i %.11v"
c squeue-R-other squeue -R nosuch -o "%.6i %.11v"
c squeue-L squeue -L gpulicense -o "%.6i %.11v"
c scancel-rq scancel -u alice
sleep 1
c delete-rq scontrol delete reservation rq
c create-end-and-duration scontrol create reservation StartTime=2027-01-05T10:00:00 EndTime=2027-01-05T12:00:00 Duration=30 Nodes=dgx3 Users=carol
c create-end-and-same-duration scontrol create reservation ReservationName=same StartTime=2027-01-05T10:00:00 EndTime=2027-01-05T12:00:00 Duration=120 Nodes=dgx3 Users=carol
c delete-same scontrol delete ReservationName=same
P=2027-02-01T10:00:00
c create-part-nodes-flag scontrol create reservation ReservationName=pf StartTime=$P Duration=30 Nodes=ALL Users=carol Flags=part_nodes
c create-partition-all scontrol create reservation ReservationName=pn StartTime=$P Duration=30 Nodes=ALL PartitionName=debug Users=carol
c show-partition-all scontrol show reservation pn
c delete-partition-all scontrol delete ReservationName=pn
c create-partition-only scontrol create reservation ReservationName=po StartTime=$P Duration=30 PartitionName=gpu Users=carol
c show-partition-only scontrol show reservation po
c delete-partition-only scontrol delete ReservationName=po
c create-partition-unknown scontrol create reservation ReservationName=px StartTime=$P Duration=30 PartitionName=nosuch Users=carol
N=2027-03-01T10:00:00
c create-users-not scontrol create reservation ReservationName=ng StartTime=$N Duration=30 Nodes=dgx3 Users=-carol
c show-users-not scontrol show reservation ng
cu sbatch-users-not-denied carol sbatch --reservation=ng -t 5 --wrap "sleep 100"
cu sbatch-users-not-let-in bob sbatch --reservation=ng -t 5 --wrap "sleep 100"
c create-user-in-account scontrol create reservation ReservationName=nb StartTime=2027-03-02T10:00:00 Duration=30 Nodes=dgx2 Users=alice Accounts=research
cu sbatch-other-user-denied bob sbatch --reservation=nb -t 5 --wrap "sleep 100"
cu sbatch-user-in-account alice sbatch --reservation=nb -t 5 --wrap "sleep 100"
c create-accounts-not scontrol create reservation ReservationName=na StartTime=2027-03-03T10:00:00 Duration=30 Nodes=dgx1 Accounts=-product
cu sbatch-accounts-not-denied carol sbatch --reservation=na -t 5 --wrap "sleep 100"
cu squeue-in-reservations root squeue -h -o "%i %u %v %r" --sort=i
c create-unnamed-both scontrol create reservation StartTime=2027-03-04T10:00:00 Duration=30 Nodes=dgx4 Users=alice Accounts=research
c create-unnamed-users-not scontrol create reservation StartTime=2027-03-05T10:00:00 Duration=30 Nodes=dgx4 Users=-carol,bob
c scancel-bob scancel -u bob
c scancel-alice scancel -u alice
for r in $(scontrol show res -o | sed -n 's/^ReservationName=\(ng\|nb\|na\|research_[0-9]*\) .*/\1/p'); do scontrol delete ReservationName="$r"; done
c create-ending scontrol create reservation ReservationName=ending StartTime=now Duration=1 Nodes=dgx3 Users=carol,bob
c create-ending-nohold scontrol create reservation ReservationName=endnh StartTime=now Duration=1 Nodes=dgx2 Users=carol Flags=no_hold_jobs_after
cu sbatch-too-wide carol sbatch --reservation=ending -N 2 -t 10 -J wide --wrap "sleep 100"
cu sbatch-too-wide-bob bob sbatch --reservation=ending -N 2 -t 10 -J wideb --wrap "sleep 100"
cu sbatch-too-wide-nohold carol sbatch --reservation=endnh -N 2 -t 10 -J widenh --wrap "sleep 100"
cu sbatch-outlasting bob sbatch --reservation=ending -t 10 -J outlast --wrap "sleep 100"
sleep 3
c squeue-before-end squeue -h -o "%i %u %j %T %r %v" --sort=i
sleep 75
c squeue-after-end squeue -h -o "%i %u %j %T %r %v" --sort=i
c squeue-after-end-default squeue --sort=i
c show-after-end scontrol show job $(squeue -h -u carol -n wide -o %i)
cu release-own carol scontrol release $(squeue -h -u carol -n wide -o %i)
c release-operator scontrol release $(squeue -h -u bob -n wideb -o %i)
sleep 3
c squeue-after-release squeue -h -o "%i %u %j %T %r %v" --sort=i
c scancel-all scancel -u carol
c scancel-all-bob scancel -u bob
