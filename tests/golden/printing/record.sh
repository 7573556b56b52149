#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 20 s. Records into cases/ how squeue lays a value into a width: right-justified
# (%.N) values cut to it but for node lists, left-justified (%N) ones always cut, an empty
# field printed (null) or, where a cut would split that word, nothing; which headers are
# never cut; a bad step field printed as typed; -o refused beside -O or -l; and sinfo's own
# rules (node lists cut, their headers not; the default partition's mark). Over a job
# running on two nodes and a held one, as alice; cancelled after.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }

c run sbatch -J two -N 2 -t 5 --wrap='sleep 120'
c held sbatch -H -J held -t 5 --comment=hello --wrap=true
sleep 4
c widths squeue -o '%5N|%.5N|%5R|%.5R|%5Y|%.5Y|%5f|%.5f|%7f|%.7f|'
c widths-text squeue -o '%10k|%.3k|%5E|%.5E|%.4j|%4j|'
c widths-long squeue -O 'NodeList:5,Reason:5,Comment:4,Feature:.5'
c step-bad-field squeue -s -o '%-8d'
c format-then-Format squeue -o %i -O JobID
c Format-then-format squeue -O JobID -o %i
c format-and-long squeue -o %i -l
c long-and-Format squeue -l -O JobID
# sinfo: node lists cut, their headers not; the default partition's mark kept in the width.
c sinfo-widths sinfo -o '%5N|%.5N|%.3P|%3P|%.5n|%.3o|%5E|%.5E|'
c sinfo-format-and-long sinfo -o %P -l
c sinfo-Format-and-long sinfo -l -O partition
c sinfo-all-and-partition sinfo -a -p gpu
c sinfo-dead-sorted sinfo -d -S N
# sshare: what -v says it lists, -o given twice, an unknown field (named in lower case).
c sshare-verbose sshare -v -u bob,carol -A product,research -o Account,User
c sshare-formats sshare -o Account -o User
c sshare-bad-field sshare -o Account,BOGUS
c cancel scancel -u alice
