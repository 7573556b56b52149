#!/bin/bash
#PBS -N "abc
hostname
