#!/bin/bash
#PBS -l nodes=2:ppn=2:ppn=3
hostname
