#!/bin/bash
#SBATCH -N1 hetjob -N2
true
