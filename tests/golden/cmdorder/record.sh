#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 10 seconds. Records into cases/, as alice, how squeue, scancel, sprio and sacct read
# their command lines: an option is refused as it is read, before a word no option takes;
# squeue's -t ALL must stand alone, and its filters given twice keep the last (sacct's add
# up); sacct -M names the clusters whose jobs it lists, the last of -M and -L counting.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a sbatch sbatch -J orderc -t 5 -o /dev/null --wrap true; J=$(id)
sleep 8  # slurmdbd names the job a few seconds after it ends ("allocation" till then)
a squeue-bad-state squeue -t XX extra
a squeue-bad-user squeue -u nosuch extra
a squeue-all-first squeue -t all,R
a squeue-all-last squeue -t R,ALL
a squeue-all-then-bad squeue -h -t all -t XX
a squeue-bad-then-all squeue -h -t XX -t all
a squeue-states-last squeue -h -o '%.8j %.10T' -n orderc -t PD -t CD
a squeue-states-last-none squeue -h -n orderc -t CD -t PD
a squeue-names-last squeue -h -o '%.8j %.10T' -t CD -n zzz -n orderc
a squeue-names-last-none squeue -h -t CD -n orderc -n zzz
a squeue-users-last squeue -h -o '%.8j %.10T' -n orderc -t CD -u bob -u alice
a squeue-partitions-last squeue -h -n orderc -t CD -p gpu -p debug
a scancel-bad-state scancel -t XX extra
a scancel-bad-state-after scancel extra -t XX
a scancel-bad-signal scancel --signal=FOO extra
a sinfo-bad-field sinfo -O foo extra
a sprio-bad-user sprio -u nosuch extra
a sacct-other-cluster sacct -X -j "$J" -M foo -o JobID,JobName
a sacct-all-clusters sacct -X -j "$J" -M all -o JobID,JobName
a sacct-named-cluster sacct -X -j "$J" -M foo,DGXCLUSTER -o JobID,JobName
a sacct-last-m sacct -X -j "$J" -L -M foo -o JobID,JobName
a sacct-last-l sacct -X -j "$J" -M foo -L -o JobID,JobName
a sacct-names-add sacct -X -j "$J" --name=zzz --name=orderc -o JobID,JobName
