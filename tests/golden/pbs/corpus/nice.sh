#!/bin/bash
#PBS -p 100
hostname
