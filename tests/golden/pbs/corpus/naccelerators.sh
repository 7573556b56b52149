#!/bin/bash
#PBS -l naccelerators=2
#PBS -l nodes=2
hostname
