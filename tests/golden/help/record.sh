#!/bin/bash
# Run as root holding the oracle lock; a few seconds, and the daemons need not run.
# Records what every Slurm command prints for --help, --usage and its version probes.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
c() { local nm=$1; shift; timeout 20 $C "$nm" "$@" >/dev/null 2>&1; }

for cmd in sbatch srun salloc squeue sinfo scontrol scancel sacct sprio sshare sacctmgr; do
  c "$cmd-help" $cmd --help
  c "$cmd-usage" $cmd --usage
  c "$cmd-V" $cmd -V
  c "$cmd-version" $cmd --version
done
# Where -h is help rather than --noheader.
for cmd in sbatch srun salloc scontrol sacct sacctmgr; do c "$cmd-h" $cmd -h; done
# Where -u is --usage rather than a user or unbuffered output.
for cmd in sbatch salloc scontrol; do c "$cmd-u" $cmd -u; done
# The commands' own words for the same things.
c scontrol-word-version scontrol version
c scontrol-word-help scontrol help
c sacctmgr-word-version sacctmgr version
c sacctmgr-word-help sacctmgr help
c sacctmgr-no-args sacctmgr </dev/null
