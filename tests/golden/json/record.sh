#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock; about 1 minute.
# Records squeue/sinfo --json and --yaml into cases/: an idle cluster, then a busy one (running,
# array, held, dependent and waiting jobs; a whole node allocated), the filters and formats that
# --json ignores, bad input beside --json, and a draining then drained node. The queue may also
# hold other users' jobs that ended less than MinJobAge ago: the replay leaves out every job this
# script did not submit. Everything is cancelled and dgx4 resumed at the end.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
# cu NAME USER COMMAND...: as USER; the job id it printed is left in $last.
cu() {
  local nm=$1 u=$2; shift 2; n=$((n+1))
  last=$(timeout 20 $C -u $u "$(printf '%03d-%s' $n "$nm")" "$@" 2>/dev/null | grep -o '[0-9]*$')
}

c sinfo-json-idle sinfo --json
c sinfo-yaml-idle sinfo --yaml
cu sbatch-train alice sbatch -J train-llm -N 2 --gres=gpu:8 --time=30 --wrap 'sleep 600'; train=$last
cu sbatch-array carol sbatch -J sweep --array=0-3%2 --gres=gpu:4 --time=5 --wrap 'sleep 300'
cu sbatch-whole bob sbatch -J whole -n 112 --time=10 --wrap 'sleep 600'
cu sbatch-held bob sbatch -H -J held --gres=gpu:4 --time=10 --wrap 'sleep 60'; held=$last
cu sbatch-big carol sbatch -J big -N 2 --gres=gpu:8 --time=20 --wrap 'sleep 60'
cu sbatch-dep alice sbatch -J after --dependency=afterok:$train --gres=gpu:8 --time=10 --wrap 'sleep 60'
cu sbatch-debug alice sbatch -p debug -J dbg --mem=1G --time=10 --gres=gpu:8 --wrap 'sleep 60'
sleep 3
c squeue-json squeue --json
c squeue-json-u squeue --json -u alice
c squeue-json-j squeue --json -j "$train"
c squeue-json-t-p squeue --json -t PD -p debug
c squeue-json-o squeue --json -o %i
c squeue-O-json squeue -O JobID --json
c squeue-json-h-l squeue --json -h -l
c squeue-yaml squeue --yaml
c squeue-json-yaml squeue --json --yaml
c squeue-yaml-json squeue --yaml --json
c squeue-json-bad-user squeue --json -u nosuch
c squeue-json-bad-opt squeue --json --bogus
c squeue-json-bad-state squeue --json -t nosuch
c sinfo-json-busy sinfo --json
c sinfo-json-filters sinfo --json -N -p debug -t idle
c sinfo-yaml-busy sinfo --yaml
c sinfo-json-bad-opt sinfo --json --bogus
c sinfo-json-bad-state sinfo --json -t nosuch
scontrol release "$held"
scontrol update nodename=dgx4 state=drain reason="gpu fell off bus"
sleep 1
c squeue-json-released squeue --json -j "$held"
c sinfo-json-draining sinfo --json
scancel -u alice; scancel -u bob; scancel -u carol
sleep 3
c sinfo-json-drained sinfo --json
# Bad -j and -w end squeue before it dumps. These two were recorded in a second session
# (their output does not depend on the queue); it also showed -j 999999, --start, --me,
# and sinfo's -p nosuch and -R giving the plain dump, as tests/cli/test_json_output.py checks.
c squeue-json-j-bad squeue --json -j abc
c squeue-json-w-unknown squeue --json -w nosuch
scontrol update nodename=dgx4 state=resume
sleep 1
