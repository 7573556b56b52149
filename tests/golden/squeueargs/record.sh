#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 10 seconds. Records into cases/, as alice, how squeue reads a word no option takes:
# -j and -s take their lists as optional arguments, so the first word left over is the list
# of the first of them given without one (-j before -s), and any other word is refused;
# -j and -s given together, neither with a list, are refused; and a step named with a
# part's "+K" is its step.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a sbatch sbatch -J steps -t 5 -o /dev/null --wrap 'srun sleep 300'; J=$(id)
sleep 4
a s-word squeue -s $J.0 -o '%i %j %N'
a steps-word squeue --steps $J.0 -o '%i %j'
a s-word-then-option squeue -s $J.0 -h -o '%i %j'
a s-two-words squeue -s $J.0 $J.batch
a s-word-and-j-word squeue -s $J.0 -j $J
a s-and-j squeue -s -j
a j-and-s squeue -j -s
a j-word-and-s squeue -j $J -s -o '%i %j'
a s-bare-job squeue -s $J
a j-two-words squeue -j $J $J
a s-part squeue -s $J.0+1 -o '%i %j'
a s-no-such-step squeue -s $J.7 -o '%i %j'
