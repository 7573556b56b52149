#!/bin/bash
#PBS -q nosuch
hostname
