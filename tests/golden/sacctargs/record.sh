#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 10 seconds. Records into cases/, as alice, how sacct reads its command line: a word
# that is no option's is refused only once every option has been read, so an option's own
# refusal comes first; and a list option given an empty value (--name=, --account=, ...)
# lists no job, where an empty --state= or --jobs= asks for nothing.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'rm -f "$OUT"; scancel -u alice' EXIT
a sbatch sbatch -J one -t 5 -o /dev/null --wrap true; J=$(id)
sleep 4
a bad-state sacct -s XX extra
a bad-units sacct --units=Q extra
a bad-field sacct -o foo extra
a bad-start sacct -S foo extra
a bad-limit sacct -k foo extra
a bad-range sacct -i x extra
a bad-user sacct -u nosuch extra
a bad-group sacct -g nosuch extra
a bad-step sacct -j 1.x extra
a bad-task sacct extra -j 1_x
a bad-job sacct -j 1,foo: more words
a bad-job-after sacct more words -j foo
a bad-nodes sacct -N 'dgx[' extra
a only-extra sacct -X extra words
a name-empty sacct -X -j "$J" --name= -o JobID,JobName
a account-empty sacct -X -j "$J" --account= -o JobID,JobName
a user-empty sacct -X -j "$J" --user= -o JobID,JobName
a partition-empty sacct -X -j "$J" --partition= -o JobID,JobName
a qos-empty sacct -X -j "$J" --qos= -o JobID,JobName
a nodes-empty sacct -X -j "$J" --nodelist= -o JobID,JobName
a group-empty sacct -X -j "$J" --group= -o JobID,JobName
a names-commas sacct -X -j "$J" --name=, -o JobID,JobName
a state-empty sacct -X -j "$J" --state= -o JobID,JobName,State
a state-empty-window sacct -X -j "$J" --state= -S now-1hours -o JobID,JobName,State
a jobs-empty sacct -X -u alice --jobs= --name=one -S now-1minutes -o JobName,State
