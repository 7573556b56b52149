#!/bin/bash
#PBS -l walltime=bad
hostname
