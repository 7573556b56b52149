#!/bin/bash
#PBS -r n
hostname
