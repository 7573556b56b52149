#!/bin/bash
#PBS -l walltime=3600
hostname
