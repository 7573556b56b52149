#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about a minute. Records into cases/ heterogeneous jobs: components from a
# script's `#SBATCH hetjob` (and `packjob`) groups and from `sbatch A : B`, what each takes
# from the one before (and, on the command line, from the later ones), how squeue, scontrol
# and sacct name them (`N+k`, HetJobId, HetJobOffset, HetJobIdSet), what naming a leader or
# a component acts on (scancel, hold, release), the refusals (an array; a later component
# refused before or after its record is made), and how backfill plans and starts them all
# at once on nodes apart.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
with_corpus hetjobs
q() { c "$1" squeue -o '%i|%A|%j|%P|%D|%C|%l|%r|%F|%K|%b|%T'; }
# The components as scripts and command lines make them.
c script sbatch -H hetjobs/het.sh; j=$(id)
q script-queue
c script-fields squeue -O JobID,JobArrayID,HetJobId,HetJobOffset,HetJobIdSet,PackJobId,Name
c script-show scontrol show job "$j"
c script-show-component scontrol show job "$((j+2))"
c script-show-plus scontrol show job "$j+1"
c script-oneliner scontrol -o show job "$((j+1))"
c script-select-leader squeue -j "$j" -o %i
c script-select-component squeue -j "$((j+1))" -o %i
c script-select-plus squeue -j "$j+2" -o %i
c script-cancel-component scancel "$((j+1))"
c script-cancel-plus scancel "$j+2"
c script-cancel-plus-zero scancel "$j+0"
q script-cancelled
# (It waits on a held job, so that no pass starts it when it is released below.)
c anchor sbatch -H -J anchor --wrap true; anchor=$(id)
c pack sbatch -H -d "afterok:$anchor" hetjobs/pack.sh; j=$(id)
c pack-show scontrol show job "$j"
c pack-override sbatch -H -t 20 -p debug hetjobs/pack.sh; k=$(id)
q pack-override-queue
c cmdline sbatch -H -J a -N1 -t 3 --gres=gpu:1 : -J b -N2 -c 2 --wrap true; m=$(id)
c cmdline-back sbatch -H -N1 : -N2 -t 7 -q high -p debug -J b --comment=x --nice=3 --mem=1G -x dgx4 --wrap true; p=$(id)
c cmdline-script sbatch -H -J a -N1 : -J b -N2 hetjobs/pack.sh; s=$(id)
c cmdline-queue squeue -o '%i|%j|%l|%D|%C|%m|%q|%P|%y|%k|%x|%b'
c nodes sbatch -H hetjobs/nodes.sh; w=$(id)
c nodes-show scontrol show job "$w"
# What a leader's id names: hold, release and update act on every component, a
# component's own id on itself.
c release-component scontrol release "$((j+1))"
q release-component-queue
c hold-leader scontrol hold "$j"
c release-leader scontrol release "$j"
q release-leader-queue
c update-leader scontrol update jobid="$j" timelimit=5
c update-component scontrol update jobid="$((j+1))" timelimit=4
q update-queue
c cancel-leaders scancel "$j" "$k" "$m" "$p" "$s" "$w" "$anchor"
# Odd separators: empty components, a separator line's other words, one mid-line, in
# capitals, as an option; and components on the command line beside the script's.
e() { local nm=$1; shift; c "$nm" sbatch -H "$@"; local j; j=$(id); [ -n "$j" ] && { c "$nm-queue" squeue -j "$j" -o '%i|%D|%l'; c "$nm-cancel" scancel "$j"; }; }
e empty-first : --wrap true
e empty-last -N1 : --wrap true
e empty-middle -N1 : : -N2 --wrap true
e no-script -N1 :
for f in trailing empty-groups mid-line rest-of-line upper as-option; do e "$f" "hetjobs/$f.sh"; done
e both-lines -N1 : -N2 : -N1 hetjobs/trailing.sh
# Refusals: an array, and a later component refused before (partition) or after (GPUs)
# its record is made: the ones made before it are cancelled.
c array sbatch -H hetjobs/array.sh
c refused-partition sbatch -N1 -t 5 : -p nosuch --wrap true
c refused-gpus sbatch -N1 -t 5 : --gres=gpu:9 --wrap true
c after-refusals sbatch -H --wrap true; z=$(id)
for k in 3 2 1 0; do c "refusals-queue-$k" squeue -t all -j "$((z-k))" -o '%i|%T|%r'; done
c refusals-accounting sacct -X -j "$((z-3)),$((z-2)),$((z-1))" -o JobID,JobIDRaw,State,ExitCode
c refusals-show-cancelled scontrol show job "$((z-3))"
c refusals-show scontrol show job "$((z-1))"
c refusals-cancel scancel "$z"
# Scheduling: a component that would fit waits for the one that cannot, both planned
# by backfill on nodes apart, and both start at once when the blocker leaves.
c blocker sbatch -N3 --exclusive -t 5 --wrap 'sleep 300'; x=$(id)
sleep 3
c waiting sbatch -N1 -t 10 : -N2 -t 10 --wrap 'sleep 100'; h=$(id)
c waiting-queue squeue -o '%i|%T|%r|%N'
sleep 7
c planned-queue squeue -o '%i|%T|%r|%N|%Y'
c free scancel "$x"
sleep 7
c started-queue squeue -o '%i|%T|%r|%N|%Y'
c started-scheduler squeue -O JobArrayID,State,SchedNodes,NodeList -j "$h"
# sacct -j: a leader's id names every component, a component's itself, unless
# --whole-hetjob says otherwise.
c accounting sacct -X -j "$h" -o JobID,JobIDRaw,JobName,State,NodeList
c accounting-steps sacct -j "$h" -o JobID,JobIDRaw,State,AllocTRES%40
c accounting-component sacct -X -j "$((h+1))" -o JobID,State
c accounting-whole-yes sacct -X --whole-hetjob=yes -j "$((h+1))" -o JobID,State
c accounting-whole-no sacct -X --whole-hetjob=no -j "$h" -o JobID,State
c accounting-whole-bad sacct -X --whole-hetjob=maybe -j "$h" -o JobID,State
# Once they run, a component may be cancelled alone, updated as N+k; a requeue of the
# leader brings every component back.
c started-cancel-component scancel "$((h+1))"
c started-after-cancel squeue -j "$h" -o '%i|%T'
c started-update-plus scontrol update jobid="$h+0" timelimit=8
c started-requeue-component scontrol requeue "$((h+1))"
c started-requeue scontrol requeue "$h"
c started-requeued squeue -j "$h" -o '%i|%T|%l'
c started-cancel scancel "$h"
# scancel's filters name a heterogeneous job by its leader alone, by its own id.
c filter-submit sbatch -H -J hetfilter -N1 : -N2 --wrap true; f=$(id)
c filter-cancel-verbose scancel -v -n hetfilter
c filter-queue squeue -t all -j "$f" -o '%i|%T'
c filter-submit-user sbatch -H -N1 : -N2 --wrap true; g=$(id)
c filter-cancel-user scancel -t PD -u alice
c filter-user-queue squeue -t all -j "$g" -o '%i|%T'
