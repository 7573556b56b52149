#!/bin/bash
  #PBS -N indented
hostname
