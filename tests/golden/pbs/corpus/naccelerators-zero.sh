#!/bin/bash
#PBS -l naccelerators=0
hostname
