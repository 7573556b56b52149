#!/bin/bash
#PBS -J 1-5
hostname
