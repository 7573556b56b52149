#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; a few seconds. Records into cases/ which refusal sbatch gives when several
# options are bad: it reads counts, times and sizes as getopt reaches them, so the first
# bad one in the order given is refused, before the GRES, which is checked with the
# request as a whole; and what it says after a node list longer than -N allows.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
s() { local nm=$1; shift; a "$nm" sbatch -H "$@" --wrap=true; }
s gres-nodes --gres=gpu: --nodes=
s nodes-gres --nodes= --gres=gpu:
s gres-alone --gres=gpu:
s gres-time --gres=gpu: --time=
s gres-cpus --gres=gpu: --cpus-per-task=
s gres-tasks-per-node --gres=gpu: --ntasks-per-node=
s gres-mem --gres=gpu: --mem=
s gres-tasks --gres=gpu: --ntasks=
s gres-partition --gres=gpu: --partition=
s mem-nodes --mem= --nodes=
s time-nodes --time= --nodes=
s nodes-time --nodes= --time=
s cpus-mem --cpus-per-task=0 --mem=1x
s mem-per-cpu-time --mem-per-cpu=x --time=x
s time-min-nodes --time-min=x --nodes=0-x
s all-empty --job-name= --account= --partition= --nodes= --ntasks-per-node= --gres=gpu: --cpus-per-task= --mem= --time=
s list-longer -N1 -n1 -w 'dgx[1-4]'
s list-longer-tasks -N1 -n3 -w 'dgx[1-4]'
s list-longer-range -N1-2 -n1 -w 'dgx[1-3]'
