#!/bin/bash
#PBS-N glued
hostname
