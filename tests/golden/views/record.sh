#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue and every node
# idle, holding the oracle lock; a few seconds. Records into cases/, as alice, how squeue and
# sinfo read what they are given when it is odd: formats with runs of %, no letter or an
# unknown one, -O widths left out, -j ids with text after the number, -i values, -w and -S
# mistakes, words that are not options; sinfo's lines for partitions none of whose nodes
# pass the filters; scancel's answers about jobs and users that do not exist; and the values
# sbatch refuses for options slurmsim keeps only to show (held jobs, cancelled after).
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
[ "$(sinfo -h -o %t | sort -u)" = idle ] || { echo "every node must be idle" >&2; exit 1; }

# sinfo: partitions with no node left by the filters.
c sinfo-t-alloc sinfo -t alloc
c sinfo-t-alloc-mix sinfo -t alloc,mix
c sinfo-t-drain sinfo -t drain
c sinfo-t-down-h sinfo -h -t down
c sinfo-s-t-alloc sinfo -s -t alloc
c sinfo-p-t-alloc sinfo -p gpu -t alloc
c sinfo-o-t-alloc sinfo -o '%P %a %c %D %t %N %G %m %E %z' -t alloc
c sinfo-o-no-partition-t-alloc sinfo -o '%D %t' -t alloc
c sinfo-O-t-alloc sinfo -O partition,available,cpusstate,nodeaiot,statecompact,nodelist -t alloc
c sinfo-N-t-alloc sinfo -N -t alloc
c sinfo-n-unknown sinfo -n dgx9
c sinfo-d sinfo -d
c sinfo-operands sinfo foo bar
# sinfo formats.
for f in '%%' 'a%%P%' '%P%' '%-5P' '%10' '%.' '%y' 'x%yz' '%5.' '%.10P|%D'; do c sinfo-o sinfo -o "$f"; done
for f in partition: partition:x 'partition:.12,nodes:' nosuch; do c sinfo-O sinfo -O "$f"; done
for i in 0 x -1; do c sinfo-i sinfo -i "$i"; done

# squeue formats.
for f in '%' '%%' 'a%%b%' '%i%' '%5' '%-5' '%.' '%i %.' '%5y' '%y' 'a%yb' '%.5y' '%-10' ''; do
  c squeue-o squeue -o "$f"
done
for f in jobid: jobid:x 'jobid:.8,name:'; do c squeue-O squeue -O "$f"; done
# squeue -j: a number, and whatever follows it.
for j in 999999 999999x 999999_x 999999.1 999999+1 0 x12 2147483647 2147483648 4294967295; do
  c squeue-j squeue -j "$j"
done
c squeue-j-operand squeue -o %i %t -t all -j 1,2,3
c squeue-j-two-operands squeue -j 1 2
c squeue-operand squeue 5
c squeue-w-unknown squeue -w dgx9
c squeue-w-some-unknown squeue -w dgx1,dgx9
c squeue-S-bad squeue -S x
c squeue-S-bad-later squeue -S i,x
for i in 0 x -1; do c squeue-i squeue -i "$i"; done

# scancel: jobs and users that do not exist, and its filters.
for a in '999999' '999999.0' '-s KILL 999999' '--signal=9 999999' '-b 999999' '-f 999999' \
         '-v 999999' '-u zzz' '-u alice,zzz' '-u zzz 999999' '-w dgx9' '-w dgx1' \
         '-A nope' '-q nope' '-u alice 999999' '-s USR1 -u alice'; do
  c scancel scancel $a
done

# sbatch: values refused for options kept only to be shown, and some it takes.
for a in --mincpus=x --mincpus=0 --thread-spec=0 --ntasks-per-gpu=x --cpus-per-gpu=0 \
         --core-spec=x --wait-all-nodes=x --wait-all-nodes=2 --wait-all-nodes=1 \
         --exclusive=x --exclusive=user --open-mode=x --open-mode=appendx --mail-type=x \
         --mail-type=END,x --mail-type=all --hint=x --hint=multithread,memory_bound \
         --profile=x --profile=task,energy; do
  c sbatch-held sbatch -H "$a" --wrap=true
done
runuser -u alice -- scancel -u alice

# sprio: -j ids, and -S on an empty queue.
for a in '-j x' '-j 999999x' '-S x'; do c sprio sprio $a; done

# sacct: -j ids with text after the number, and bad time limits.
for a in '-j 999999x' '-k x' '-K x'; do c sacct sacct $a; done

# sprio -u for a user with no pending job: the header (only -j says it found none).
for a in '-u bob' '-u alice,bob -o %i' '-j 999999 -u bob'; do c sprio-user sprio $a; done

