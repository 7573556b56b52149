#!/bin/bash
#PBS -l nodes=2:ppn=4
hostname
