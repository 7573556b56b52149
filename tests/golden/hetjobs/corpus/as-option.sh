#!/bin/bash
#SBATCH --hetjob
true
