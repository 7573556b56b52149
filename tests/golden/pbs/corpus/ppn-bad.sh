#!/bin/bash
#PBS -l nodes=2:ppn=x
hostname
