#!/bin/bash
#PBS -J 0-10:2
hostname
