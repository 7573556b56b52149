#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about a minute. Records into cases/, as alice, how Slurm reads the values it scans
# itself rather than by a grammar: points in time (times.txt, each as sbatch --begin reads
# it, through --test-only, and as sacct -S reads it, as a past time), job array specs
# (empty items, strtol's reading of each item, a "%" item), a node count of 0, no GPUs
# per job or per task, and hostlists (hostlists.txt through scontrol show hostnames; a
# bad one given to each command that reads one).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
i=0
while IFS= read -r t; do
  i=$((i+1))
  c "begin-$i" sbatch --test-only --begin="$t" --wrap=true
  c "sacct-$i" sacct -X -n --name=nosuch -S "$t" -o JobID
done < "$HERE/times.txt"
for a in , 1,,2%1 1,2,%1 ,,3 '[1,,2]' 1-2, 0-3%x ' 4' 1-3: 1:2 2x 0-3:0 3-1; do
  c array sbatch -H -J spec --array="$a" --wrap=true
done
c array-test-only sbatch --test-only --array=3-1 --wrap=true
c arrays squeue -h -n spec -o '%i %T'
c N0-sbatch sbatch -J "n0-$$" -N 0 --wrap=true
c N0-srun srun -N 0 true
c N0-salloc salloc -N 0 true
c N0-test-only sbatch --test-only -N 0 --wrap=true
c N0-record squeue -h -t all -n "n0-$$" -o '%i %T %D %C %r'
c gpus0 sbatch -H -J gpus0 --gpus=0 --wrap=true
c gpus0-show squeue -h -n gpus0 -o '%i %T %b'
c gpus-per-task0 sbatch -H -J gpt0 --gpus-per-task=0 --wrap=true
c gpus-per-task0-show squeue -h -n gpt0 -o '%i %T %b'
c srun-gpus0 srun --gpus=0 true
i=0
while IFS= read -r h; do
  i=$((i+1))
  c "hostnames-$i" scontrol show hostnames "$h"
done < "$HERE/hostlists.txt"
c hostlist-bad scontrol show hostlist 'dgx[2-1]'
c hostlistsorted-bad scontrol show hostlistsorted 'dgx[1-2000000]'
c show-node-bad scontrol show node 'dgx[2-1]'
c show-node-too-many scontrol show node 'dgx[1-2000000]'
c squeue-w-bad squeue -w 'dgx[2-1]'
c squeue-w-suffix squeue -w 'dgx[1-2]x'
c sinfo-n-bad sinfo -n 'dgx[2-1]'
c sinfo-n-suffix sinfo -n 'dgx[1-2]x'
c sbatch-w-bad sbatch -w 'dgx[2-1]' --wrap=true
c sbatch-w-too-many sbatch -w 'dgx[1-2000000]' --wrap=true
c sbatch-x-bad sbatch -x 'dgx[2-1]' --wrap=true
c srun-w-bad srun -w 'dgx[2-1]' true
c srun-x-bad srun -x 'dgx[2-1]' true
c salloc-w-bad salloc -w 'dgx[2-1]' true
c update-node-bad scontrol update NodeName='dgx[2-1]' State=RESUME
c sacct-N-bad sacct -X -N 'dgx[2-1]'
c squeue-json-w-bad squeue --json -w 'dgx[2-1]'
c scancel-w-bad scancel -w 'dgx[2-1]'
c step-w-bad srun --jobid=1 -w 'dgx[2-1]' true
# Numbers past what C keeps: widths (a column too wide crashes squeue), --iterate, node counts.
c width-crash squeue -o '%9999999999i'
c width-wraps squeue -o '%.2147483648i'
c iterate-huge squeue -i 99999999999999999999
c iterate-wraps sinfo -i 2147483648
c nodes-huge sbatch -N 99999999999999999999 --wrap=true
c nodes-wraps sbatch -N 4294967296 --wrap=true
c nn sbatch -H -J nn --wrap=true
NN=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT")
c numnodes-empty scontrol update JobId="$NN" NumNodes=
c numnodes-any scontrol update JobId="$NN" NumNodes='*'
c numnodes-huge scontrol update JobId="$NN" NumNodes=99999999999999999999
c numnodes-zero scontrol update JobId="$NN" NumNodes=0
c numnodes-show squeue -h -j "$NN" -o '%i %D %r'
c cancel scancel -u alice
