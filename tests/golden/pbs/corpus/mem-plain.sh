#!/bin/bash
#PBS -l mem=3000
hostname
