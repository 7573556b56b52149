#SBATCH --job-name=noshebang
echo hi
srun hostname
