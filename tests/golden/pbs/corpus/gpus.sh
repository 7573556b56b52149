#!/bin/bash
#PBS -l nodes=2:ppn=4:gpus=2
hostname
