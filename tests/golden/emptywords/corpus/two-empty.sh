#!/bin/bash
#SBATCH -J "" "" -p debug
hostname
