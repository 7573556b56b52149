#!/bin/bash
#PBS -N from-pbs
hostname
