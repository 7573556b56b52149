#!/bin/bash
#PBS -N "" -q debug
hostname
