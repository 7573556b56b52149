#!/bin/bash
#PBS -l select=2:ncpus=4:ngpus=1
hostname
