#!/bin/bash
#PBS -W depend=singleton,umask=022
hostname
