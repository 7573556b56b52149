#!/bin/bash
#SBATCH -J a"" -p debug
hostname
