#!/bin/bash
#PBS -l select=0
hostname
