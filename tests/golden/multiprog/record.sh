#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about a minute and a half. Records into cases/ srun --multi-prog (corpus/: the files,
# and show.sh, which prints its arguments after as many seconds as its rank, so that the
# tasks' lines come in order): ranks, ranges, lists and '*', %t and %o, comments,
# quoting and continued lines, the task count taken from the file, srun's arguments after
# the file, a program that cannot start, and each refusal srun makes before it asks for
# anything (no job id is used then); then steps of a running job, and the accounting.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
JOBS=/tmp/slurm-oracle-jobs
rm -rf "$JOBS/multiprog"
cp -r "$HERE/corpus" "$JOBS/multiprog"
chmod -R a+rwX "$JOBS/multiprog"
trap 'rm -f "$OUT"; scancel -u alice; rm -rf "$JOBS/multiprog"' EXIT
M=multiprog
START=$(date +%Y-%m-%dT%H:%M:%S)  # for the accounting of the jobs the sruns make
a holder sbatch -t 5 -n 4 --wrap='sleep 300'
JOB=$(id)
sleep 3
a basic srun -t 5 -n 4 -l --multi-prog $M/basic.conf
a quoting srun -t 5 -n 4 -l --multi-prog $M/quoting.conf
a continued srun -t 5 -n 3 -l --multi-prog $M/continued.conf
a lists srun -t 5 -n 4 -l --multi-prog $M/lists.conf
a count-from-file srun -t 5 -l --multi-prog $M/gaps.conf
a count-two-nodes srun -t 5 -N 2 --multi-prog $M/gaps.conf
a arguments-after srun -t 5 -n 3 -l --multi-prog $M/continued.conf more 'and more'
a percent-newline srun -t 5 -n 3 -l --multi-prog $M/percent.conf
a no-such-program srun -t 5 -n 3 -l --multi-prog $M/noprogram.conf
a open-quote srun -t 5 -n 3 --multi-prog $M/openquote.conf
a empty-item srun -t 5 -n 3 -l --multi-prog $M/emptyitem.conf
a wrapped-rank srun -t 5 -n 2 -l --multi-prog $M/wrap.conf
a plain-no-such-command srun -t 5 -n 2 nosuchcommand
for f in missing duplicate starfirst beyond beyondlist badrank plus trailing badhigh \
    negative openrange reversed noprog empty listbad; do
    a "refused-$f" srun -t 5 -n 4 --multi-prog $M/$f.conf
done
a refused-no-file srun -t 5 -n 4 --multi-prog $M/nofile.conf
a refused-directory srun -t 5 -n 4 --multi-prog $M
a refused-too-few srun -t 5 -n 2 -l --multi-prog $M/basic.conf
a step-count-from-file srun --jobid=$JOB -l --multi-prog $M/basic.conf
a step-given srun --jobid=$JOB -n 4 -l --multi-prog $M/gaps.conf
a step-refused srun --jobid=$JOB -n 4 --multi-prog $M/missing.conf
sleep 2
a steps sacct -j "$JOB" --format=JobID,JobName%20,NTasks,State,ExitCode
a release scancel "$JOB"
sleep 3
a jobs sacct -X -u alice -S "$START" --format=JobID,JobName%20,NNodes,AllocCPUS,State,ExitCode
