#!/bin/bash
#SBATCH --job-name=nightly-pipeline
#SBATCH --dependency=singleton
#SBATCH --time=3:00:00
#SBATCH --partition=debug

./run_pipeline.sh
