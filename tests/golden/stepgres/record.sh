#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 30 seconds. Records into cases/, as alice, which steps srun's controller refuses for
# asking more GPUs than their job: a step that asks more a task, a node or in all than the
# job asked in the same terms is refused with a line naming both counts (-n4
# --gpus-per-task=1 gives the job gres=gpu:4 in all); one the job's GPUs cannot hold, in
# terms the job did not use, without it; within them it runs (--gpus-per-task=3 in a job
# of --gpus-per-node=4). Each job has one node of four GPUs.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
st() { local nm=$1 job=$2; shift 2; a "$nm" srun --jobid="$job" "$@" true; sleep 1; }
a per-task-job sbatch -J pertask -N 1 -n 4 --gpus-per-task=1 -t 5 -o /dev/null --wrap='sleep 300'
T=$(id)
a per-node-job sbatch -J pernode -N 1 -n 4 --gpus-per-node=4 -t 5 -o /dev/null --wrap='sleep 300'
N=$(id)
a in-all-job sbatch -J inall -N 1 -n 4 --gpus=4 -t 5 -o /dev/null --wrap='sleep 300'
A=$(id)
sleep 4  # they run
for o in "-n 2 --gpus-per-task=2" "-n 1 --gpus-per-task=3" "-n 1 --gpus-per-node=5" \
    "-n 2 --gpus=6" "-n 1 --gres=gpu:5" "-n 2 --gpus=2"; do
    for j in "pertask:$T" "pernode:$N" "inall:$A"; do
        # shellcheck disable=SC2086  # $o is words
        st "${j%%:*}${o//[ =:-]/}" "${j##*:}" $o
    done
done
a sacct sacct -j "$T,$N,$A" -o JobID,JobName,NTasks,AllocTRES%40,State
