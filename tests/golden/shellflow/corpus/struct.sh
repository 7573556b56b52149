#!/bin/bash
#SBATCH -J struct -N 1 -t 5
set -euo pipefail
case "${1:-run}" in
  -h|--help) echo "usage"; exit 0 ;;
  *) MODE=run ;;
esac
if [ -f /nonexistent ]; then
  echo "resuming"
else
  echo "fresh start"
fi
printf 'a\nb\n' | while read -r line; do
  echo "$line"
done
srun hostname
