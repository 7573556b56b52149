#!/bin/bash
#PBS -X
hostname
