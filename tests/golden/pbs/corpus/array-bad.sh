#!/bin/bash
#PBS -t bad
hostname
