#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 2 minutes. Records into cases/, as alice, a second set of real-world job scripts
# (corpus/): CPU preprocessing on the debug partition with --hint and --distribution, a job
# pinned to a node with --gres-flags and --export=NONE, one that begins 30 s later, two
# singletons of one name, a whole-node evaluation under QOS high with --nice, a CPU-only
# tokenizer with two srun steps, a script whose sruns are refused, and an array of four GPU
# tasks throttled to two with mail and log patterns. They queue behind a job holding every
# node (under QOS high, which the evaluation may not preempt), whose cancellation starts
# them in one pass (so in the same order on both sides: Slurm starts a job submitted to an
# idle cluster at once, slurmsim 2 s later). The queue, the jobs and their steps are shown
# while they run, sacct once all have ended (not while they run: slurmdbd had not heard of
# some jobs yet, and showed others PENDING).
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
with_corpus realjobs2
c sbatch-blocker sbatch -J blocker -N4 --exclusive -t 10 -q high --wrap 'sleep 600'; BLOCK=$(id)
sleep 3  # it runs before the others come
c sbatch-preproc sbatch realjobs2/preproc.sh; PRE=$(id)
c sbatch-pinned sbatch realjobs2/pinned.sh; PIN=$(id)
c sbatch-later sbatch realjobs2/later.sh; LATER=$(id)
c sbatch-chain sbatch realjobs2/single.sh; CH1=$(id)
c sbatch-chain-again sbatch realjobs2/single.sh; CH2=$(id)
c sbatch-big sbatch realjobs2/big.sh; BIG=$(id)
c sbatch-cpuonly sbatch realjobs2/cpuonly.sh; CPU=$(id)
c sbatch-refused sbatch realjobs2/refused.sh; REF=$(id)
c sbatch-hpo sbatch realjobs2/hpo.sh; HPO=$(id)
ALL="$PRE,$PIN,$LATER,$CH1,$CH2,$BIG,$CPU,$REF,$HPO"
sleep 3  # a pass has looked at them
c squeue-queued squeue -u alice
c scancel-blocker scancel "$BLOCK"
sleep 4
c squeue squeue -u alice
c squeue-format squeue -u alice -o '%.10i %.9P %.8j %.2t %.6D %.4C %.6m %.12b %.10q %.6y %R'
c squeue-start squeue -u alice --start
c show-preproc scontrol show job "$PRE"
c show-pinned scontrol show job "$PIN"
c show-later scontrol show job "$LATER"
c show-chain-again scontrol show job "$CH2"
c show-big scontrol show job "$BIG"
c show-cpuonly scontrol show job "$CPU"
c show-refused scontrol show job "$REF"
c show-hpo scontrol show job "$HPO"
c show-step-preproc scontrol show step "$PRE.0"
c show-step-pinned scontrol show step "$PIN.0"
c show-step-big scontrol show step "$BIG.0"
c squeue-steps squeue -u alice -s -o '%.12i %.8j %.4C %.10b %N'
sleep 90  # the job that begins later starts by the next periodic main pass (60 s)
c sacct-X sacct -j "$ALL" -X -o JobID%14,JobName%10,State,ExitCode,AllocTRES%60,NodeList
c sacct-steps sacct -j "$ALL" -o JobID%14,JobName%10,State,ExitCode,NTasks,AllocCPUS,ReqCPUS,NodeList
c sacct-parsable sacct -j "$ALL" -P -o JobID,JobIDRaw,Partition,State,Reason,ReqTRES,TimelimitRaw,Flags
c squeue-after squeue -u alice
c show-later-after scontrol show job "$LATER"
c show-chain-after scontrol show job "$CH2"
c show-refused-after scontrol show job "$REF"
