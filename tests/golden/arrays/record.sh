#!/bin/bash
# Run as root on a running, otherwise idle oracle (shared/oracle/setup.sh); about 2 minutes.
# Records arrays, dependencies, begin times, nice, holds, top and requeue; cancels its jobs.
# Job ids in the cases are literal: the replay starts its ids where this recording did.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
n=0
# c NAME USER COMMAND...: record one case; its stdout's last word lands in $LAST.
c() {
  local nm=$1 u=$2; shift 2; n=$((n+1))
  LAST=$(timeout 20 $C -u "$u" "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null | tail -1 | awk '{print $NF}')
}
Q=(squeue -o '%.10i %.8j %.2t %.10r %.6y %E')
G=(--gres=gpu:8 -t 10)

# Arrays: steps, throttle, ids in every command.
c array-submit alice sbatch --array=1-9:2%2 "${G[@]}" --wrap='sleep 600'; A=$LAST
sleep 2
c array-squeue alice squeue
c array-squeue-task alice squeue -j ${A}_3
c array-squeue-array alice squeue -j $A
c array-squeue-missing-task alice squeue -j ${A}_4
c array-squeue-r alice squeue -r -j $A
c array-show-pending-task alice scontrol show job ${A}_5
c array-show-missing-task alice scontrol show job ${A}_4
c array-show-running-task alice scontrol show job ${A}_1
c array-squeue-ids alice squeue -o '%i %A %F %K %t %r'
c array-bad-descending alice sbatch --array=5-1 --wrap='sleep 1'
c array-bad-too-big alice sbatch --array=0-1001 --wrap='sleep 1'
c array-bad-step0 alice sbatch --array=1-5:0 --wrap='sleep 1'
c array-bad-garbage alice sbatch --array=abc --wrap='sleep 1'
c array-bad-throttle alice sbatch --array=0-3% --wrap='sleep 1'
c array-update-throttle alice scontrol update jobid=$A arraytaskthrottle=3
sleep 2
c array-squeue-throttle3 alice squeue
c array-scancel-pending-task alice scancel ${A}_9
c array-scancel-missing-task alice scancel ${A}_4
c array-scancel-missing-task-v alice scancel -v ${A}_4
c array-scancel-bad-id alice scancel ${A}_x
c array-hold-task alice scontrol hold ${A}_7
c array-squeue-held alice squeue
c array-release-task alice scontrol release ${A}_7
c array-update-task-nice alice scontrol update jobid=${A}_7 nice=10
c array-squeue-nice alice "${Q[@]}"
c array-scancel-bracket alice scancel "${A}_[1-3]"
sleep 2
c array-squeue-after-bracket alice squeue
c array-scancel-array alice scancel $A
c array-squeue-empty alice squeue

# Dependencies.
c dep-first alice sbatch "${G[@]}" --wrap='sleep 8'; D1=$LAST
c dep-afterok alice sbatch "${G[@]}" -d afterok:$D1 --wrap='sleep 600'; D2=$LAST
c dep-afternotok alice sbatch "${G[@]}" -d afternotok:$D1 --wrap='sleep 600'; D3=$LAST
c dep-afterany alice sbatch "${G[@]}" -d afterany:$D1 --wrap='sleep 600'; D4=$LAST
c dep-after-plus alice sbatch "${G[@]}" -d after:$D1+1 --wrap='sleep 600'; D5=$LAST
c dep-or alice sbatch "${G[@]}" -d "afternotok:$D1?afterany:$D1" --wrap='sleep 600'
c dep-kill-invalid alice sbatch "${G[@]}" --kill-on-invalid-dep=yes -d afternotok:$D1 --wrap='sleep 600'
c dep-unknown-job alice sbatch "${G[@]}" -d afterok:$D1,afterok:999999 --wrap='sleep 600'
c dep-singleton-1 alice sbatch "${G[@]}" -J single --wrap='sleep 600'
c dep-singleton-2 alice sbatch "${G[@]}" -J single -d singleton --wrap='sleep 600'
c dep-bad-type alice sbatch -d bogus:$D1 --wrap='sleep 1'
c dep-bad-zero alice sbatch -d afterok:0 --wrap='sleep 1'
c dep-bad-mixed alice sbatch -d "afterok:$D1,afterany:$D1?afterok:$D1" --wrap='sleep 1'
c dep-bad-garbage alice sbatch -d afterok:${D1}x --wrap='sleep 1'
c dep-bad-plus-on-afterok alice sbatch -d afterok:$D1+5 --wrap='sleep 1'
c dep-squeue-waiting alice "${Q[@]}"
c dep-show-afterok alice scontrol show job $D2
sleep 12
c dep-squeue-after-end alice "${Q[@]}"
c dep-show-never alice scontrol show job $D3
c dep-update-clear alice scontrol update jobid=$D3 dependency=
c dep-update-bad alice scontrol update jobid=$D5 dependency=bogus:1
c dep-update-running alice scontrol update jobid=$D2 dependency=afterany:$D5
c dep-update-chain alice scontrol update jobid=$D3 dependency=afterany:$D5
c dep-update-circular alice scontrol update jobid=$D5 dependency=afterany:$D3
sleep 2
c dep-squeue-after-clear alice "${Q[@]}"
c dep-scancel-all alice scancel -u alice
sleep 2
c dep-array-src alice sbatch --array=0-2 --gres=gpu:1 -t 10 --wrap='sleep 6'; X=$LAST
c dep-aftercorr alice sbatch --array=0-2 --gres=gpu:1 -t 10 -d aftercorr:$X --wrap='sleep 600'
c dep-on-task alice sbatch --gres=gpu:1 -t 10 -d afterok:${X}_1 --wrap='sleep 600'
c dep-on-array alice sbatch --gres=gpu:1 -t 10 -d afterany:$X --wrap='sleep 600'
c dep-on-array-star alice sbatch --gres=gpu:1 -t 10 -d "afterok:${X}_*" --wrap='sleep 600'
sleep 1
c dep-array-squeue alice "${Q[@]}"
sleep 10
c dep-array-squeue-later alice "${Q[@]}"
c dep-array-scancel alice scancel -u alice
sleep 2

# Begin times, nice, holds, time-min.
c begin-hour alice sbatch "${G[@]}" --begin=now+1hour --wrap='sleep 600'; B1=$LAST
c begin-iso alice sbatch "${G[@]}" --begin=2030-01-02T10:00:00 --wrap='sleep 600'
c begin-tomorrow alice sbatch "${G[@]}" --begin=tomorrow --wrap='sleep 600'
c begin-teatime alice sbatch "${G[@]}" --begin=teatime --wrap='sleep 600'
c begin-midnight alice sbatch "${G[@]}" --begin=midnight --wrap='sleep 600'
c begin-bad-min alice sbatch --begin=now+5min --wrap='sleep 1'
c begin-bad-garbage alice sbatch --begin=soon --wrap='sleep 1'
c begin-squeue alice squeue -o '%.10i %.10r %S'
c begin-show alice scontrol show job $B1
c begin-update alice scontrol update jobid=$B1 starttime=now+2hours
c begin-squeue-updated alice squeue -j $B1 -o '%.10i %.10r %S'
c begin-scancel alice scancel -u alice
c nice-submit alice sbatch "${G[@]}" --nice=100 --begin=now+1hour --wrap='sleep 600'; N1=$LAST
c nice-bare alice sbatch "${G[@]}" --nice --begin=now+1hour --wrap='sleep 600'
c nice-negative-user alice sbatch "${G[@]}" --nice=-5 --wrap='sleep 600'
c nice-too-big alice sbatch --nice=2147483646 --wrap='sleep 1'
c nice-negative-root root sbatch "${G[@]}" --nice=-5 --begin=now+1hour --wrap='sleep 600'
c nice-update-negative-user alice scontrol update jobid=$N1 nice=-1
c nice-update-user alice scontrol update jobid=$N1 nice=50
c nice-squeue alice squeue -o '%.10i %.6y %.10r'
c nice-scancel root scancel -u alice -u root
c hold-submit alice sbatch "${G[@]}" -H --wrap='sleep 600'; H1=$LAST
c hold-squeue alice squeue -o '%.10i %.2t %.12r %Q'
c hold-root root scontrol hold $H1
c hold-release-admin-as-user alice scontrol release $H1
c hold-squeue-admin alice squeue -o '%.10i %.2t %.12r %Q'
c hold-release-root root scontrol release $H1
sleep 2
c hold-hold-running alice scontrol hold $H1
c hold-bad-id alice scontrol hold abc
c timemin-submit alice sbatch "${G[@]}" --time-min=5 --begin=now+1hour --wrap='sleep 600'; T1=$LAST
c timemin-show alice scontrol show job $T1
c timemin-too-big alice sbatch -t 10 --time-min=20 --wrap='sleep 1'
c timemin-bad alice sbatch --time-min=abc --wrap='sleep 1'
c timemin-scancel root scancel -u alice

# scontrol top.
c top-1 alice sbatch "${G[@]}" -N 4 --wrap='sleep 600'; P0=$LAST
c top-2 alice sbatch "${G[@]}" --wrap='sleep 600'; P1=$LAST
c top-3 alice sbatch "${G[@]}" --wrap='sleep 600'; P2=$LAST
c top-4 alice sbatch "${G[@]}" -p debug --wrap='sleep 600'; P3=$LAST
c top-bob bob sbatch "${G[@]}" --wrap='sleep 600'; P4=$LAST
sleep 1
c top-squeue alice squeue -o '%.10i %.9P %.8u %.2t %.6y %.10r %Q'
c top-as-user alice scontrol top $P2
c top-root root scontrol top $P2
c top-squeue-after root squeue -o '%.10i %.9P %.8u %.2t %.6y %.10r %Q'
c top-root-two root scontrol top $P1,$P3
c top-squeue-after-two root squeue -o '%.10i %.9P %.8u %.2t %.6y %.10r %Q'
c top-running root scontrol top $P0
c top-missing root scontrol top 999999
c top-none root scontrol top

# Requeue.
c requeue-running root scontrol requeue $P0
c requeue-squeue root squeue -o '%.10i %.2t %.10r %S'
c requeue-show root scontrol show job $P0
c requeue-pending root scontrol requeue $P1
c requeue-as-other bob scontrol requeue $P0
c requeue-missing root scontrol requeue 999999
c requeuehold-pending root scontrol requeuehold $P2
c requeue-scancel root scancel -u alice -u bob
sleep 2
c requeue-norequeue-submit alice sbatch "${G[@]}" --no-requeue --wrap='sleep 600'; R1=$LAST
c requeuehold-submit alice sbatch "${G[@]}" --wrap='sleep 600'; R2=$LAST
c requeue-array-submit alice sbatch --array=0-1 "${G[@]}" --wrap='sleep 600'; R3=$LAST
sleep 2
c requeue-norequeue root scontrol requeue $R1
c requeuehold-running alice scontrol requeuehold $R2
c requeue-array-task alice scontrol requeue ${R3}_1
c requeue-finished-squeue alice squeue -o '%.10i %.2t %.14r'
c requeue-show-held alice scontrol show job $R2
c requeue-release alice scontrol release $R2
c requeue-final-squeue alice squeue -o '%.10i %.2t %.14r'
c requeue-scancel root scancel -u alice
