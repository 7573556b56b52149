#!/bin/bash
#SLURM --job-name=slurmmagic
srun hostname
