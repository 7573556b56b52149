#!/bin/bash
#SBATCH --job-name=""
hostname
