#!/bin/bash
#PBS -W depend=singleton
hostname
