#!/bin/bash
#SBATCH --job-name=lammps
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=28
#SBATCH --hint=nomultithread
#SBATCH --distribution=block:cyclic
#SBATCH --mem-per-cpu=4000
#SBATCH --time=06:00:00

export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK
export OMP_PLACES=cores
srun --cpu-bind=cores lmp -in in.lj
