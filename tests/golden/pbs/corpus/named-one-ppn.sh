#!/bin/bash
#PBS -l nodes=dgx1+dgx2:ppn=3
hostname
