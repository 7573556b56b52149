#!/bin/bash
#SBATCH -J x ""
hostname
