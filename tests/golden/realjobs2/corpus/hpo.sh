#!/bin/bash
#SBATCH --job-name=hpo
#SBATCH --array=1-7:2%2
#SBATCH --gres=gpu:h100:1
#SBATCH --cpus-per-task=4
#SBATCH --mem=24G
#SBATCH --time=0-00:04:00
#SBATCH --output=realjobs2/logs/%x_%A_%a.out
#SBATCH --error=realjobs2/logs/%x_%A_%a.err
#SBATCH --mail-type=END,FAIL
#SBATCH --mail-user=alice@example.com
LR=$(python3 -c "print(10 ** -$SLURM_ARRAY_TASK_ID)")
srun sleep 10
