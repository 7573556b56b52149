#!/bin/bash
#PBS -l nodes=2
hostname
