#!/bin/bash
#SBATCH -J first -t 10 -q high -o out%j --nice=5 --comment=hello --mail-type=END
#SBATCH -N2 -n4 -c2 --gres=gpu:2 --mem=20G -x dgx4 --ntasks-per-node=2 --tmp=10
#SBATCH hetjob
#SBATCH -N1 -J second
#SBATCH hetjob
#SBATCH --gres=gpu:1 -w dgx3
true
