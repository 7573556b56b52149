#!/bin/bash
# Run as root on a running, idle oracle (shared/oracle/setup.sh), holding the oracle lock;
# a few seconds; changes nothing on the oracle. Records into cases/ what sacctmgr lets a user
# who is no operator change of their own: the default account (among their associations)
# and nothing else (another field is refused by name, an association setting changes
# nothing); and that a default account must be one of each user's associations, for root
# too.
. "$(dirname "$0")/../record-lib.sh"
require_idle
rm -f "$GOLDEN_DIR"/*.txt
a own-default sacctmgr -i modify user alice set defaultaccount=research
a own-default-elsewhere sacctmgr -i modify user alice set defaultaccount=product
a own-default-unknown sacctmgr -i modify user alice set defaultaccount=nosuch
a own-qos sacctmgr -i modify user alice set qos=high
a own-limit sacctmgr -i modify user where name=alice account=research set maxjobs=5
a own-admin-level sacctmgr -i modify user alice set adminlevel=none
a others sacctmgr -i modify user alice,bob set defaultaccount=research
a other sacctmgr -i modify user bob set defaultaccount=research
r root-default-elsewhere sacctmgr -i modify user alice set defaultaccount=product
r root-default-two sacctmgr -i modify user alice,carol set defaultaccount=product
a show sacctmgr -n -P show user format=user,defaultaccount,adminlevel
