#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# under a minute. Records into cases/ what slurmctld makes of NumNodes= updates of a held
# job, accepted and refused (a lone count keeps the maximum; a count over the maximum or
# CPUs over the partition's are refused after the CPUs moved, the TRES left as it was),
# each shown after; then TresPerNode= updates, read as GRES only in the controller's
# gres:name:count form (else only shown, the job's GRES kept, and refused for a job with
# none); and unlimited or too long --time-min values at submission.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
tres() {  # tres NAME JOBID VALUE...: each TresPerNode=VALUE, then the job shown
  local nm=$1 job=$2 i=0; shift 2
  for value in "$@"; do
    i=$((i+1))
    c "$nm-tres-$i" scontrol update JobId="$job" TresPerNode="$value"
    c "$nm-tres-$i-show" scontrol show job "$job"
  done
}
updates() {  # updates NAME JOBID COUNT...: each NumNodes=COUNT, then the job shown
  local nm=$1 job=$2; shift 2
  for count in "$@"; do
    local tag=${count:-empty}
    tag=${tag/\*/any}
    c "$nm-numnodes-$tag" scontrol update JobId="$job" NumNodes="$count"
    c "$nm-numnodes-$tag-show" scontrol show job "$job"
  done
}
c fresh sbatch -H --wrap=x
ID=$(id)
updates fresh "$ID" 2k 1-4 3 300 0 2 '*' 1-2k ALL
c fresh-cancel scancel "$ID"
c ranged sbatch -H -N 2-3 --wrap=x
ID=$(id)
updates ranged "$ID" 5 1 2k '' 2
c ranged-cancel scancel "$ID"
c tasks sbatch -H -n 4 -c 2 --wrap=x
ID=$(id)
updates tasks "$ID" 2 1 500
c tasks-cancel scancel "$ID"
c gres sbatch -H -N 4 --gres=gpu:8 -t 30 --wrap=x
ID=$(id)
tres gres "$ID" gres:gpu:4 gres/gpu:6 gpu:1 gres/foo:2 gres:gpu:0 gres:gpu:2
c gres-cancel scancel "$ID"
c nogres sbatch -H -t 30 --wrap=x
ID=$(id)
tres nogres "$ID" gres/gpu:2 gpu:1 gres:gpu:2 gres/gpu:1
c nogres-cancel scancel "$ID"
c gpus sbatch -H --gpus=2 -t 30 --wrap=x
ID=$(id)
tres gpus "$ID" gres/gpu:1
c gpus-cancel scancel "$ID"
c time-min-zero sbatch -H -t 2-00:00:00 --time-min=0 --wrap=x
c time-min-unlimited sbatch -H --time-min=UNLIMITED --wrap=x
c time-min-both-unlimited sbatch -H -t UNLIMITED --time-min=UNLIMITED --wrap=x
c time-min-over-max sbatch -H -p debug --time-min=3:00:00 --wrap=x
c time-min-over-default sbatch -H -p debug --time-min=1:00:00 --wrap=x
c time-min-zero-both sbatch -H --time-min=0 -t 0 --wrap=x
c time-min-within sbatch -H -p debug --time-min=20 --wrap=x
ID=$(id)
c time-min-within-show scontrol show job "$ID"
c time-min-within-cancel scancel "$ID"
