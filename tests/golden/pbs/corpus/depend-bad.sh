#!/bin/bash
#PBS -W depend=bad
hostname
