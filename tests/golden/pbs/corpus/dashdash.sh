#!/bin/bash
#PBS -N x -- foo
hostname
