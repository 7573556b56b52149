#!/bin/bash
#PBS -l select=1:mem=2gb
hostname
