#!/bin/bash
#PBS -l walltime=2:00:00 -l nodes=2
hostname
