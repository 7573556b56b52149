#!/bin/bash
#PBS -l nodes=3
#PBS -l ncpus=5
hostname
