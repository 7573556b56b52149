#!/bin/bash
#PBS -a 202701011230
hostname
