#!/bin/bash
#SBATCH -p debug "" -J x
hostname
