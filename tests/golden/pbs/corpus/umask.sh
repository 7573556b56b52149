#!/bin/bash
#PBS -W umask=022
hostname
