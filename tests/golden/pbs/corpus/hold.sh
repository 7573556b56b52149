#!/bin/bash
#PBS -h
hostname
