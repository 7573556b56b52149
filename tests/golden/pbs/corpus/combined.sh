#!/bin/bash
#PBS -l nodes=1:ppn=2,walltime=00:10:00,mem=1gb
hostname
