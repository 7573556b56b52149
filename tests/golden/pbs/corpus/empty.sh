#!/bin/bash
#PBS
hostname
