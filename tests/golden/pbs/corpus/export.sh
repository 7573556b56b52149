#!/bin/bash
#PBS -v FOO=bar,BAZ
#PBS -V
hostname
