#!/bin/bash
#SBATCH -J x :foo ""
hostname
