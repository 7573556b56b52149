#!/bin/bash
#PBS -N a b
hostname
