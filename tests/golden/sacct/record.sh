#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh), holding the oracle lock with
# `flock -o /tmp/oracle.lock -c ...`; about 2 minutes. Records sacct beyond the main scenario
# into cases/: array tasks (and the refused range form), REQUEUED and NODE_FAIL records (-D),
# "CANCELLED by <uid>", time windows (-S/-E in several forms, -T), states (-s), the filters
# (-u, -A, -r, --name, -a, -x), layouts (-b, -l, -n, -p, -P, --delimiter, %N widths,
# SACCT_FORMAT, --units, --noconvert), options 22.05 lacks or ignores, bad input, and last an
# interactive srun with its step. alice's, bob's and carol's jobs are cancelled first and
# last; other users' jobs are left alone and listed by the first case.
HERE="$(cd "$(dirname "$0")" && pwd)"
export GOLDEN_DIR="$HERE/cases"
rm -f "$GOLDEN_DIR"/*.txt
C=/work/shared/oracle/capture.sh
# The case counter lives in a file: job ids are read through $(...), a subshell.
COUNTER=$(mktemp)
echo 0 >"$COUNTER"
trap 'rm -f "$COUNTER"' EXIT
next() { local n=$(($(cat "$COUNTER") + 1)); echo $n >"$COUNTER"; printf '%03d-%s' $n "$1"; }
c() { local nm; nm=$(next "$1"); shift; timeout 20 $C "$nm" "$@" 2>/dev/null; }
cu() { local nm u=$2; nm=$(next "$1"); shift 2; timeout 20 $C -u $u "$nm" "$@" 2>/dev/null; }
id() { grep -o '[0-9]\+' | head -1; }

for u in alice bob carol; do scancel -u $u >/dev/null 2>&1; done
sleep 1
# Jobs of others (other engineers share the oracle): the replay leaves their rows out.
c foreign-jobs squeue -h -a -o %i >/dev/null
START=$(date +%Y-%m-%dT%H:%M:%S)
OK=$(cu sbatch-ok bob sbatch -J ok -N 1 --gres=gpu:2 -t 5 --wrap 'sleep 2' | id)
BAD=$(cu sbatch-bad carol sbatch -J bad -t 5 --wrap 'exit 7' | id)
LONG=$(cu sbatch-long alice sbatch -J long -N 1 --gres=gpu:8 -t 10 --wrap 'sleep 300' | id)
HELD=$(cu sbatch-held bob sbatch -H -J held -t 5 --wrap 'sleep 1' | id)
DBG=$(cu sbatch-debug carol sbatch -p debug -J dbg -t 5 --wrap 'sleep 300' | id)
NF=$(cu sbatch-nf bob sbatch --no-requeue -J nf -w dgx4 -t 5 --wrap 'sleep 300' | id)
ARR=$(cu sbatch-array alice sbatch -J arr --array=1-4 -t 5 --wrap 'sleep 3' | id)
sleep 7
c requeue-long scontrol requeue "$LONG"
c cancel-debug scancel "$DBG"
c down-dgx4 scontrol update nodename=dgx4 state=down reason=sacct-test
sleep 2
c j-array sacct -j "$ARR" -o JobID,JobIDRaw,JobName,State,ExitCode
c j-array-task sacct -j "${ARR}_3" -o JobID,JobIDRaw,State
c j-array-range sacct -j "${ARR}_[1-2]" -o JobID,State
c j-array-X sacct -X -j "$ARR" -o JobID,State
c j-requeued sacct -j "$LONG" -o JobID,JobName,State,ExitCode,NodeList
c j-requeued-D sacct -D -j "$LONG" -o JobID,JobName,State,ExitCode,NodeList
c j-cancelled-running sacct -j "$DBG" -o JobID,JobName,Partition,State,ExitCode
c j-node-fail sacct -D -j "$NF" -o JobID,JobName,State,ExitCode,NodeList
c j-failed sacct -j "$BAD" -o JobID,JobName,State,ExitCode,DerivedExitCode
c j-held sacct -j "$HELD" -o JobID,JobName,State,Reason,Priority,Eligible,Start,NodeList
c j-step sacct -j "$OK.batch" -o JobID,JobName,State
c j-multi sacct -X -j "$OK,$BAD,$HELD" -o JobID,JobName,User,State
c j-ok-fields sacct -j "$OK" -o JobID,User,UID,Group,GID,Account,QOS,Cluster,ReqCPUS,ReqMem,ReqNodes,ReqTRES%40,AllocNodes,NNodes,NCPUS,Timelimit,TimelimitRaw
c j-ok-more sacct -j "$OK" -o JobID,Priority,Reason,WorkDir%30,Comment,Constraints,Reservation,Flags,Partition,NTasks
c j-ok-P-all sacct -j "$OK" -P -o JobID,JobName,Elapsed,ElapsedRaw,CPUTime,CPUTimeRAW,Suspended,Layout,AssocID,WCKey,SubmitLine
c window-X sacct -X -S "$START" -o JobID,JobName,User,State
c window-steps sacct -S "$START" -o JobID,JobName,State,ExitCode
c window-u-bob sacct -X -S "$START" -u bob -o JobID,User,State
c window-A-product sacct -X -S "$START" -A product -o JobID,Account,State
c window-r-debug sacct -X -S "$START" -r debug -o JobID,Partition,State
c window-name sacct -X -S "$START" --name=ok,hn -o JobID,JobName
c s-running sacct -X -s R -o JobID,State
c s-pending sacct -X -s PD,RQ -o JobID,State
c s-cd-window sacct -X -S "$START" -s CD,completed -o JobID,State
c s-ca-f-window sacct -X -S "$START" -s ca,f,nf -o JobID,State
c s-cd-no-window sacct -X -s CD -o JobID,State
c brief sacct -b -S "$START"
c long-l sacct -l -j "$OK"
c noheader sacct -n -X -j "$OK" -o JobID,State
c parsable sacct -p -j "$OK" -o JobID,State
c parsable2 sacct -P -j "$OK" -o JobID,State
c delimiter sacct -P --delimiter=:: -j "$OK" -o JobID,JobName,State
c widths sacct -j "$OK" -o JobID%-20,JobName%3,State%-12,ExitCode%4
c width-zero sacct -j "$OK" -o JobID%0,State
c prefix sacct -X -j "$OK" -o jobn,stat,exitc
c sacct-format env SACCT_FORMAT=JobID,User%5,State sacct -X -j "$OK"
c sacct-format-b env SACCT_FORMAT=JobID,User sacct -b -X -j "$OK"
c S-today sacct -X -j "$OK" -S today -o JobID
c S-midnight sacct -X -j "$OK" -S midnight -E now -o JobID
c S-relative sacct -X -j "$OK" -S now-1hour -o JobID
c S-date sacct -X -j "$OK" -S "${START%T*}" -o JobID
c S-future sacct -X -j "$OK" -S now+1hour -o JobID
c E-past sacct -X -j "$OK" -S 2020-01-01 -E 2020-01-02 -o JobID
c helpformat sacct --helpformat
c e sacct -e
c err-field sacct -o JobID,Bogus
c err-state sacct -s bogus
c err-start sacct -S garbage
c err-start-after-end sacct -S now -E 2020-01-01T00:00:00
c err-operand sacct foo bar
c err-option sacct --bogus
c err-jobid sacct -j abc
c err-user sacct -u nosuchuser
c err-account sacct -A nosuchacct -X -S "$START"
cu as-alice alice sacct -X -S "$START" -o JobID,User,State
cu as-alice-a alice sacct -a -X -S "$START" -o JobID,User,State
cu as-alice-j-other alice sacct -j "$OK" -o JobID,User,State
c truncate sacct -T -X -S "$START" -E now -o JobID,Start,End,Elapsed
c allclusters sacct -L -X -j "$OK" -o JobID,Cluster,State
c units sacct --units=G -j "$OK" -o JobID,ReqMem,MaxRSS,AveVMSize
c units-bad sacct --units=X -X -j "$OK" -o JobID
c noconvert sacct --noconvert -j "$OK" -o JobID,ReqMem,MaxRSS,MaxVMSize
c completion sacct -c -j "$OK"
c associations sacct -x 1 -X -S "$START" -o JobID,AssocID
c array-option sacct --array -j "$ARR"
c whole-hetjob sacct --whole-hetjob -X -j "$OK" -o JobID
c whole-hetjob-no sacct --whole-hetjob=no -X -j "$OK" -o JobID
c err-jobid-step sacct -j "$OK.nosuch" -o JobID
c err-end sacct -E garbage -X -j "$OK"
# Last, so that no window above holds it: an interactive srun and its step.
c srun-hn srun -J hn -t 1 true >/dev/null
sleep 2  # slurmdbd learns of the job a moment after srun returns
HN=$(sacct -X -n -P -o JobID --name=hn -S "$START" | tail -1)
[ -n "$HN" ] && c j-srun sacct -j "$HN" -o JobID,JobName,State,ExitCode,AllocCPUS,NTasks
c whole-hetjob-bad sacct --whole-hetjob=maybe -X -j "$OK" -o JobID
sacct -P -D -o ALL -j "$OK,$BAD,$LONG,$HELD,$DBG,$NF,$HN,$ARR" >/tmp/sacct5-facts.txt 2>&1
scontrol update nodename=dgx4 state=resume >/dev/null 2>&1
for u in alice bob carol; do scancel -u $u >/dev/null 2>&1; done
scancel "$HN" >/dev/null 2>&1
