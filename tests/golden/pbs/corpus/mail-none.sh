#!/bin/bash
#PBS -m n
#PBS -M x@example.org
hostname
