#!/bin/bash
#PBS -A nosuch
hostname
