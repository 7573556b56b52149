#!/bin/bash
#PBS -l mem=x
hostname
