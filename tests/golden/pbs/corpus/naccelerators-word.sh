#!/bin/bash
#PBS -l naccelerators=2x
hostname
