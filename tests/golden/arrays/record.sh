#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh); about 2 minutes.
# Every squeue sorts by job id (-S i): priorities on a shared oracle depend on others' work.
# Records arrays, dependencies, begin times, nice, holds, top and requeue, then cancels its
# jobs. Every job is named t7 (singletons t7s) and every squeue is limited to those names, so
# that other users' jobs do not show; each job asks for one GPU so that it fits beside them.
# The replay gives each submission the id the oracle printed (ids of other users' jobs may
# fall between), and pins its clock to the second each case ran.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
# c NAME USER COMMAND...: record one case; the last word it printed lands in $LAST.
c() {
  local nm=$1 u=$2; shift 2; n=$((n+1))
  LAST=$(timeout 20 $C -u "$u" "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null | tail -1 | awk '{print $NF}')
}
S=(squeue -n t7,t7s -S i)
Q=("${S[@]}" -o '%.10i %.2t %.24r %.6y %E')
G=(-J t7 --gres=gpu:1 -t 10)
L=(--begin=now+1hour)  # pending, whatever else runs on the oracle

# Arrays: steps, throttle, ids in every command.
c array-submit alice sbatch --array=1-9:2%2 "${G[@]}" --wrap='sleep 600'; A=$LAST
sleep 2
c array-squeue alice "${S[@]}"
c array-squeue-task alice squeue -j ${A}_3
c array-squeue-array alice squeue -j $A
c array-squeue-missing-task alice squeue -j ${A}_4
c array-squeue-r alice squeue -r -j $A
c array-show-pending-task alice scontrol show job ${A}_5
c array-show-missing-task alice scontrol show job ${A}_4
c array-squeue-ids alice "${S[@]}" -o '%i %F %K %t %r'
c array-bad-descending alice sbatch --array=5-1 --wrap='sleep 1'
c array-bad-too-big alice sbatch --array=0-1001 --wrap='sleep 1'
c array-bad-step0 alice sbatch --array=1-5:0 --wrap='sleep 1'
c array-bad-garbage alice sbatch --array=abc --wrap='sleep 1'
c array-empty-throttle alice sbatch "${G[@]}" "${L[@]}" --array=0-3% --wrap='sleep 1'
c array-many alice sbatch "${G[@]}" "${L[@]}" --array=0-30:3,40,50-52%4 --wrap='sleep 1'
c array-many-squeue alice "${S[@]}" -o '%.30i %.2t %.10r'
c array-many-show alice scontrol show job $LAST
c array-update-throttle alice scontrol update jobid=$A arraytaskthrottle=3
sleep 2
c array-squeue-throttle3 alice "${Q[@]}"
c array-scancel-pending-task alice scancel ${A}_9
c array-scancel-missing-task alice scancel ${A}_4
c array-scancel-missing-task-v alice scancel -v ${A}_4
c array-scancel-bad-id alice scancel ${A}_x
c array-hold-task alice scontrol hold ${A}_7
c array-squeue-held alice "${Q[@]}"
c array-release-task alice scontrol release ${A}_7
c array-update-task-nice alice scontrol update jobid=${A}_7 nice=10
c array-squeue-nice alice "${Q[@]}"
c array-scancel-bracket alice scancel "${A}_[1-3]"
sleep 2
c array-squeue-after-bracket alice "${Q[@]}"
c array-scancel-array alice scancel $A
c array-squeue-after-cancel alice "${Q[@]}"
c array-scancel-rest alice scancel -n t7
sleep 1

# Dependencies.
c dep-first alice sbatch "${G[@]}" --wrap='sleep 8'; D1=$LAST
c dep-afterok alice sbatch "${G[@]}" -d afterok:$D1 --wrap='sleep 600'; D2=$LAST
c dep-afternotok alice sbatch "${G[@]}" -d afternotok:$D1 --wrap='sleep 600'; D3=$LAST
c dep-afterany alice sbatch "${G[@]}" -d afterany:$D1 --wrap='sleep 600'
c dep-after-plus alice sbatch "${G[@]}" -d after:$D1+1 --wrap='sleep 600'; D5=$LAST
c dep-or alice sbatch "${G[@]}" -d "afternotok:$D1?afterany:$D1" --wrap='sleep 600'
c dep-kill-invalid alice sbatch "${G[@]}" --kill-on-invalid-dep=yes -d afternotok:$D1 --wrap='sleep 600'
c dep-unknown-job alice sbatch "${G[@]}" -d afterok:$D1,afterok:999999 --wrap='sleep 600'
c dep-singleton-1 alice sbatch "${G[@]}" -J t7s --wrap='sleep 600'
c dep-singleton-2 alice sbatch "${G[@]}" -J t7s -d singleton --wrap='sleep 600'
c dep-mixed alice sbatch "${G[@]}" -d "afterok:$D1,afterany:$D1?afterok:$D1" --wrap='sleep 600'
c dep-plus-on-afterok alice sbatch "${G[@]}" -d afterok:$D1+5 --wrap='sleep 600'
c dep-bare-ids alice sbatch "${G[@]}" -d $D1:$D2 --wrap='sleep 600'
c dep-upper-prefix alice sbatch "${G[@]}" -d AfterOK:$D1 --wrap='sleep 600'
c dep-bad-type alice sbatch -d bogus:$D1 --wrap='sleep 1'
c dep-bad-zero alice sbatch -d afterok:0 --wrap='sleep 1'
c dep-bad-garbage alice sbatch -d afterok:${D1}x --wrap='sleep 1'
c dep-bad-empty-kind alice sbatch -d afterok --wrap='sleep 1'
c dep-bad-singleton-id alice sbatch -d singleton:$D1 --wrap='sleep 1'
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
c dep-update-self alice scontrol update jobid=$D5 dependency=afterany:$D5
sleep 2
c dep-squeue-after-update alice "${Q[@]}"
c dep-scancel-list alice scancel -n t7,t7s
c dep-scancel-all alice scancel -n t7
c dep-scancel-singletons alice scancel -n t7s
sleep 2
# Begin times, nice, holds, time-min.
c begin-hour alice sbatch "${G[@]}" --begin=now+1hour --wrap='sleep 600'; B1=$LAST
c begin-iso alice sbatch "${G[@]}" --begin=2030-01-02T10:00:00 --wrap='sleep 600'
c begin-tomorrow alice sbatch "${G[@]}" --begin=tomorrow --wrap='sleep 600'
c begin-teatime alice sbatch "${G[@]}" --begin=teatime --wrap='sleep 600'
c begin-midnight alice sbatch "${G[@]}" --begin=midnight --wrap='sleep 600'
c begin-date-time alice sbatch "${G[@]}" --begin='12/31 10:30' --wrap='sleep 600'
c begin-past alice sbatch "${G[@]}" --begin=2020-01-01 --wrap='sleep 600'
c begin-bad-min alice sbatch --begin=now+5min --wrap='sleep 1'
c begin-bad-garbage alice sbatch --begin=soon --wrap='sleep 1'
sleep 1
c begin-squeue alice "${S[@]}" -o '%.10i %.2t %.10r %S'
c begin-show alice scontrol show job $B1
c begin-update alice scontrol update jobid=$B1 starttime=now+2hours
c begin-update-bad alice scontrol update jobid=$B1 starttime=soon
c begin-squeue-updated alice squeue -j $B1 -o '%.10i %.10r %S'
c begin-scancel alice scancel -n t7
c nice-submit alice sbatch "${G[@]}" "${L[@]}" --nice=100 --wrap='sleep 600'; N1=$LAST
c nice-bare alice sbatch "${G[@]}" "${L[@]}" --nice --wrap='sleep 600'
c nice-negative-user alice sbatch "${G[@]}" --nice=-5 --wrap='sleep 600'
c nice-too-big alice sbatch --nice=2147483646 --wrap='sleep 1'
c nice-garbage alice sbatch --nice=abc --wrap='sleep 1'
c nice-negative-root root sbatch "${G[@]}" "${L[@]}" --nice=-5 --wrap='sleep 600'
c nice-update-negative-user alice scontrol update jobid=$N1 nice=-1
c nice-update-user alice scontrol update jobid=$N1 nice=50
c nice-update-garbage alice scontrol update jobid=$N1 nice=abc
c nice-squeue alice "${Q[@]}"
c nice-update-root root scontrol update jobid=$N1 nice=-20
c nice-show root scontrol show job $N1
c nice-scancel root scancel -n t7
c hold-submit alice sbatch "${G[@]}" -H --wrap='sleep 600'; H1=$LAST
c hold-squeue alice "${Q[@]}"
c hold-show alice scontrol show job $H1
c hold-root root scontrol hold $H1
c hold-release-admin-as-user alice scontrol release $H1
c hold-squeue-admin alice "${Q[@]}"
c hold-release-root root scontrol release $H1
sleep 2
c hold-hold-running alice scontrol hold $H1
c hold-release-running alice scontrol release $H1
c hold-bad-id alice scontrol hold abc
c hold-other-user bob scontrol hold $H1
c timemin-submit alice sbatch "${G[@]}" "${L[@]}" --time-min=5 --wrap='sleep 600'; T1=$LAST
c timemin-show alice scontrol show job $T1
c timemin-too-big alice sbatch -t 10 --time-min=20 --wrap='sleep 1'
c timemin-bad alice sbatch --time-min=abc --wrap='sleep 1'
c timemin-update alice scontrol update jobid=$T1 timemin=8
c timemin-update-too-big alice scontrol update jobid=$T1 timemin=30
c timemin-squeue alice squeue -j $T1 -o '%.10i %l %.10r'
c timemin-scancel root scancel -n t7

# scontrol top: pending jobs of one user, partition, account and QOS.
c top-1 alice sbatch "${G[@]}" "${L[@]}" --wrap='sleep 600'; P1=$LAST
c top-2 alice sbatch "${G[@]}" "${L[@]}" --wrap='sleep 600'; P2=$LAST
c top-3 alice sbatch "${G[@]}" "${L[@]}" --nice=10 --wrap='sleep 600'; P3=$LAST
c top-debug alice sbatch "${G[@]}" "${L[@]}" -p debug --wrap='sleep 600'; P4=$LAST
c top-bob bob sbatch "${G[@]}" "${L[@]}" --wrap='sleep 600'
c top-running alice sbatch "${G[@]}" --wrap='sleep 600'; P6=$LAST
sleep 1
TQ=("${S[@]}" -o '%.10i %.9P %.8u %.2t %.6y %.10r')
c top-squeue alice "${TQ[@]}"
c top-as-user alice scontrol top $P3
c top-root root scontrol top $P3
c top-squeue-after root "${TQ[@]}"
c top-root-two root scontrol top $P2,$P4
c top-squeue-after-two root "${TQ[@]}"
c top-running root scontrol top $P6
c top-missing root scontrol top 999999
c top-none root scontrol top
c top-too-many root scontrol top $P1 $P2

# Requeue.
c requeue-running root scontrol requeue $P6
c requeue-squeue root squeue -j $P6 -o '%.10i %.2t %.10r'
c requeue-show root scontrol show job $P6
c requeue-pending root scontrol requeue $P1
c requeue-as-other bob scontrol requeue $P1
c requeue-missing root scontrol requeue 999999
c requeuehold-pending root scontrol requeuehold $P2
c requeue-scancel root scancel -n t7
sleep 2
c requeue-norequeue-submit alice sbatch "${G[@]}" --no-requeue --wrap='sleep 600'; R1=$LAST
c requeuehold-submit alice sbatch "${G[@]}" --wrap='sleep 600'; R2=$LAST
c requeue-array-submit alice sbatch --array=0-2 "${G[@]}" --wrap='sleep 600'; R3=$LAST
c requeue-finishing-submit alice sbatch "${G[@]}" --wrap='sleep 2'; R4=$LAST
sleep 4
c requeue-norequeue root scontrol requeue $R1
c requeuehold-running alice scontrol requeuehold $R2
c requeue-array-task alice scontrol requeue ${R3}_1
c requeue-array-whole alice scontrol requeue $R3
c requeue-finished alice scontrol requeue $R4
c requeue-squeue-after alice "${Q[@]}"
c requeue-show-held alice scontrol show job $R2
c requeue-release alice scontrol release $R2
c requeue-final-squeue alice "${Q[@]}"
c requeue-final-scancel root scancel -n t7
sleep 2

# Dependencies on arrays (last: aftercorr splits pending tasks off, which uses up ids).
c dep-array-src alice sbatch --array=0-2 "${G[@]}" --wrap='sleep 6'; X=$LAST
c dep-aftercorr alice sbatch --array=0-2 "${G[@]}" -d aftercorr:$X --wrap='sleep 600'
c dep-on-task alice sbatch "${G[@]}" -d afterok:${X}_1 --wrap='sleep 600'
c dep-on-array alice sbatch "${G[@]}" -d afterany:$X --wrap='sleep 600'
c dep-on-array-star alice sbatch "${G[@]}" -d "afterok:${X}_*" --wrap='sleep 600'
c dep-on-missing-task alice sbatch "${G[@]}" -d "afterok:${X}_7" --wrap='sleep 600'
sleep 1
c dep-array-squeue alice "${Q[@]}"
sleep 10
c dep-array-squeue-later alice "${Q[@]}"
c dep-array-scancel alice scancel -n t7

