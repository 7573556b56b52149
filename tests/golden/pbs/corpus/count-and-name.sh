#!/bin/bash
#PBS -l nodes=2:dgx1
hostname
