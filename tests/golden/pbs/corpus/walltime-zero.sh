#!/bin/bash
#PBS -l walltime=0
hostname
