#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 2 minutes. Records into cases/, as alice, the steps a batch script's srun lines make:
# one after the other, each over the job's nodes as srun places it (-n, -N, --exact, the
# job's tasks and memory inherited), a step srun cannot have left out (the script goes on),
# steps run in the background side by side until one waits for memory, and how steps end
# when their job completes, times out or is cancelled; a step's GPUs, from its options and
# those the job's --gpus-per-node and --gpus-per-task hand down (not --gres); and a signal
# for the steps (scancel -s without -b): the running step dies of it and the script goes on,
# or, when nothing follows, ends with srun's status (the signal's number).
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 30 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
FIELDS=JobID,JobName,NodeList,AllocCPUS,NTasks,AllocTRES%40,State,ExitCode
c sequence sbatch -J seq -N 2 --ntasks-per-node=2 -c 2 -t 5 -o /dev/null \
  --wrap 'srun hostname; srun -n 1 sleep 2; srun -N 1 sleep 300'
SEQ=$(id)
c refused sbatch -J refused -n 3 -t 5 -o /dev/null --wrap 'srun -N 4 hostname; srun sleep 300'
REFUSED=$(id)
c side-by-side sbatch -J side -n 2 --mem=2G -t 5 -o /dev/null \
  --wrap 'srun --exact -n 1 sleep 300 & srun --exact -n 1 sleep 300 & wait'
SIDE=$(id)
c overlap sbatch -J overlap -n 2 -t 5 -o /dev/null \
  --wrap 'srun --overlap -n 1 sleep 300 & srun --overlap -n 1 sleep 300 & wait'
OVERLAP=$(id)
c done sbatch -J done -n 2 -t 5 -o /dev/null --wrap 'srun sleep 1; srun -n 1 true'
DONE=$(id)
c timeout sbatch -J timeout -t 1 -o /dev/null --wrap 'srun sleep 1; srun sleep 300'
TIMEOUT=$(id)
c gres sbatch -J gres -N 2 --ntasks-per-node=1 --gres=gpu:2 -t 5 -o /dev/null \
  --wrap 'srun --gpus-per-task=1 -n 2 sleep 300'
GRES=$(id)
c gpus-per-node sbatch -J gpn -N 2 --ntasks-per-node=1 --gpus-per-node=2 -t 5 -o /dev/null \
  --wrap 'srun --gpus-per-task=1 -n 2 sleep 300'
GPN=$(id)
c gpus-per-task sbatch -J gpt -n 2 --gpus-per-task=2 -t 5 -o /dev/null --wrap 'srun -n 1 sleep 300'
GPT=$(id)
c signal-int sbatch -J sINT -c 1 -t 5 -o /dev/null --wrap 'srun sleep 100'
SINT=$(id)
c signal-term sbatch -J sTERM -c 1 -t 5 -o /dev/null --wrap 'srun sleep 100'
STERM=$(id)
c signal-cont sbatch -J sCONT -c 1 -t 5 -o /dev/null --wrap 'srun sleep 100'
SCONT=$(id)
c signal-more sbatch -J more -c 1 -t 5 -o /dev/null --wrap 'srun sleep 100; sleep 6; srun true'
SMORE=$(id)
c signal-program sbatch -J prog -c 1 -t 5 -o /dev/null \
  --wrap 'srun python3 -c "import time; time.sleep(100)"; echo done'
SPROG=$(id)
sleep 6
c signal-int-sent scancel -s INT "$SINT"
c signal-term-sent scancel -s TERM "$STERM"
c signal-cont-sent scancel -s CONT "$SCONT"
c signal-more-sent scancel -s TERM "$SMORE"
c signal-program-sent scancel --signal=USR2 "$SPROG"
sleep 3
c signalled-sacct sacct -j "$SINT,$STERM,$SCONT,$SMORE,$SPROG" \
  -o JobID,JobName%6,State,ExitCode,DerivedExitCode
sleep 8
c signalled-more-sacct sacct -j "$SMORE" -o JobID,JobName%6,State,ExitCode,DerivedExitCode
c signalled-cancel scancel "$SCONT"
c gpus-sacct sacct -j "$GRES,$GPN,$GPT" -o JobID,NodeList,NTasks,AllocTRES%45,State
c gpus-cancel scancel "$GRES" "$GPN" "$GPT"
c running-sacct sacct -j "$SEQ,$REFUSED,$SIDE,$OVERLAP,$DONE" -o "$FIELDS"
c running-squeue squeue -s -u alice -o '%.12i %.8j %.9P %.8u %N'
c cancel scancel "$SEQ" "$SIDE"
sleep 3
c cancelled-sacct sacct -j "$SEQ,$SIDE" -o JobID,JobName,State,ExitCode
c cancel-rest scancel "$REFUSED" "$OVERLAP"
sleep 100
c timeout-sacct sacct -j "$TIMEOUT" -o JobID,JobName,State,ExitCode
