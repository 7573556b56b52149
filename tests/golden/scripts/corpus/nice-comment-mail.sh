#!/bin/bash
#SBATCH --nice=100
#SBATCH --comment="nightly regression"
#SBATCH --mail-type=END,FAIL
#SBATCH --mail-user=alice@example.org
#SBATCH --time=45:00

pytest -x tests/
