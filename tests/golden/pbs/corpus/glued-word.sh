#!/bin/bash
#PBSX -N glued
hostname
