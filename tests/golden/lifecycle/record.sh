#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 2 minutes. Records the running-job lifecycle into cases/: ten scripts from corpus/
# (two-node GPU training, an --exclusive job, a throttled GPU array, -n 4 with
# --cpus-per-task, --mem-per-gpu, a job that exits 3, one killed by its --time=1 limit,
# one cancelled while it runs, one that depends on the failing job, a short one) are
# submitted as alice and shown while they run (scontrol, two wide squeue formats, sinfo's
# allocation columns, the node) and after they end (scontrol of ended jobs, sacct in
# columns, -P and -X).
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
JOBS=/tmp/slurm-oracle-jobs
rm -rf "$JOBS/lifecycle"
cp -r "$HERE/corpus" "$JOBS/lifecycle"
chmod -R a+rX "$JOBS/lifecycle"
SQ_O='%i|%j|%T|%r|%M|%L|%l|%S|%e|%N|%D|%C|%b|%m|%B|%R'
SQ_LONG='JobArrayID:12,Name:10,State:11,Reason:26,TimeUsed:8,TimeLeft:10,StartTime:20,EndTime:20,NodeList:12,NumNodes:6,NumCPUs:6,tres-alloc:70,tres-per-node:20'
SI_O='NodeList:8,StateLong:12,CPUsState:20,AllocMem:10,Memory:10,Gres:16,GresUsed:30'
SACCT='JobID,JobName,State,ExitCode,DerivedExitCode,Elapsed,AllocCPUS,AllocNodes,AllocTRES,ReqTRES,ReqMem,NodeList,Start,End,Reason,Timelimit'
SACCT_COL='JobID%-14,JobName%-10,State%-11,ExitCode,DerivedExitCode%-8,Elapsed,AllocCPUS,NodeList%-12,Start,End,Reason%-26'
n=0
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null; }
declare -A ID
submit() {
  local name=$1; shift
  cu "$name-sbatch" alice sbatch "$@" >"$OUT"
  ID[$name]=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
}

submit train-two-nodes lifecycle/train-two-nodes.sh
submit exclusive lifecycle/exclusive.sh
submit sweep-array lifecycle/sweep-array.sh
submit tasks-cpus lifecycle/tasks-cpus.sh
submit mem-per-gpu lifecycle/mem-per-gpu.sh
submit fail-exit3 lifecycle/fail-exit3.sh
submit after-fail -d "afterok:${ID[fail-exit3]}" lifecycle/after-fail.sh
submit time-limit lifecycle/time-limit.sh
submit cancel-me lifecycle/cancel-me.sh
submit short lifecycle/short.sh
ALL=$(IFS=,; echo "${ID[*]}")
sleep 3
# While they run.
for name in train-two-nodes exclusive tasks-cpus mem-per-gpu time-limit cancel-me after-fail; do
  c "$name-show-running" scontrol show job "${ID[$name]}" >/dev/null
done
c sweep-array-show-task scontrol show job "${ID[sweep-array]}_0" >/dev/null
c sweep-array-show-all scontrol show job "${ID[sweep-array]}" >/dev/null
c squeue-running squeue -o "$SQ_O" >/dev/null
c squeue-running-long squeue -O "$SQ_LONG" >/dev/null
c sinfo-running sinfo -N -O "$SI_O" >/dev/null
c show-node-dgx1 scontrol show node dgx1 >/dev/null
c show-node-dgx4 scontrol show node dgx4 >/dev/null
cu scancel-running alice scancel "${ID[cancel-me]}" >/dev/null
sleep 8
# The failed job and the cancelled one have ended; the dependent can never run.
c fail-exit3-show-ended scontrol show job "${ID[fail-exit3]}" >/dev/null
c cancel-me-show-ended scontrol show job "${ID[cancel-me]}" >/dev/null
c after-fail-show-never scontrol show job "${ID[after-fail]}" >/dev/null
c squeue-after-fail squeue -o "$SQ_O" >/dev/null
sleep 15
# The first two array tasks and the short job have ended; the next two tasks run.
c squeue-array-next squeue -o "$SQ_O" >/dev/null
c short-show-ended scontrol show job "${ID[short]}" >/dev/null
c sinfo-array-next sinfo -N -O "$SI_O" >/dev/null
c sacct-while-running sacct -j "$ALL" -P -o "$SACCT" >/dev/null
# Wait for the time limit to end the last job (60 s plus the controller's next check).
while [ -n "$(squeue -h -j "${ID[time-limit]}" -t R,CG -o %i 2>/dev/null)" ]; do sleep 1; done
sleep 3
c squeue-ended squeue -o "$SQ_O" >/dev/null
c time-limit-show-ended scontrol show job "${ID[time-limit]}" >/dev/null
c train-two-nodes-show-ended scontrol show job "${ID[train-two-nodes]}" >/dev/null
c sweep-array-show-ended scontrol show job "${ID[sweep-array]}" >/dev/null
c sinfo-ended sinfo -N -O "$SI_O" >/dev/null
c sacct-parsable sacct -j "$ALL" -P -o "$SACCT" >/dev/null
c sacct-columns sacct -j "$ALL" -o "$SACCT_COL" >/dev/null
c sacct-allocations sacct -X -j "$ALL" -o "$SACCT_COL" >/dev/null
c sacct-default sacct -j "$ALL" >/dev/null
c sacct-x-parsable sacct -X -j "$ALL" -p -o "$SACCT" >/dev/null
cu scancel-never alice scancel "${ID[after-fail]}" >/dev/null
sleep 1
c sacct-never sacct -X -j "${ID[after-fail]}" -o "$SACCT_COL" >/dev/null
rm -rf "$JOBS/lifecycle"
