#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 30 s. Records into cases/, as alice, what srun and salloc say when an allocation
# cannot start at once: under --immediate with a higher-priority job pending (not top
# priority), with a begin time, a hold or a dependency (a dependency problem), with the
# nodes busy; --immediate=SECONDS running out (the client cancels the job it waited
# for); the job records each leaves (squeue -t all, sacct); and a --constraint no node
# has, which uses up a job id but leaves no record.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
[ -z "$(squeue -h -t all)" ] || { echo "jobs are still listed: record once earlier ones are purged" >&2; exit 1; }
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
n=0
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
c idle-salloc salloc -I -N1 true
c idle-srun srun -I -N1 true
c big sbatch -J big -N 4 --gres=gpu:8 --exclusive -t 10 --wrap='sleep 300'
BIG=$(id)
c two sbatch -J two -N 2 --gres=gpu:8 -t 10 --wrap='sleep 300'
sleep 6
c queue squeue -o '%.6i %.9P %.8j %.2t %r'
c salloc-not-top salloc -I -N1 --gres=gpu:1 true
c srun-not-top srun -I -N1 true
c salloc-begin salloc -I --begin=now+1hour -N1 true
c srun-begin srun -I --begin=now+1hour -N1 true
c salloc-held salloc -I -H -N1 true
c srun-held srun -I -H -N1 true
c salloc-dep salloc -I -d "afterok:$BIG" -N1 true
c srun-dep srun -I -d "afterok:$BIG" -N1 true
c salloc-busy salloc -I -p debug -N1 true
c srun-busy srun -I -p debug -N1 true
c salloc-busy-status env SLURM_EXIT_IMMEDIATE=7 salloc -I -p debug -N1 true
c salloc-dep-status env SLURM_EXIT_IMMEDIATE=7 salloc -I -H -N1 true
c salloc-bad-value salloc --immediate=abc true
c srun-negative srun --immediate=-1 true
c queue-after squeue -t all -o '%.6i %.9P %.8j %.2t %r'
sleep 2
c sacct-window sacct -X -S now-60 -o JobID,JobName%12,State,ExitCode,Start,End
c sacct-named sacct -X -j "$((BIG+4)),$((BIG+6))" -o JobID,State,Start,End
c salloc-waits salloc --immediate=2 -p debug -N1 true
c srun-waits srun --immediate=2 -N1 true
c waited squeue -t all -o '%.6i %.9P %.8j %.2t %r'
c salloc-feature salloc -C nosuch true
c srun-feature srun -C nosuch true
c sbatch-feature sbatch -C nosuch --wrap=true
c sbatch-prefer sbatch --prefer=nosuch --wrap=true
c sbatch-after sbatch -J after -t 5 --wrap='sleep 60'
c no-records squeue -t all -h -o '%i %T'
c cancel scancel -u alice
