#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 15 s. Records into cases/, as alice, what a signal sent with scancel -b (the batch
# shell alone) or -f (the shell and its command) does to a job whose script waits for a
# command: bash puts SIGINT off until its command ends (-b) or dies of it with the command
# (-f); USR1 and most others end the job FAILED with the signal and Reason=JobLaunchFailure,
# its batch step CANCELLED; so does SIGHUP, but sacct shows that job's exit code as 1:0; CONT
# and a signal the script traps change nothing; -f KILL cancels as plain scancel does; WINCH
# is no signal scancel knows.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
OUT=$(mktemp)
trap 'rm -f "$OUT"; scancel -u alice' EXIT
c() { local nm=$1; shift; n=$((n+1)); timeout 30 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >"$OUT" 2>/dev/null; }
id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$OUT"; }
c sbatch-usr1 sbatch -J usr1 -c 1 -t 5 --wrap 'sleep 100'; USR1=$(id)
c sbatch-int-b sbatch -J int-b -c 1 -t 5 --wrap 'sleep 100'; INTB=$(id)
c sbatch-int-f sbatch -J int-f -c 1 -t 5 --wrap 'sleep 100'; INTF=$(id)
c sbatch-hup sbatch -J hup -c 1 -t 5 --wrap 'sleep 100'; HUP=$(id)
c sbatch-kill-f sbatch -J kill-f -c 1 -t 5 --wrap 'sleep 100'; KILLF=$(id)
c sbatch-trap sbatch -J trap -c 1 -t 5 --wrap 'trap "echo caught; exit 4" USR1; sleep 100'; TRAP=$(id)
c sbatch-winch sbatch -J winch -c 1 -t 5 --wrap 'sleep 100'; WINCH=$(id)
c sbatch-cont sbatch -J cont -c 1 -t 5 --wrap 'sleep 100'; CONT=$(id)
c sbatch-term-b sbatch -J term-b -c 1 -t 5 --wrap 'sleep 100'; TERMB=$(id)
sleep 4
c usr1 scancel -b -s USR1 "$USR1"
c int-b scancel -b -s INT "$INTB"
c int-f scancel -f -s INT "$INTF"
c hup scancel --batch --signal=HUP "$HUP"
c kill-f scancel --full -s KILL "$KILLF"
c trap scancel -b -s SIGUSR1 "$TRAP"
c winch scancel -s WINCH "$WINCH"
c cont scancel -b -s CONT "$CONT"
c term-b scancel -b -s 15 "$TERMB"
sleep 3
ALL="$USR1,$INTB,$INTF,$HUP,$KILLF,$TRAP,$WINCH,$CONT,$TERMB"
c sacct sacct -j "$ALL" -o JobID,JobName,State,ExitCode,DerivedExitCode
c squeue squeue -j "$ALL" -o '%.10i %.8j %.8T %r'
c squeue-all squeue -j "$ALL" -t all -o '%.10i %.8j %.10T %r'
c show-hup scontrol show job "$HUP"
c show-usr1 scontrol show job "$USR1"
c cancel scancel -u alice
