#!/bin/bash
#SBATCH -J ""
#SBATCH -p debug
hostname
