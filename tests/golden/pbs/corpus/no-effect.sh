#!/bin/bash
#PBS -S /bin/sh
#PBS -k oe
#PBS -u bob
#PBS -I
#PBS -c n
#PBS -z
#PBS -C X
hostname
