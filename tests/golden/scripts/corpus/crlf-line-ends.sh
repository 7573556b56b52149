#!/bin/bash
#SBATCH --job-name=windows-edit
#SBATCH --time=10

echo hello
