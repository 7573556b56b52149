#!/bin/bash
#SBATCH -J ''
hostname
