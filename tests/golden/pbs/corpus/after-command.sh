#!/bin/bash
echo starting
#PBS -N late-pbs
#PBS -l walltime=10:00
hostname
