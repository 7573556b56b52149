#!/bin/bash
#PBS -m ae
hostname
