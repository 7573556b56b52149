#!/bin/bash
#SBATCH -J guard -N 1 -t 5
die() {
  echo "$1" >&2
  exit 4
}
[ -z "$SLURM_JOB_ID" ] && { echo "run me with sbatch"; exit 1; }
cat > /dev/null <<EOF
config: value
EOF
export FIRST=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun -m foo true || die "srun refused"
echo unreachable
