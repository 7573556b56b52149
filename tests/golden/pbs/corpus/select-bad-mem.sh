#!/bin/bash
#PBS -l select=2:ncpus=4:mem=2gb:ngpus=1
hostname
