#!/bin/sh
# Prints its arguments, each in brackets, after as many seconds as its rank, so that the
# tasks' lines come in rank order.
sleep "${SLURM_PROCID:-0}"
for a in "$@"; do printf '[%s]' "$a"; done
echo
