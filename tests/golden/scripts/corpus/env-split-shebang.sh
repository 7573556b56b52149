#!/usr/bin/env -S bash -euo pipefail
#SBATCH --job-name=strict
#SBATCH --time=5
#SBATCH --partition=debug

echo "strict mode"
