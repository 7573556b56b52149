#!/bin/bash
#PBS -l nodes=1:ppn=4:gpus=1:shared
hostname
