#!/bin/bash
#SBATCH "" -p debug
hostname
