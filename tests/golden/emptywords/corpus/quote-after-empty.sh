#!/bin/bash
#SBATCH -J x "" "abc
hostname
