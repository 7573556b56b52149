"""The command lines Slurm client libraries run, exactly as they build them.

Read from the libraries' sources (submitit 1.5, dask-jobqueue 0.9,
snakemake-executor-plugin-slurm 2.8); each is run as the library's subprocess
call would run it, argument for argument.
"""

#: submitit's batch script header (``_make_sbatch_string``) for a two-element
#: ``map_array`` with one GPU: every #SBATCH line it can write for such a job.
SUBMITIT_SCRIPT = """#!/bin/bash

# Parameters
#SBATCH --array=0-1%2
#SBATCH --cpus-per-task=2
#SBATCH --error=/tmp/submitit/%A_%a_0_log.err
#SBATCH --exclusive
#SBATCH --gpus-per-node=1
#SBATCH --job-name=submitit
#SBATCH --mem=4GB
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --open-mode=append
#SBATCH --output=/tmp/submitit/%A_%a_0_log.out
#SBATCH --signal=USR2@90
#SBATCH --time=5
#SBATCH --wckey=submitit

# command
export SUBMITIT_EXECUTOR=slurm
srun --unbuffered --output /tmp/submitit/%A_%a_%t_log.out \
 --error /tmp/submitit/%A_%a_%t_log.err python3 -u -m submitit.core._submit /tmp/submitit
"""

#: dask-jobqueue's SLURMJob script with a log directory, a queue and an account.
DASK_SCRIPT = """#!/usr/bin/env bash

#SBATCH -J dask-worker
#SBATCH -e /tmp/dask-logs/dask-worker-%J.err
#SBATCH -o /tmp/dask-logs/dask-worker-%J.out
#SBATCH -p gpu
#SBATCH -A research
#SBATCH -n 1
#SBATCH --cpus-per-task=1
#SBATCH --mem=954M
#SBATCH -t 00:30:00

python3 -m distributed.cli.dask_worker tcp://127.0.0.1:8786 --name dummy-name \
 --nthreads 1 --memory-limit 0.93GiB --nanny --death-timeout 60
"""

#: The snakemake plugin's workflow id: the job name every status query filters on.
RUN_UUID = "f3c1b6de-6f0a-4b1e-9a57-0d2d1c7a8e11"

#: ``get_submit_command`` for a one-thread rule with mem_mb and runtime; the script
#: comes on standard input.
SNAKEMAKE_SBATCH = (
    f"sbatch --parsable --job-name {RUN_UUID} --output /tmp/smk/slurm_logs/rule_a/%j.log"
    " --export=ALL --comment rule_a -A research -p gpu -t 10 --mem 1000 --ntasks=1"
    " --cpus-per-task=1 -D /tmp/smk"
)
SNAKEMAKE_SCRIPT = b"#!/bin/sh\npython -m snakemake --target-jobs 'a:' --cores 1\n"

#: ``query_job_status_sacct``: the start is two days before the wall clock, to the hour.
SNAKEMAKE_SACCT = (
    "sacct -X --parsable2 --clusters all --noheader --format=JobIdRaw,State"
    f" --starttime 2026-11-27T19:00 --endtime now --name {RUN_UUID}"
)
#: ``query_job_status_squeue``.
SNAKEMAKE_SQUEUE = f"squeue --format='%i|%T' --states=all --noheader --name {RUN_UUID}"
