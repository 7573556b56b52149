#!/bin/bash
#PBS -l select=2:ncpus=4+1:ncpus=2
hostname
