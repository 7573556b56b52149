#!/bin/bash
#PBS -l nodes=2:ppn=2+1:ppn=3
hostname
