#!/bin/bash
#PBS -p bad
hostname
