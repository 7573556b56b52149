#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# about 30 s. Records into cases/ the "defined options" block sbatch, salloc and srun print
# at -v: each option in force, by name, with its value as the client gives it back (times in
# minutes, memory in G, paths made absolute, --gres with its prefix, mail types as a set,
# --begin as an instant, --signal without its default @60, flags as "set"), and what -v
# adds after it; then the client's checks of GPU requests that "many" and "flags" ran into.
# sbatch's jobs are held (-H), and all are cancelled after. As alice.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
c() { local nm=$1; shift; n=$((n+1)); timeout 20 $C -u alice "$(printf '%03d-%s' $n "$nm")" "$@" >/dev/null 2>&1; }

c plain sbatch -v -H --wrap='sleep 1'
c layout sbatch -v -H -J a -N 2 -n 4 -c 2 --gres=gpu:2 -t 10 -p debug -o 'out.%j' --array=1-3 --mem=10G --wrap='sleep 1'
c many sbatch -v -H -N 1-3 -n 4 --ntasks-per-node=2 -G 4 --gpus-per-node=h100:2 --gpus-per-task=1 -t 1-2:03:04 -A research -q normal -e err.txt -D /tmp --mem-per-cpu=2000 --exclusive -C foo -w dgx1 -x dgx2 --begin=now+1hour --mail-type=END,FAIL --mail-user=a@b --export=NONE --comment=hi --requeue --open-mode=append --signal=B:USR1@60 --time-min=5 --nice=10 --wrap='sleep 1'
c flags sbatch -v -H --gres=gpu:h100:1 --mem-per-gpu=4G -d afterok:1 --no-requeue --exclusive=user -c 3 --cpus-per-gpu=2 --hint=nomultithread --wrap=x
c paths sbatch -v -H -D sub/.. -o 'o_%x.txt' --mem=10240 --signal=USR1@30 --mail-type=end --mail-type=begin -a '1-3%2' -w 'dgx[1-2]' -t 90 --time-min=1:30 --exclusive=mcs -J 'a b' --wrap=x
c requeue-twice sbatch -v -H -t 0:30 --nodes=1 --requeue --no-requeue -o /tmp/o.txt --wrap=x
c twice sbatch -vv -H --wrap=x
c env-debug env SBATCH_DEBUG=1 sbatch -H -J debug --wrap='sleep 600'
c env-options env SBATCH_TIMELIMIT=45 SBATCH_PARTITION=debug sbatch -v -H --wrap=x
c mem-units sbatch -v -H --mem=2048 --wrap=x
c mem-mega sbatch -v -H --mem=1500M --wrap=x
c mem-tera sbatch -v -H --mem=1T --wrap=x
c time-days sbatch -v -H -t 2-00:00:00 --time-min=0 --wrap=x
c time-unlimited sbatch -v -H -t UNLIMITED --wrap=x
c mail-all sbatch -v -H --mail-type=ALL --wrap=x
c begin-date sbatch -v -H --begin=2026-12-25T10:00:00 --wrap=x
c input sbatch -v -H -i in.txt -o /dev/null --wrap=x
c salloc salloc -v -t 5 -N 1 true
c srun-test-only srun -v --test-only -t 5 -N 1 true
# Checks the client makes of GPU requests (the first came to light in "many" above).
c gpus-typed-and-not sbatch -H -G 4 --gpus-per-node=h100:2 --wrap=x
c gres-typed-and-not sbatch -H -G h100:2 --gres=gpu:1 --wrap=x
c gpus-typed-both sbatch -H -G h100:2 --gres=gpu:h100:1 --wrap=x
c cpus-per-gpu-and-task sbatch -H -c 2 --cpus-per-gpu=1 --wrap=x
c cpus-per-gpu-alone sbatch -H --cpus-per-gpu=1 -G 1 --wrap=x
c cpus-per-gpu-salloc salloc -c 2 --cpus-per-gpu=1 -G 1 true
c cancel scancel -u alice
