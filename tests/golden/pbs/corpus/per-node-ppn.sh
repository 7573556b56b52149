#!/bin/bash
#PBS -l nodes=2:ppn=1
hostname
