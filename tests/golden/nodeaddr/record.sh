#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# a few seconds. Records into cases/ what `scontrol update NodeName=...` makes of a node's
# CpuBind= (the bindings taken, as shown, `off` clearing, the words refused), NodeAddr= and
# NodeHostname= (one for all the nodes named, or one each; empty refused), as scontrol
# show node and sinfo show them. Everything is put back after.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
trap 'for n in dgx2 dgx3; do scontrol update NodeName=$n CpuBind=off NodeAddr=127.0.0.1 NodeHostname=localhost; done' EXIT
for v in core socket threads LDOM none verbose cores,verbose; do
  r "bind-$v" scontrol update NodeName=dgx2 CpuBind=$v
  r "show-$v" scontrol show node dgx2
done
r bind-empty scontrol update NodeName=dgx2 CpuBind=
r show-empty scontrol show node dgx2
for v in board rank map_cpu:1; do r "bind-$v" scontrol update NodeName=dgx2 CpuBind=$v; done
r bind-off scontrol update NodeName=dgx2 CpuBind=off
r show-one-line scontrol show node -o dgx2
c alice not-admin scontrol update NodeName=dgx2 CpuBind=cores
r addr-empty scontrol update NodeName=dgx2 NodeAddr=
r host-empty scontrol update NodeName=dgx2 NodeHostname=
r addr scontrol update NodeName=dgx2 NodeAddr=10.0.0.2
r host scontrol update NodeName=dgx2 NodeHostname=node2
r addr-each scontrol update 'NodeName=dgx[2-3]' NodeAddr=10.0.0.12,10.0.0.13
r addr-count scontrol update 'NodeName=dgx[2-3]' NodeAddr=a,b,c
r show-addr scontrol show node dgx2
r sinfo-addr sinfo -N -o '%N %n %o'
r sinfo-O-addr sinfo -N -O NodeList,NodeHost,NodeAddr
