#!/bin/bash
#PBS -a 1230
hostname
