#!/bin/bash
#PBS -l nodes=dgx1:ppn=2+dgx2:ppn=2
hostname
