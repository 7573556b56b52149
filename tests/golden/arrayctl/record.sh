#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 30 s. Records into cases/ how scontrol update, hold and release answer for job
# arrays, as alice: a whole array answered task by task (grouped by answer, "No error"
# among refusals), a task named alone (split off the pending record first), tasks that do
# not exist, Priority= on held jobs; squeue shows the records after, with and without -r.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
SQ='%i %j %t %r %l'

# Two tasks run, four wait behind the throttle; then held jobs and a held array.
cu run-array alice sbatch -J run -a 0-5%2 -G 1 -t 10 --wrap='sleep 120' >"$OUT"; R=$(id)
sleep 5
cu held-array alice sbatch -H -J harr -a 1-3 -t 10 --wrap=true >"$OUT"; H=$(id)
cu held-job alice sbatch -H -J plain -t 10 --wrap=true >"$OUT"; P=$(id)
cu prio-held alice scontrol update "JobId=$P" Priority=100
cu prio-held-zero alice scontrol update "JobId=$P" Priority=0
cu prio-held-array alice scontrol update "JobId=$H" Priority=100
cu task-missing alice scontrol update "JobId=${R}_9" TimeLimit=5
cu task-running-longer alice scontrol update "JobId=${R}_0" TimeLimit=50
cu task-pending alice scontrol update "JobId=${R}_4" TimeLimit=50
cu array-mixed alice scontrol update "JobId=$R" TimeLimit=50
cu array-shorter alice scontrol update "JobId=$R" TimeLimit=9
cu held-task alice scontrol update "JobId=${H}_2" TimeLimit=5
cu held-array-shorter alice scontrol update "JobId=$H" TimeLimit=8
c squeue-r squeue -r -o "$SQ"
c squeue squeue -o "$SQ"
cu release-task alice scontrol release "${H}_1"
cu hold-array alice scontrol hold "$R"
cu release-array alice scontrol release "$R"
cu hold-task-missing alice scontrol hold "${R}_9"
cu release-missing-task alice scontrol release 999999_1
cu release-missing alice scontrol release 999999
cu update-missing-task alice scontrol update JobId=999999_1 TimeLimit=5
c squeue-r-after squeue -r -o "$SQ"
c squeue-after squeue -o "$SQ"
cu cancel alice scancel -u alice
