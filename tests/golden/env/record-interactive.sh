#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock, after
# record.sh; about half a minute. Appends to cases/ (from 079 on) how salloc reads SALLOC_*
# and srun reads its SLURM_*/SRUN_* input variables, under the command line. Each salloc
# holds its allocation (--no-shell) until it has been shown, then it is cancelled; each
# srun runs `true` at once and its finished job is shown.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
C=/work/shared/oracle/capture.sh
n=78
rm -f "$GOLDEN_DIR"/079-*.txt "$GOLDEN_DIR"/0[89]?-*.txt "$GOLDEN_DIR"/1??-*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@"; }
cu() { local nm=$1 u=$2; shift 2; n=$((n+1)); timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@"; }
last() { sacct -a -X -n -P -o jobid --name="$1" | tail -1; }
show() { c "$1-show" scontrol show job "$(last "$2")"; scancel "$(last "$2")" 2>/dev/null; sleep 1; }

cu salloc-env alice env SALLOC_PARTITION=debug SALLOC_TIMELIMIT=20 SALLOC_GRES=gpu:2 SALLOC_QOS=high salloc --no-shell -J sallocenv
show salloc-env sallocenv
cu salloc-env-under-cmdline alice env SALLOC_PARTITION=debug SALLOC_TIMELIMIT=20 salloc --no-shell -J salloccmd -p gpu -t 5
show salloc-env-under-cmdline salloccmd
cu salloc-env-flags alice env SALLOC_EXCLUSIVE= SALLOC_MEM_PER_NODE=10G SALLOC_GPUS_PER_NODE=1 SALLOC_ACCOUNT=research SALLOC_SIGNAL=USR1@30 salloc --no-shell -J sallocflags
show salloc-env-flags sallocflags
cu salloc-env-bad-time alice env SALLOC_TIMELIMIT=abc salloc --no-shell
cu salloc-env-bad-partition alice env SALLOC_PARTITION=nosuch salloc --no-shell
cu salloc-env-bad-signal alice env SALLOC_SIGNAL=bogus salloc --no-shell
cu salloc-exit-error alice env SLURM_EXIT_ERROR=7 salloc -p nosuch --no-shell
cu srun-test-only-env alice env SLURM_PARTITION=debug SLURM_NTASKS=4 SLURM_TIMELIMIT=10 srun --test-only true
cu srun-env alice env SLURM_JOB_NAME=srunenv SLURM_PARTITION=debug SLURM_TIMELIMIT=10 SLURM_NTASKS=2 SLURM_GPUS_PER_NODE=1 srun true
show srun-env srunenv
cu srun-env-under-cmdline alice env SLURM_JOB_NAME=srunenv2 SLURM_PARTITION=debug SLURM_TIMELIMIT=10 srun -p gpu -J sruncmd -t 5 true
show srun-env-under-cmdline sruncmd
cu srun-env-cpus alice env SRUN_CPUS_PER_TASK=4 SLURM_NNODES=2 SLURM_JOB_NAME=sruncpus SLURM_SIGNAL=USR2@40 srun true
show srun-env-cpus sruncpus
cu srun-env-bad-time alice env SLURM_TIMELIMIT=abc srun true
cu srun-env-bad-ntasks alice env SLURM_NTASKS=abc srun true
cu srun-exit-error alice env SLURM_EXIT_ERROR=7 srun -p nosuch true
