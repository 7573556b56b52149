#!/bin/bash
#PBS -l select=2x
hostname
