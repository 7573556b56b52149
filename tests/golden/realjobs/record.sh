#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 50 s. Records into cases/, as alice, real-world GPU job scripts (corpus/) that run:
# first a two-node exclusive DDP job, eight tasks of one GPU each with two srun steps, a job
# that fails and an array sweep throttled to two tasks (last, as its tasks take new job ids
# when they start: slurmsim starts them 2 s later than Slurm, and a submission in between
# would take another id); then a job depending on the one that fails with
# --kill-on-invalid-dep, four ranks bound to their GPUs away from dgx1, a short job with
# --time-min, a job whose typed GPUs its untyped srun may not ask for. The queue and the
# steps are shown while they run, then sacct once they end; last, salloc and srun -Q.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
with_corpus realjobs
c sbatch-ddp sbatch realjobs/ddp.sh; DDP=$(id)
c sbatch-tp sbatch realjobs/tp.sh; TP=$(id)
c sbatch-fail sbatch --parsable realjobs/fail.sh; FAIL=$(cat "$OUT")
c sbatch-sweep sbatch realjobs/sweep.sh; SWEEP=$(id)
sleep 3  # the first wave runs before the second comes (a pass between them either way)
c sbatch-dep sbatch --dependency=afterok:"$FAIL" --kill-on-invalid-dep=yes realjobs/dep.sh; DEP=$(id)
c sbatch-ranks sbatch realjobs/ranks.sh; RANKS=$(id)
c sbatch-short sbatch realjobs/short.sh; SHORT=$(id)
c sbatch-mixed sbatch realjobs/mixed.sh; MIXED=$(id)
ALL="$DDP,$TP,$FAIL,$SWEEP,$DEP,$RANKS,$SHORT,$MIXED"
sleep 3
c squeue squeue -u alice -o '%.10i %.9P %.12j %.8T %.10M %.10l %.6D %R %b'
c squeue-steps squeue -u alice -s -o '%.14i %.12j %.6b %N'
c squeue-default squeue
c show-ddp scontrol show job "$DDP"
c show-ranks scontrol show job "$RANKS"
c show-short scontrol show job "$SHORT"
c show-steps scontrol show step "$TP.0"
c show-step-ddp scontrol show step "$DDP.0"
sleep 30
c sacct-X sacct -j "$ALL" -X -o JobID%15,JobName%12,State,ExitCode,AllocTRES%60
c sacct-steps sacct -j "$ALL" -o JobID%15,JobName%12,State,ExitCode,NTasks,AllocCPUS,NodeList
c sacct-default sacct -j "$ALL"
c sacct-parsable sacct -j "$ALL" -P -o JobID,JobIDRaw,State,Reason,ReqTRES,TimelimitRaw
c squeue-after squeue -u alice
c show-dep scontrol show job "$DEP"
c show-mixed scontrol show job "$MIXED"
c salloc-quiet salloc -Q -N1 true
c srun-quiet srun -Q -N1 true
c salloc-quiet-exit salloc --quiet -n2 --gpus-per-node=1 bash -c 'exit 3'
