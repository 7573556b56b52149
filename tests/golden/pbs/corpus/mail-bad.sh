#!/bin/bash
#PBS -m x
hostname
