#!/bin/bash
#PBS -l nodes=2:gpus=1+1:gpus=2
hostname
