#!/bin/bash
#PBS -o out.log
#PBS -e err.log
#PBS -j eo
hostname
