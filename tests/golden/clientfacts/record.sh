#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 30 s. Records into cases/, as alice, what client libraries lean on (found by a sweep
# of their command lines): a wrapped script's `exit N` after `;` is the job's exit code and
# `sbatch --wait`'s (Cromwell); a quick command named by its path ends at once
# (radical.saga's `/bin/date`); a job that cannot open its working directory fails with
# its batch step CANCELLED (Cromwell, Hydra); and the reason a job shows right after its
# submission when a job submitted before it has a higher priority (Priority) or not; and
# the order of scontrol's list of every job once an array has split; and that a command
# run through a launcher (srun and its options, time, env, an assignment) takes the time
# the command takes.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 30 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
c wait-exit sbatch --wait -J exits -t 10 -c 2 --mem-per-cpu=800 --wrap 'sleep 4; exit 3'
EXITS=$(id)
c wait-exit-sacct sacct -j "$EXITS" -P -o JobID,JobName,State,ExitCode
c date-path sbatch -J date -t 5 --wrap '/bin/date -u >/dev/null'
DATE=$(id)
c redirect sbatch -J redirect -t 5 --wrap 'echo about to fail >&2; exit 7'
REDIRECT=$(id)
c no-dir sbatch -J nodir -D /nonexistent/dir --mem=500 --wrap '/bin/bash x'
NODIR=$(id)
sleep 4
c quick-sacct sacct -X -j "$DATE,$REDIRECT" -P -o JobID,JobName,State,ExitCode
c no-dir-sacct sacct -j "$NODIR" -P -o JobID,State,ExitCode
# The QOS factor (weight 10000) puts the first job well ahead of the second whatever
# alice's fair share does between them; the queue is read at once (a pass a moment later
# gives the reasons of its own).
c first sbatch -J first -q high -c 4 -t 10 --wrap 'sleep 60'
c smaller sbatch -J smaller -c 1 -t 10 --wrap 'sleep 60'
c queue squeue -o '%.8j %.9P %.4C %r'
c cancel scancel -u alice
# The order of slurmctld's job list: a task split off an array keeps the array record's
# place, and the record goes last (Toil reads every record of scontrol show job).
c list-first sbatch -J one -t 5 --wrap 'sleep 60'
c list-array sbatch -J arr3 --array=0-2 -t 5 --wrap 'sleep 60'
c list-second sbatch -J two -t 5 --wrap 'sleep 60'
sleep 4
c list-order scontrol show job
c list-cancel scancel -u alice
# A command through what launches it takes the command's time (a batch script's srun
# lines: dask-jobqueue, submitit, snakemake).
c launched-srun sbatch -J srun3 -t 5 --wrap 'srun -n 1 --cpu-bind=none sleep 3'
SRUN3=$(id)
c launched-env sbatch -J env3 -t 5 --wrap 'OMP_NUM_THREADS=2 env A=1 time -p sleep 3'
ENV3=$(id)
c launched-program sbatch -J program -t 1 --wrap 'srun -l /bin/sleep 100'
PROGRAM=$(id)
sleep 6
c launched-sacct sacct -X -j "$SRUN3,$ENV3,$PROGRAM" -P -o JobID,JobName,State,ExitCode
c launched-cancel scancel -u alice
