#!/bin/bash
# Run as root on a running oracle (shared/oracle/setup.sh) with an empty queue, holding the
# oracle lock; about 20 s. Records into cases/ which words scontrol takes, as alice:
# - `scontrol show WORD`: prefixes of every entity down to the shortest Slurm takes (and one
#   shorter), any case, the aliases jobid, partitionname and reservationname, words it
#   refuses, and what the entities that describe nothing on this cluster print;
# - command words: the shortest prefix of each, the words that take no argument (with one),
#   the messages that name the command as typed;
# - `scontrol update`: which key names what is updated, and a word that is not Key=Value;
# - `scontrol create`/`delete`: their entities and the malformed forms.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }
[ -z "$(squeue -h)" ] || { echo "the queue is not empty: record on an idle oracle" >&2; exit 1; }
s() { local word=$1; shift; c "show-$word${1:+-$1}" scontrol show "$word" "$@"; }
w() { c "word-$(echo "$*" | tr ' =' '-_')" scontrol "$@"; }

for x in j jo JOB jobs jobid jobi; do s "$x" 999999; done
for x in jobx jobidx; do s "$x"; done
for x in n no Nodes; do s "$x" dgx9; done
s nodename
s p
for x in pa part partitions partitionname; do s "$x" debug; done
for x in r res reservationname; do s "$x"; done
s res nope
s reservation=nope
for x in s st steps stepid; do s "$x"; done
for x in h host hostn hostl hostlists; do s "$x"; done
s hostl dgx3,dgx1
s hostlists dgx3,dgx1
for x in t topology l li licenses f fr frontend b bu bb dw a sl slurmd; do s "$x"; done

# Command words: too short, shortest, and the messages that name them as typed.
for x in a h q re s sh t to v ve ho hol uh uho requeueh requeuehol; do w "$x" 999999; done
w sho; w sho job 999999; w n; w n 5; w notify; w l 1 2 3; w wa; w wa 1 2
w rel; w req; w requeuehold; w holdu; w holdu 999999; w hold; w uhold 999999; w su; w res
w top; w top 1 2; w top 999999; w u; w up; w update; w cr; w create; w del; w delete
for x in details oneliner quiet exit quit all hide verbose verb version vers ping help; do
  w "$x" x
done
for x in de details o oneliner al hide; do w "$x"; done
w vers; w Version

# scontrol update: the key that names what is updated, and words that are not Key=Value.
w update foo
w update Foo JobId=999999
w update TimeLimit=5 JobId=999999
w update JobId=999999 TimeLimit=1 Foo
w update Job=999999 TimeLimit=1
w update jobi=999999 TimeLimit=1
w update JobId
w update JobId=999999
w update JobId=999999 NodeName=dgx1
w update NodeName=dgx1 JobId=999999 State=x
w update NodeName=dgx1 Foo JobId=999999
w update Foo NodeName=dgx1
w update NodeName
w update NodeName=dgx1 State
w update ReservationName=x JobId=999999
w update NodeName=dgx1 ReservationName=x
w update Reservation=x Foo
w update PartitionName=debug x
w update PartitionName=debug JobId=999999
w update x=1 y=2

# create and delete.
w create r; w create res; w create res foo; w create x; w create x=1; w create res x=1
w delete x; w delete r x; w delete x y; w delete resx x; w delete res=x y; w delete res
w delete res x; w delete reservation=x
