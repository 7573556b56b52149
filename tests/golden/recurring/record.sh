#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh); about 2 min.
# Records what becomes of recurring reservations (HOURLY, DAILY, WEEKDAY, WEEKLY) when their
# one-minute window ends, with a job running in one and a job running and one waiting in
# another; deletes them and cancels the jobs at the end. Every node is reserved meanwhile.
#
# slurmctld ends the jobs of an ended reservation, and renews a recurring one, at its
# time-limit check, every 30 s, whose phase is its own; slurmsim's falls 10 s past each half
# minute. So the windows are made to end 11-13 s past a half minute, and the cases look 9 s
# after that (before either check: the oracle's came 26-35 s past a half minute when this
# was written) and again 34 s after (past both).
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
C=/work/shared/oracle/capture.sh
n=0
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
until_second() { while (( 10#$(date +%S) % 30 != $1 )); do sleep 0.2; done; }
Q="%i %u %j %T %r %v"
until_second 11
c create-hourly scontrol create reservation ReservationName=hourly StartTime=now Duration=1 Nodes=dgx4 Users=alice Flags=HOURLY
c create-daily scontrol create reservation ReservationName=daily StartTime=now Duration=1 Nodes=dgx3 Users=bob Flags=DAILY
c create-weekday scontrol create reservation ReservationName=weekday StartTime=now Duration=1 Nodes=dgx2 Users=carol Flags=WEEKDAY
c create-weekly scontrol create reservation ReservationName=weekly StartTime=now Duration=1 Nodes=dgx1 Users=carol Flags=WEEKLY
cu sbatch-hourly alice sbatch --reservation=hourly -t 10 -J runs --wrap "sleep 300"
cu sbatch-daily-whole bob sbatch --reservation=daily -t 10 -J whole --gres=gpu:8 --wrap "sleep 300"
cu sbatch-daily-waits bob sbatch --reservation=daily -t 10 -J waits --gres=gpu:8 --wrap "sleep 300"
sleep 3
c show-before scontrol show reservation
c squeue-before squeue -h -o "$Q" --sort=i
c sinfo-T-before sinfo -T
sleep 40
until_second 22
c show-ended scontrol show reservation
c squeue-ended squeue -h -o "$Q" --sort=i
c sinfo-T-ended sinfo -T
until_second 16
c show-renewed scontrol show reservation
c squeue-renewed squeue -h -o "$Q" --sort=i
c squeue-start-renewed squeue -h --start -o "%i %j %S %r" --sort=i
c sinfo-T-renewed sinfo -T
c sacctmgr-resv sacctmgr -P -n show reservation start=now-90seconds end=now+8days format=name,start,end,nodenames,flags

# Clean up.
scancel -u alice; scancel -u bob
sleep 2
for r in hourly daily weekday weekly; do scontrol delete ReservationName=$r; done
