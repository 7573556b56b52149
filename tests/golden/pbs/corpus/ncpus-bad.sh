#!/bin/bash
#PBS -l ncpus=x
hostname
