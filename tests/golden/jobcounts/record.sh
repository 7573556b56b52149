#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about two minutes. Records into cases/ what `scontrol update JobId=...` makes of a pending
# job's task and CPU counts (NumTasks, CPUsPerTask, NumCPUs, MinCPUsNode, TasksPerNode, and
# NumNodes beside them), of the other fields a user may send (EligibleTime, EndTime,
# Switches, Prefer, ReqSockets/Cores/Threads, the Tres* and Contiguous/OverSubscribe words),
# and of keys abbreviated as scontrol reads them: each on a new held job of alice's (-t 20,
# with the sbatch options named first), then the job shown. Last, the counts of a running
# job, which the controller refuses. Cancelled after.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
ID=
sub() { local nm=$1; shift; c "$nm-sbatch" sbatch -H -t 20 "$@" --wrap='sleep 1'; ID=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"); }
# upd NAME "SBATCH OPTIONS" UPDATE...: a new held job, the update, the job shown.
upd() {
  local nm=$1 opts=$2; shift 2
  # shellcheck disable=SC2086
  sub "$nm" $opts
  c "$nm" scontrol update "JobId=$ID" "$@"
  c "$nm-show" scontrol show job "$ID"
}

upd tasks "" NumTasks=4
upd tasks-zero "" NumTasks=0
upd tasks-bad "" NumTasks=abc
upd tasks-of-two "-n 2 -c 2" NumTasks=8
upd tasks-over-nodes "-N 2 -n 2" NumTasks=1
upd tasks-huge "" NumTasks=1000
upd cpt "" CPUsPerTask=4
upd cpt-of-two "-n 2" CPUsPerTask=3
upd cpt-zero "" CPUsPerTask=0
upd cpt-bad "" CPUsPerTask=abc
upd cpt-huge "" CPUsPerTask=500
upd cpus "" NumCPUs=8
upd cpus-range "" NumCPUs=4-8
upd cpus-range-down "" NumCPUs=8-4
upd cpus-zero "" NumCPUs=0
upd cpus-of-four "-n 4" NumCPUs=2
upd mincpus "" MinCPUsNode=16
upd mincpus-zero "-n 2 --mincpus=4" MinCPUsNode=0
upd mincpus-huge "" MinCPUsNode=500
upd tasks-per-node "-N 2" TasksPerNode=2
upd tasks-and-cpt "" NumTasks=2 CPUsPerTask=2
upd nodes-of-one "" NumNodes=2
upd nodes-with-tasks "-n 3" NumNodes=2
upd nodes-with-cpt "-c 4" NumNodes=3
upd gpus-then-tasks "--gpus-per-node=2" NumTasks=3
upd sockets "" ReqSockets=1
upd cores "" ReqCores=2
upd threads "" ReqThreads=1
upd eligible "" EligibleTime=now+1hour
upd end-time "" EndTime=now+1hour
upd switches "" Switches=1@10:00
upd switches-bare "" Switches=2
upd prefer "" Prefer=foo
upd tres-per-job "" TresPerJob=gres/gpu:2
upd tres-per-task "-n 2" TresPerTask=gres/gpu:1
upd tres-per-socket "" TresPerSocket=gres/gpu:1
upd cpus-per-tres "--gpus=1" CpusPerTres=gres/gpu:4
upd mem-per-tres "--gpus=1" MemPerTres=gres/gpu:1000
upd tres-bind "--gpus=1" TresBind=gres/gpu:closest
upd tres-freq "--gpus=1" TresFreq=gpu:high
upd contiguous-yes "" Contiguous=yes
upd contiguous-bad "" Contiguous=maybe
upd reboot "" Reboot=yes
upd min-tmp "" MinTmpDiskNode=100
upd tres-per-job-colon "" TresPerJob=gres:gpu:2
upd tres-per-job-gpu "" TresPerJob=gpu:2
upd tres-per-task-colon "-n 2" TresPerTask=gres:gpu:1
upd tres-per-socket-colon "" TresPerSocket=gres:gpu:1
upd tres-per-node-colon "" TresPerNode=gres:gpu:3
upd cpus-per-tres-colon "--gpus=1" CpusPerTres=gres:gpu:4
upd mem-per-tres-colon "--gpus=1" MemPerTres=gres:gpu:1000
upd tres-bind-colon "--gpus=1" TresBind=gres:gpu:closest
upd tres-bind-short "--gpus=1" TresBind=gpu:closest
upd reset-accrue "" ResetAccrueTime
upd wait-for-switch "" wait-for-switch=100
upd switches-long "" Switches=3@2:00:00
upd mincpus-of-two-nodes "-N 2" MinCPUsNode=4
upd cpus-of-two-nodes "-N 2 -n 4" NumCPUs=2
upd oversubscribe-bad "" OverSubscribe=maybe
# Keys as scontrol matches them: any case, any prefix down to its least length.
upd key-timel "" timel=30
upd key-time "" time=30
upd key-numn "" numn=2
upd key-na "" na=renamed
upd key-ni "" ni=5
upd key-nice-bare "" Nice
upd key-qo "" qo=high
upd key-pa "" pa=debug
upd key-a "" a=product
upd key-d "" d=singleton
upd key-f "" f=foo
upd key-e "" e=now+1hour
upd key-w "" w=zz
upd key-co "" co=text
upd key-plus "" TimeLimit+=10
upd key-minus "" TimeLimit-=5
upd key-minus-too-much "" TimeLimit-=50
upd key-plus-name "" Name+=x
upd key-space "" TimeLimit 30
sub job-abbrev
c job-abbrev scontrol update "job=$ID" TimeLimit=40
c job-abbrev-show scontrol show job "$ID"
# The counts of a running job: the controller takes none of them.
c run-sbatch sbatch -t 20 --wrap='sleep 300'
ID=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
sleep 5
c run-tasks scontrol update "JobId=$ID" NumTasks=2
c run-cpt scontrol update "JobId=$ID" CPUsPerTask=2
c run-cpus scontrol update "JobId=$ID" NumCPUs=4
c run-mincpus scontrol update "JobId=$ID" MinCPUsNode=4
c run-tres scontrol update "JobId=$ID" TresPerJob=gres/gpu:1
c run-show scontrol show job "$ID"
c cancel scancel -u alice
