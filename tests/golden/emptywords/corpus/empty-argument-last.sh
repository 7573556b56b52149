#!/bin/bash
#SBATCH -p debug
#SBATCH -J ""
hostname
