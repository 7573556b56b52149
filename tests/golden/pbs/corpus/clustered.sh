#!/bin/bash
#PBS -hN clustered
hostname
