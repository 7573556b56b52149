#!/bin/bash
#SBATCH -J fail3
#SBATCH -t 5
sleep 5
exit 3
#SLURMSIM --runtime=5s
#SLURMSIM --exit-code=3
