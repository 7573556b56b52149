#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh) whose associations have no
# usage yet (fair share 1 for all: a new oracle, or `sacctmgr modify ... set RawUsage=0` at
# least one PriorityCalcPeriod before), holding the oracle lock; about 20 s. Records into
# cases/, as alice, squeue's and sinfo's every-field formats (`-o %all`, sinfo's `-O all`)
# over running, pending and array jobs, and the lines sinfo gives partitions whose shown
# attributes are equal (they share them) or differ. Cancelled after.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }

# The partitions on an idle cluster: equal in what is shown, they share a line.
c sinfo-avail sinfo -o '%a|'
c sinfo-avail-nodes-time sinfo -o '%a %D %l'
c sinfo-oversubscribe sinfo -o '%h %N %m'
c sinfo-s-avail sinfo -s -o '%a %F'
c sinfo-exact sinfo -e -o '%P %c %m %d'
c sinfo-all-idle sinfo -o %all

# Jobs: one on two whole nodes, an array two of whose tasks run, one that waits for them.
# Seconds apart, so that each is scheduled before the next comes (the oracle's first pass
# after a submission comes 0-3 s later; docs/differences.md, Time).
c sbatch-big sbatch -J big -N 2 --gres=gpu:8 -t 2:00:00 --wrap='sleep 300'
sleep 4
c sbatch-array sbatch -J arr --array=0-5%2 --gres=gpu:1 -c 4 -t 20 --wrap='sleep 300'
sleep 4
c sbatch-huge sbatch -J huge -N 4 --gres=gpu:8 -t 3:00:00 --wrap='sleep 300'
c sbatch-held sbatch -J held -H -p debug -t 10 --wrap='sleep 300'
sleep 8
c squeue-all squeue -o %all
c squeue-all-r squeue -r -o %all
c squeue-all-upper squeue -o %ALL
c squeue-all-not-alone squeue -o '%i %all'
c squeue-all-width squeue -o '%.5all'
c squeue-select squeue -o '%s|%i'
c squeue-select-width squeue -o '%.10s|%i'
c squeue-O-select squeue -O selectjobinfo,jobid
c squeue-O-all squeue -O all
c sinfo-all sinfo -o %all
c sinfo-all-upper sinfo -o %ALL
c sinfo-all-not-alone sinfo -o '%P %all'
c sinfo-O-all sinfo -O all
c sinfo-O-all-upper sinfo -O ALL
c sinfo-O-all-then sinfo -O all,partition
c sinfo-O-then-all sinfo -O partition,all
c sinfo-busy-avail sinfo -o '%a %D %t'
c sinfo-busy-cpus sinfo -o '%C|'
c sinfo-busy-states sinfo -o '%D %t'
c sinfo-busy-groups sinfo -o '%g %p %r %s %B %M %S'
c sinfo-busy-exact sinfo -e -o '%P %c %m %t'
c scancel scancel -u alice
# squeue -S read as squeue reads it: each character a key, the last applied first; b is
# said and skipped, c and the word cluster sort nothing, a bad character ends it.
c sort-big sbatch -J big -N 4 --exclusive -t 10 -o /dev/null --wrap 'sleep 200'
for n in c a b; do c sort-job sbatch -J $n -t 20 -o /dev/null --wrap=true; done
sleep 3
for a in b c cluster,-i ij 'x%i' ,i -B,i z,-i; do c sort squeue -h -o '%i %j' -S "$a"; done
c sort-cancel scancel -u alice
# sinfo -S read as sinfo reads it: each character a key, the last applied first, #P the
# partitions' slurm.conf order; without -S, "#P,-t". (Ties in state go either way on the
# oracle, whose partitions' lines come from threads: no -S t, nor -N -S N, here.)
r() { local nm=$1; shift; n=$((n+1)); timeout 20 $C "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
c sinfo-sort-big sbatch -N 2 --exclusive -t 10 -o /dev/null --wrap 'sleep 200'
c sinfo-sort-small sbatch -t 10 -o /dev/null --wrap 'sleep 200'
r sinfo-sort-drain scontrol update nodename=dgx4 state=drain reason=maint
sleep 3
for a in P -P '#P' Pt ,P 'x%P' +P,-t D,P -l; do c sinfo-sort sinfo -h -o '%P %t %D %N' -S "$a"; done
for a in P; do c sinfo-sort-nodes sinfo -h -N -o '%P %t %D %N' -S "$a"; done
r sinfo-sort-resume scontrol update nodename=dgx4 state=resume
c sinfo-sort-cancel scancel -u alice
