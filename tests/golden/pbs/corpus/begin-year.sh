#!/bin/bash
#PBS -a 1230.45
hostname
