#!/bin/bash
#PBS -t 1-5%2
hostname
