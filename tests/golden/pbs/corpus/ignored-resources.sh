#!/bin/bash
#PBS -l procs=6,pmem=2gb,ngpus=2,gres=gpu:2,foo=1
hostname
