#!/bin/bash
#PBS -N "my job"
hostname
