#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about 1 minute.
# Records PreemptMode=SUSPEND,GANG under preempt/qos into cases/. The controller is restarted
# with PreemptMode=SUSPEND,GANG (GANG cannot be switched on by a reconfigure) and the gpu
# partition raised to PriorityTier=2: the gang scheduler suspends a job only under the
# "shadow" of a job from a partition of a higher tier, so a high-QOS job in gpu suspends a
# normal one in debug (the replay test explains what happens without the tier). Both are put
# back at the end: setup.sh copies the default slurm.conf again and the controller restarts.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
ORACLE=/work/shared/oracle
C=$ORACLE/capture.sh
PIDS=/run/slurm-oracle
n=0
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
restart_ctld() {
  kill "$(cat $PIDS/slurmctld.pid)"
  while scontrol ping >/dev/null 2>&1; do sleep 0.5; done
  sleep 1
  /usr/sbin/slurmctld
  until scontrol ping >/dev/null 2>&1; do sleep 0.5; done
  sleep 2
}
sq() { c "$1" squeue -o '%.5i %.9P %.8j %.6u %.2t %.6M %.19e %R'; }

sed -i 's/^PreemptMode=.*/PreemptMode=SUSPEND,GANG/' /etc/slurm/slurm.conf
restart_ctld
scontrol update PartitionName=gpu PriorityTier=2

# A normal-QOS job in debug holds every core of dgx1 (no GPUs); a high-QOS job in gpu
# that needs them starts at once and the victim is suspended under it.
cu sbatch-victim alice sbatch -p debug -J victim -w dgx1 -n 112 --mem=100G --time=10 --wrap 'sleep 600'
sleep 3
cu sbatch-boss bob sbatch --qos=high -J boss -w dgx1 -n 112 --mem=100G --time=2 --wrap 'sleep 30'
sleep 4
c squeue-suspended squeue
sq squeue-suspended-format
c squeue-t-S squeue -t S
c show-victim-suspended scontrol show job "$(squeue -h -n victim -o %i)"
c show-boss-running scontrol show job "$(squeue -h -n boss -o %i)"
# Suspended jobs keep their GPUs and memory: a high-QOS job that needs them waits.
cu sbatch-gpu-victim alice sbatch -p debug -J gvictim -w dgx2 --gres=gpu:8 -n 8 --time=10 --wrap 'sleep 600'
cu sbatch-mem-victim alice sbatch -p debug -J mvictim -w dgx3 --mem=1900G -n 1 --time=10 --wrap 'sleep 600'
sleep 3
cu sbatch-gpu-boss bob sbatch --qos=high -J gboss -w dgx2 --gres=gpu:1 -n 1 --time=2 --wrap 'sleep 30'
cu sbatch-mem-boss bob sbatch --qos=high -J mboss -w dgx3 --mem=200G -n 1 --time=2 --wrap 'sleep 30'
sleep 7
sq squeue-gpu-mem-waiting
c show-gpu-boss-pending scontrol show job "$(squeue -h -n gboss -o %i)"
# The preemptor ends: the victim is resumed, its end moved on by the time it was suspended.
boss_end=$(( $(date -d "$(scontrol show job "$(squeue -h -n boss -o %i)" | grep -o 'StartTime=[^ ]*' | cut -d= -f2)" +%s) + 32 ))
sleep $(( boss_end - $(date +%s) ))
sq squeue-resumed
c show-victim-resumed scontrol show job "$(squeue -h -n victim -o %i)"
c sacct-victim sacct -X -j "$(squeue -h -n victim -o %i)" -o JobID,JobName,State,Elapsed,Suspended
c cancel-all scancel -u alice
c cancel-all-bob scancel -u bob
sleep 2

scontrol update PartitionName=gpu PriorityTier=1
install -m 0644 $ORACLE/etc/slurm.conf /etc/slurm/slurm.conf
restart_ctld
scontrol show config | grep -q 'PreemptMode *= REQUEUE' && scontrol show partition gpu | grep -q PriorityTier=1
