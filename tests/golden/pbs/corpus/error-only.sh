#!/bin/bash
#PBS -e /tmp/slurm-oracle-jobs/pbs/only.err
#PBS -j oe
hostname
