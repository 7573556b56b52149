#!/bin/bash
#PBS -l nodes=2x:ppn=2
hostname
