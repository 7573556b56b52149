#!/bin/bash
#PBS -l
hostname
