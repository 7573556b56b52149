#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 30 s. Records into cases/, as alice, how a batch script's shell structure meets
# its sruns: `srun ... || exit 7` (a node name the cluster lacks: refused, exit 1) ends the
# script with 7; an srun in an if/while condition is out of set -e's reach; a for loop
# runs its srun once per value (steps named from the loop variable); a guard, a
# here-document and a command substitution take no time, and a function ending in exit 4
# after || ends the script with 4; a job with --ntasks-per-gpu=2 refuses `srun -n 1`
# (the inherited SLURM_NTASKS_PER_GPU) but not `srun`; case, if/else and a while loop over
# a pipe run at once. sacct once all have ended.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
with_corpus shellflow
c sbatch-orexit sbatch -o /dev/null shellflow/orexit.sh; O=$(id)
c sbatch-pergpu sbatch -o /dev/null shellflow/pergpu.sh; P=$(id)
c sbatch-cond sbatch -o /dev/null shellflow/cond.sh; CO=$(id)
c sbatch-loop sbatch -o /dev/null shellflow/loop.sh; L=$(id)
c sbatch-guard sbatch -o /dev/null shellflow/guard.sh; G=$(id)
c sbatch-struct sbatch -o /dev/null shellflow/struct.sh; S=$(id)
ALL="$O,$P,$CO,$L,$G,$S"
sleep 20
c squeue squeue -u alice -o '%.10i %.10j %.2t'
c sacct-X sacct -j "$ALL" -X -o JobID,JobName%10,State,ExitCode
c sacct-steps sacct -j "$ALL" -o JobID%12,JobName%10,State,ExitCode
c show-orexit scontrol show job "$O"
c show-guard scontrol show job "$G"
