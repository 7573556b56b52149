#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 40 s. Records into cases/, as alice, how a batch script's errexit (set -e, set -o
# errexit, bash -e on the interpreter line, set +e) meets an srun that fails: one refused
# (a GPU the job does not have: exit 1) ends the script at once under -e, but not when an
# || handles it or it is the first of an && list (which then skips the rest of the list);
# a step killed by SIGINT ends it too (srun exits 2); a wait does not wait for a background
# srun that failed; srun's own refusal of a value, or of an option it does not know,
# exits 255. sacct once all have ended: it keeps the low seven bits of an exit code (255
# shows 127, 137 shows 9), scontrol all.
. "$(dirname "$0")/../record-lib.sh"
rm -f "$GOLDEN_DIR"/*.txt
require_idle
with_corpus errexit
c sbatch-errexit sbatch errexit/errexit.sh; E=$(id)
c sbatch-lenient sbatch errexit/lenient.sh; L=$(id)
c sbatch-orelse sbatch errexit/orelse.sh; O=$(id)
c sbatch-shebang sbatch errexit/shebang.sh; S=$(id)
c sbatch-andthen sbatch errexit/andthen.sh; A=$(id)
c sbatch-plus sbatch errexit/plus.sh; P=$(id)
c sbatch-killed sbatch errexit/killed.sh; K=$(id)
c sbatch-parallel sbatch errexit/parallel.sh; PAR=$(id)
c sbatch-badopt sbatch errexit/badopt.sh; BAD=$(id)
c sbatch-newer sbatch errexit/newer.sh; NEW=$(id)
c sbatch-exit137 sbatch -J exit137 -t 2 --wrap 'exit 137'; X=$(id)
ALL="$E,$L,$O,$S,$A,$P,$K,$PAR,$BAD,$NEW,$X"
sleep 8
c scancel-int scancel -s INT "$K"
sleep 4
c squeue squeue -u alice -o '%.10i %.10j %.2t'
sleep 16
c sacct-X sacct -j "$ALL" -X -o JobID,JobName%10,State,ExitCode,DerivedExitCode
c sacct-steps sacct -j "$ALL" -o JobID%12,JobName%10,State,ExitCode
c show-errexit scontrol show job "$E"
c show-andthen scontrol show job "$A"
c show-parallel scontrol show job "$PAR"
c show-exit137 scontrol show job "$X"
