#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about 1
# minute. Records job steps: srun --jobid=J run from a shell into alice's running two-node
# job (each srun is a step), the refusals, the running steps in squeue -s and scontrol show
# step, a step that waits for the CPUs another holds, scancel of one step, steps that ask
# for memory, and sacct once they ended. Cases whose
# name starts with "bg-" ran in the background while the next ones were recorded.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 60 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 60 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
bg() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 90 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1 & }
SHOW='echo $SLURM_PROCID $SLURM_LOCALID $SLURM_NODEID $SLURM_STEP_ID $SLURM_STEP_NUM_TASKS $SLURM_STEP_NUM_NODES $SLURM_STEP_NODELIST $SLURM_STEP_TASKS_PER_NODE $SLURMD_NODENAME'

# Two nodes, two CPUs and two GPUs on each; a whole-cluster job waits behind it.
cu sbatch-alloc alice sbatch -J alloc -N2 --ntasks-per-node=2 --gres=gpu:2 --time=10 --wrap 'sleep 300'
sleep 2  # the first must have started: submitted in the same second, the bigger one may win
cu sbatch-pending alice sbatch -J pend -N4 --exclusive --time=10 --wrap 'sleep 300'
sleep 3
J=$(squeue -h -n alloc -o %i); P=$(squeue -h -n pend -o %i)
cu srun-tasks alice srun --jobid=$J -n4 -l bash -c "$SHOW"
cu srun-one-task alice srun --jobid=$J -n1 bash -c 'echo $SLURM_NNODES $SLURM_NTASKS $SLURM_STEP_NODELIST $SLURM_JOB_NAME $SLURM_CPUS_ON_NODE $SLURM_GPUS_ON_NODE'
cu srun-gpus alice srun --jobid=$J -n2 --gpus-per-node=1 -l bash -c 'echo $SLURM_STEP_GPUS $CUDA_VISIBLE_DEVICES'
cu srun-exit-codes alice srun --jobid=$J -n2 bash -c 'exit $((SLURM_PROCID+3))'
cu srun-killed alice srun --jobid=$J -n2 bash -c 'kill -9 $$'
cu srun-no-command alice srun --jobid=$J -n2 nosuchcmd
cu srun-output-files alice srun --jobid=$J -n2 -o 'step-%j-%s-%t.out' bash -c 'echo $SLURM_PROCID'
cu err-too-many-nodes alice srun --jobid=$J -N3 true
cu err-too-many-tasks alice srun --jobid=$J -n500 true
cu err-too-many-gpus alice srun --jobid=$J --gpus=5 -n1 true
cu err-other-user bob srun --jobid=$J true
cu err-no-such-job alice srun --jobid=999999 true
cu err-pending-job alice srun --jobid=$P true
# Step 7 holds every CPU of the job for 12 seconds.
bg bg-srun-holds alice srun --jobid=$J -n2 sleep 12
sleep 3
c squeue-steps squeue -s
c squeue-steps-long squeue -s -l
c squeue-steps-format squeue -s -o '%i %j %P %u %l %N %A %b %U'
c squeue-steps-one squeue --steps=$J.7
c squeue-steps-none squeue --steps=$J.99
c show-step-all scontrol show step
c show-step-one scontrol show step $J.7
c show-step-oneliner scontrol show step $J -o
cu srun-overlap alice srun --jobid=$J --overlap -n1 bash -c 'echo $SLURM_STEP_ID'
cu srun-waits alice srun --jobid=$J -n1 bash -c 'echo $SLURM_STEP_ID'
wait
# scancel of one step (10), refused for bob and for a step that does not run; then a
# signal sent to the tasks of another (11).
bg bg-srun-scancelled alice srun --jobid=$J -n2 sleep 60
sleep 3
cu scancel-step-other-user bob scancel $J.10
cu scancel-step-missing alice scancel $J.99
cu scancel-step alice scancel $J.10
wait
bg bg-srun-signalled alice srun --jobid=$J -n2 sleep 60
sleep 3
cu scancel-step-signal alice scancel --signal=USR1 $J.11
wait
# Memory (the job has 32G on each node): a step may not ask for more than that; under
# --mem-per-cpu it may use only the CPUs the memory pays for; a step that asks for memory
# holds it, so another waits for it (with --immediate it gives up).
N1=$(scontrol show hostnames "$(squeue -h -j $J -o %N)" | head -1)
cu mem-too-much alice srun --jobid=$J --mem=64G true
cu mem-per-cpu-too-much alice srun --jobid=$J --mem-per-cpu=32G -n4 true
cu mem-per-node alice srun --jobid=$J --mem=16G -n2 true
cu mem-per-cpu alice srun --jobid=$J --mem-per-cpu=8G -n4 true
bg bg-srun-mem-holds alice srun --jobid=$J -w "$N1" --mem=20G --exact -n1 sleep 8
sleep 3
cu mem-busy alice srun --jobid=$J -w "$N1" --mem=20G --exact -n1 --immediate=2 true
wait
c squeue-steps-after-scancel squeue -s
c sacct-steps sacct -j $J -o JobID,JobName,State,ExitCode,AllocCPUS,NTasks,NodeList,AllocTRES%40
c sacct-one-step sacct -j $J.3 -o JobID,JobName,State,ExitCode
# A step running when its job is cancelled.
bg bg-srun-cancelled alice srun --jobid=$J -n2 sleep 60
sleep 3
c scancel-alloc scancel $J
wait
sleep 2
c sacct-after-cancel sacct -j $J -o JobID,JobName,State,ExitCode
cu err-finished-job alice srun --jobid=$J true
c scancel-pending scancel $P
# --steps takes JOB.STEP items: a bare job id, or a job part that is no id, is refused.
c steps-bare-id squeue --steps=1
c steps-bare-in-list squeue --steps=1.0,2
c steps-bad-job squeue --steps=x.1
c steps-task squeue --steps=1_2.0
rm -f /tmp/slurm-oracle-jobs/step-$J-*.out
