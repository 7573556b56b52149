"""The option tables sbatch, srun and salloc parse with getopt_long.

Every long option of Slurm 22.05's sbatch is listed, even those slurmsim does
not model, because getopt resolves abbreviations (``--gpus-per-nod``) against
the whole table: a missing entry would change which prefixes are ambiguous.
"""

from typing import Final

from slurmsim.parse.options import Arg, Opt, options

_REQ: Arg = "required"
_NONE: Arg = "none"
_OPT: Arg = "optional"

# (long, short, argument) — the key of each option is its long name.
_SBATCH: Final[list[tuple[str, str | None, Arg]]] = [
    ("account", "A", _REQ), ("acctg-freq", None, _REQ), ("array", "a", _REQ),
    ("batch", None, _REQ), ("bb", None, _REQ), ("bbf", None, _REQ), ("begin", "b", _REQ),
    ("chdir", "D", _REQ), ("cluster-constraint", None, _REQ), ("clusters", "M", _REQ),
    ("comment", None, _REQ), ("constraint", "C", _REQ), ("container", None, _REQ),
    ("context", None, _REQ),
    ("contiguous", None, _NONE), ("core-spec", "S", _REQ), ("cores-per-socket", None, _REQ),
    ("cpu-freq", None, _REQ), ("cpus-per-gpu", None, _REQ), ("cpus-per-task", "c", _REQ),
    ("deadline", None, _REQ), ("delay-boot", None, _REQ), ("dependency", "d", _REQ),
    ("distribution", "m", _REQ), ("error", "e", _REQ), ("exclude", "x", _REQ),
    ("exclusive", None, _OPT), ("export", None, _REQ), ("export-file", None, _REQ),
    ("extra-node-info", "B", _REQ), ("get-user-env", None, _OPT), ("gid", None, _REQ),
    ("gpu-bind", None, _REQ), ("gpu-freq", None, _REQ), ("gpus", "G", _REQ),
    ("gpus-per-node", None, _REQ), ("gpus-per-socket", None, _REQ),
    ("gpus-per-task", None, _REQ), ("gres", None, _REQ), ("gres-flags", None, _REQ),
    ("help", "h", _NONE), ("hint", None, _REQ), ("hold", "H", _NONE),
    ("ignore-pbs", None, _NONE), ("input", "i", _REQ), ("job-name", "J", _REQ),
    ("kill-on-invalid-dep", None, _REQ), ("licenses", "L", _REQ), ("mail-type", None, _REQ),
    ("mail-user", None, _REQ), ("mcs-label", None, _REQ), ("mem", None, _REQ),
    ("mem-bind", None, _REQ), ("mem-per-cpu", None, _REQ), ("mem-per-gpu", None, _REQ),
    ("mincpus", None, _REQ), ("network", None, _REQ), ("nice", None, _OPT),
    ("no-kill", "k", _OPT), ("no-requeue", None, _NONE), ("nodefile", "F", _REQ),
    ("nodelist", "w", _REQ), ("nodes", "N", _REQ), ("ntasks", "n", _REQ),
    ("ntasks-per-core", None, _REQ), ("ntasks-per-gpu", None, _REQ),
    ("ntasks-per-node", None, _REQ), ("ntasks-per-socket", None, _REQ),
    ("open-mode", None, _REQ), ("output", "o", _REQ), ("overcommit", "O", _NONE),
    ("oversubscribe", "s", _NONE), ("parsable", None, _NONE), ("partition", "p", _REQ),
    ("power", None, _REQ), ("prefer", None, _REQ), ("priority", None, _REQ),
    ("profile", None, _REQ), ("propagate", None, _OPT), ("qos", "q", _REQ),
    ("quiet", "Q", _NONE), ("reboot", None, _NONE), ("requeue", None, _NONE),
    ("reservation", None, _REQ), ("signal", None, _REQ), ("sockets-per-node", None, _REQ),
    ("spread-job", None, _NONE), ("switches", None, _REQ), ("test-only", None, _NONE),
    ("thread-spec", None, _REQ), ("threads-per-core", None, _REQ), ("time", "t", _REQ),
    ("time-min", None, _REQ), ("tmp", None, _REQ), ("uid", None, _REQ),
    ("usage", None, _NONE), ("use-min-nodes", None, _NONE), ("verbose", "v", _NONE),
    ("version", "V", _NONE), ("wait", "W", _NONE), ("wait-all-nodes", None, _REQ),
    ("wckey", None, _REQ), ("wrap", None, _REQ),
]  # fmt: skip

#: Other spellings getopt takes for an option (Slurm's table lists them too, so they count
#: when abbreviations are resolved: ``--cluster`` is not an ambiguous ``--clusters``).
_ALIASES: Final = (
    Opt("cluster", None, _REQ, "clusters"),
    Opt("ntasks-per-tres", None, _REQ, "ntasks-per-gpu"),
    Opt("tasks-per-node", None, _REQ, "ntasks-per-node"),
)

#: The order of Slurm 22.05's option table (src/common/slurm_opt.c), which glibc follows
#: when it lists an ambiguous abbreviation's possibilities.
_SLURM_ORDER: Final = (
    "accel-bind", "account", "acctg-freq", "array", "batch", "bcast", "bcast-exclude", "begin",
    "bell", "bb", "bbf", "cluster-constraint", "chdir", "cluster", "clusters", "comment",
    "compress", "container", "context", "contiguous", "constraint", "core-spec", "cores-per-socket",
    "cpu-bind", "cpu_bind", "cpu-freq", "cpus-per-gpu", "cpus-per-task", "deadline",
    "debugger-test", "delay-boot", "dependency", "disable-status", "distribution", "epilog",
    "error", "exact", "exclude", "exclusive", "export", "export-file", "extra-node-info",
    "get-user-env", "gid", "gpu-bind", "gpu-freq", "gpus", "gpus-per-node", "gpus-per-socket",
    "gpus-per-task", "gres", "gres-flags", "help", "het-group", "hint", "hold", "ignore-pbs",
    "immediate", "input", "interactive", "jobid", "job-name", "kill-command", "kill-on-bad-exit",
    "kill-on-invalid-dep", "label", "licenses", "mail-type", "mail-user", "threads", "mcs-label",
    "mem", "mem-bind", "mem-per-cpu", "mem-per-gpu", "mincpus", "mpi", "msg-timeout",
    "multi-prog", "network", "nice", "no-allocate", "no-bell", "no-kill", "no-shell",
    "no-requeue", "nodefile", "nodelist", "nodes", "ntasks", "ntasks-per-core", "ntasks-per-gpu",
    "ntasks-per-node", "ntasks-per-socket", "ntasks-per-tres", "open-mode", "output",
    "overcommit", "overlap", "oversubscribe", "pack-group", "parsable", "partition", "power",
    "prefer", "preserve-env", "priority", "profile", "prolog", "propagate", "pty", "qos", "quiet",
    "quit-on-interrupt", "reboot", "relative", "requeue", "reservation", "resv-ports",
    "send-libs", "signal", "slurmd-debug", "sockets-per-node", "spread-job", "switches",
    "task-epilog", "task-prolog", "tasks-per-node", "test-only", "thread-spec",
    "threads-per-core", "time", "time-min", "tmp", "uid", "unbuffered", "use-min-nodes",
    "verbose", "version", "usage", "wait", "wait-all-nodes", "wckey", "whole", "wrap", "x11",
)  # fmt: skip

_PLACE: Final = {name: i for i, name in enumerate(_SLURM_ORDER)}


def _in_slurm_order(table: tuple[Opt, ...]) -> tuple[Opt, ...]:
    """``table`` with its aliases, in Slurm's order (options it does not list go last)."""
    return tuple(sorted(table + _ALIASES, key=lambda o: _PLACE.get(o.long or "", len(_PLACE))))


SBATCH_OPTIONS: Final = _in_slurm_order(options(_SBATCH))

#: Input environment variables and the option each one sets, in the order Slurm
#: reads them (a later one wins: SLURM_CLUSTERS over SBATCH_CLUSTERS, SBATCH_HINT over
#: SLURM_HINT). They rank above #SBATCH directives and below the command line.
#: SBATCH_REQ_SWITCH and SBATCH_WAIT4SWITCH set the two halves of --switches.
SBATCH_ENV: Final = {
    "SBATCH_IGNORE_PBS": "ignore-pbs", "SBATCH_ACCOUNT": "account", "SBATCH_ARRAY_INX": "array",
    "SBATCH_ACCTG_FREQ": "acctg-freq", "SBATCH_BATCH": "batch", "SBATCH_BURST_BUFFER": "bb",
    "SBATCH_CLUSTER_CONSTRAINT": "cluster-constraint", "SBATCH_CLUSTERS": "clusters",
    "SLURM_CLUSTERS": "clusters", "SBATCH_CONTAINER": "container",
    "SBATCH_CONSTRAINT": "constraint", "SBATCH_CORE_SPEC": "core-spec",
    "SBATCH_CPU_FREQ_REQ": "cpu-freq", "SBATCH_CPUS_PER_GPU": "cpus-per-gpu",
    "SBATCH_DEBUG": "verbose", "SBATCH_DELAY_BOOT": "delay-boot",
    "SBATCH_DISTRIBUTION": "distribution", "SBATCH_EXCLUSIVE": "exclusive",
    "SBATCH_EXPORT": "export", "SBATCH_GET_USER_ENV": "get-user-env", "SBATCH_GRES": "gres",
    "SBATCH_GRES_FLAGS": "gres-flags", "SBATCH_GPUS": "gpus", "SBATCH_GPU_BIND": "gpu-bind",
    "SBATCH_GPU_FREQ": "gpu-freq", "SBATCH_GPUS_PER_NODE": "gpus-per-node",
    "SBATCH_GPUS_PER_SOCKET": "gpus-per-socket", "SBATCH_GPUS_PER_TASK": "gpus-per-task",
    "SLURM_HINT": "hint", "SBATCH_HINT": "hint", "SBATCH_JOB_NAME": "job-name",
    "SBATCH_MEM_BIND": "mem-bind", "SBATCH_MEM_PER_CPU": "mem-per-cpu",
    "SBATCH_MEM_PER_GPU": "mem-per-gpu", "SBATCH_MEM_PER_NODE": "mem",
    "SBATCH_NETWORK": "network", "SBATCH_NO_KILL": "no-kill",
    "SBATCH_NO_REQUEUE": "no-requeue", "SBATCH_OPEN_MODE": "open-mode",
    "SBATCH_OVERCOMMIT": "overcommit", "SBATCH_PARTITION": "partition",
    "SBATCH_POWER": "power", "SBATCH_PROFILE": "profile", "SBATCH_QOS": "qos",
    "SBATCH_REQ_SWITCH": "switch-req", "SBATCH_REQUEUE": "requeue",
    "SBATCH_RESERVATION": "reservation", "SBATCH_SIGNAL": "signal",
    "SBATCH_SPREAD_JOB": "spread-job", "SBATCH_THREAD_SPEC": "thread-spec",
    "SBATCH_THREADS_PER_CORE": "threads-per-core", "SBATCH_TIMELIMIT": "time",
    "SBATCH_USE_MIN_NODES": "use-min-nodes", "SBATCH_WAIT": "wait",
    "SBATCH_WAIT_ALL_NODES": "wait-all-nodes", "SBATCH_WAIT4SWITCH": "switch-wait",
    "SBATCH_WCKEY": "wckey", "SBATCH_ERROR": "error", "SBATCH_INPUT": "input",
    "SBATCH_OUTPUT": "output",
}  # fmt: skip

#: How each sbatch option takes its argument, by its key.
SBATCH_ARGS: Final[dict[str, Arg]] = {long: arg for long, _, arg in _SBATCH}

_SBATCH_ONLY = {
    "array",
    "batch",
    "export-file",
    "get-user-env",
    "ignore-pbs",
    "kill-on-invalid-dep",
    "parsable",
    "wait-all-nodes",
    "wrap",
    "test-only",
    "wait",
}
# srun's own long options (22.05), beside those it shares with sbatch.
_Row = tuple[str, str | None, Arg] | tuple[str, str | None, Arg, str]
_SRUN_ONLY: list[_Row] = [
    ("accel-bind", None, _REQ), ("bcast", None, _OPT), ("bcast-exclude", None, _REQ),
    ("compress", None, _OPT), ("cpu-bind", None, _REQ), ("cpu_bind", None, _REQ, "cpu-bind"),
    ("epilog", None, _REQ), ("exact", None, _NONE), ("het-group", None, _REQ),
    ("immediate", "I", _OPT), ("input", "i", _REQ), ("interactive", None, _NONE),
    ("jobid", None, _REQ), ("kill-on-bad-exit", "K", _OPT), ("label", "l", _NONE),
    ("mpi", None, _REQ), ("multi-prog", None, _NONE), ("no-allocate", "Z", _NONE),
    ("overlap", None, _OPT), ("whole", None, _NONE),
    ("prolog", None, _REQ), ("pty", None, _NONE), ("quit-on-interrupt", None, _NONE),
    ("relative", "r", _REQ), ("resv-ports", None, _OPT), ("slurmd-debug", None, _REQ),
    ("task-epilog", None, _REQ), ("task-prolog", None, _REQ), ("test-only", None, _NONE),
    ("unbuffered", "u", _NONE), ("wait", "W", _REQ), ("x11", None, _OPT),
    # srun's own client settings, taken and checked: they change nothing simulated.
    ("debugger-test", None, _NONE), ("disable-status", "X", _NONE),
    ("msg-timeout", None, _REQ), ("preserve-env", "E", _NONE), ("send-libs", None, _OPT),
    ("threads", "T", _REQ), ("pack-group", None, _REQ, "het-group"),  # its old name
]  # fmt: skip
_SRUN_SHORT_CLASH = {"u", "W", "i"}  # short letters srun gives to its own options

SRUN_OPTIONS: Final = _in_slurm_order(
    options(
        [
            *(
                (long, None if short in _SRUN_SHORT_CLASH else short, arg)
                for long, short, arg in _SBATCH
                if long not in _SBATCH_ONLY and long not in ("input", "requeue", "no-requeue")
            ),
            *_SRUN_ONLY,
        ]
    )
)

# salloc's own long options (22.05), beside those it shares with sbatch.
_SALLOC_ONLY: list[tuple[str, str | None, Arg]] = [
    ("bell", None, _NONE), ("immediate", "I", _OPT), ("kill-command", "K", _OPT),
    ("no-bell", None, _NONE), ("no-shell", None, _NONE), ("x11", None, _OPT),
]  # fmt: skip
# sbatch's options that salloc does not have: the batch script's files and requeueing.
_NOT_SALLOC = (_SBATCH_ONLY - {"get-user-env", "wait-all-nodes"}) | {
    "error", "export", "input", "no-requeue", "open-mode", "output", "propagate", "requeue",
}  # fmt: skip

SALLOC_OPTIONS: Final = _in_slurm_order(
    options([row for row in _SBATCH if row[0] not in _NOT_SALLOC] + _SALLOC_ONLY)
)

#: salloc's input environment variables and the option each sets (a later one wins;
#: the command line wins over all). Options salloc does not model are left out.
SALLOC_ENV: Final = {
    "SALLOC_ACCOUNT": "account", "SALLOC_ACCTG_FREQ": "acctg-freq", "SALLOC_BELL": "bell",
    "SALLOC_BURST_BUFFER": "bb", "SALLOC_CLUSTERS": "clusters", "SLURM_CLUSTERS": "clusters",
    "SALLOC_CONSTRAINT": "constraint", "SALLOC_CONTAINER": "container",
    "SALLOC_CORE_SPEC": "core-spec", "SALLOC_CPUS_PER_GPU": "cpus-per-gpu",
    "SALLOC_DEBUG": "verbose", "SALLOC_DELAY_BOOT": "delay-boot",
    "SALLOC_EXCLUSIVE": "exclusive", "SALLOC_GPU_BIND": "gpu-bind",
    "SALLOC_GPU_FREQ": "gpu-freq", "SALLOC_GPUS": "gpus", "SALLOC_GPUS_PER_NODE": "gpus-per-node",
    "SALLOC_GPUS_PER_TASK": "gpus-per-task", "SALLOC_GRES": "gres",
    "SALLOC_GRES_FLAGS": "gres-flags", "SLURM_HINT": "hint", "SALLOC_HINT": "hint",
    "SALLOC_IMMEDIATE": "immediate", "SALLOC_KILL_CMD": "kill-command",
    "SALLOC_MEM_BIND": "mem-bind", "SALLOC_MEM_PER_CPU": "mem-per-cpu",
    "SALLOC_MEM_PER_GPU": "mem-per-gpu", "SALLOC_MEM_PER_NODE": "mem",
    "SALLOC_NETWORK": "network", "SALLOC_NO_BELL": "no-bell", "SALLOC_NO_KILL": "no-kill",
    "SALLOC_OVERCOMMIT": "overcommit", "SALLOC_PARTITION": "partition",
    "SALLOC_POWER": "power", "SALLOC_PROFILE": "profile", "SALLOC_QOS": "qos",
    "SALLOC_RESERVATION": "reservation", "SALLOC_SIGNAL": "signal",
    "SALLOC_SPREAD_JOB": "spread-job", "SALLOC_THREAD_SPEC": "thread-spec",
    "SALLOC_THREADS_PER_CORE": "threads-per-core", "SALLOC_TIMELIMIT": "time",
    "SALLOC_USE_MIN_NODES": "use-min-nodes", "SALLOC_WAIT_ALL_NODES": "wait-all-nodes",
    "SALLOC_WCKEY": "wckey",
}  # fmt: skip

#: srun's input environment variables (outside an allocation: options for the job it
#: creates) and the option each sets. SLURM_JOB_ID is not here: it makes srun a step.
#: SLURM_NNODES is not either: outside an allocation srun ignores it (oracle: env/094).
SRUN_ENV: Final = {
    "SLURM_ACCOUNT": "account", "SLURM_ACCTG_FREQ": "acctg-freq", "SLURM_BCAST": "bcast",
    "SLURM_BCAST_EXCLUDE": "bcast-exclude", "SLURM_BURST_BUFFER": "bb",
    "SLURM_CLUSTERS": "clusters", "SLURM_COMPRESS": "compress", "SLURM_CONSTRAINT": "constraint",
    "SLURM_CORE_SPEC": "core-spec", "SLURM_CPU_BIND": "cpu-bind",
    "SLURM_CPU_FREQ_REQ": "cpu-freq", "SLURM_CPUS_PER_GPU": "cpus-per-gpu",
    "SRUN_CPUS_PER_TASK": "cpus-per-task", "SLURM_DEBUG": "verbose",
    "SLURM_DELAY_BOOT": "delay-boot", "SLURM_DEPENDENCY": "dependency",
    "SLURM_DISTRIBUTION": "distribution", "SLURM_EPILOG": "epilog", "SLURM_EXACT": "exact",
    "SLURM_EXCLUSIVE": "exclusive", "SLURM_EXPORT_ENV": "export", "SRUN_EXPORT_ENV": "export",
    "SLURM_GPU_BIND": "gpu-bind", "SLURM_GPU_FREQ": "gpu-freq", "SLURM_GPUS": "gpus",
    "SLURM_GPUS_PER_NODE": "gpus-per-node", "SLURM_GPUS_PER_TASK": "gpus-per-task",
    "SLURM_GRES": "gres", "SLURM_GRES_FLAGS": "gres-flags", "SLURM_HINT": "hint",
    "SLURM_IMMEDIATE": "immediate", "SLURM_JOB_NAME": "job-name",
    "SLURM_JOB_NUM_NODES": "nodes", "SLURM_KILL_BAD_EXIT": "kill-on-bad-exit",
    "SLURM_LABELIO": "label", "SLURM_MEM_BIND": "mem-bind", "SLURM_MEM_PER_CPU": "mem-per-cpu",
    "SLURM_MEM_PER_GPU": "mem-per-gpu", "SLURM_MEM_PER_NODE": "mem", "SLURM_MPI_TYPE": "mpi",
    "SLURM_NETWORK": "network", "SLURM_NO_KILL": "no-kill", "SLURM_NPROCS": "ntasks",
    "SLURM_NTASKS": "ntasks", "SLURM_NTASKS_PER_CORE": "ntasks-per-core",
    "SLURM_NTASKS_PER_GPU": "ntasks-per-gpu", "SLURM_NTASKS_PER_NODE": "ntasks-per-node",
    "SLURM_NTASKS_PER_SOCKET": "ntasks-per-socket", "SLURM_OPEN_MODE": "open-mode",
    "SLURM_OVERCOMMIT": "overcommit", "SLURM_OVERLAP": "overlap", "SLURM_PARTITION": "partition",
    "SLURM_POWER": "power", "SLURM_PROFILE": "profile", "SLURM_PROLOG": "prolog",
    "SLURM_QOS": "qos", "SLURM_REMOTE_CWD": "chdir", "SLURM_RESERVATION": "reservation",
    "SLURM_RESV_PORTS": "resv-ports", "SLURM_SIGNAL": "signal", "SLURM_SPREAD_JOB": "spread-job",
    "SLURM_TASK_EPILOG": "task-epilog", "SLURM_TASK_PROLOG": "task-prolog",
    "SLURM_THREAD_SPEC": "thread-spec", "SLURM_THREADS_PER_CORE": "threads-per-core",
    "SLURM_TIMELIMIT": "time", "SLURM_UNBUFFEREDIO": "unbuffered",
    "SLURM_USE_MIN_NODES": "use-min-nodes", "SLURM_WAIT": "wait", "SLURM_WCKEY": "wckey",
    "SLURM_WORKING_DIR": "chdir", "SRUN_CONTAINER": "container",
}  # fmt: skip


#: The options a heterogeneous job component leaves in force for the next one: Slurm's
#: documented list (heterogeneous_jobs.html), with --mem and --hint, which the oracle
#: carried on too; every other option is set anew for each component (the oracle: the
#: node, task, CPU and GPU counts, --mem-per-cpu, -w, --tmp and the partition).
HET_CARRIED = frozenset(
    {
        "account", "acctg-freq", "begin", "chdir", "cluster-constraint", "clusters",
        "comment", "deadline", "delay-boot", "dependency", "distribution", "error", "export",
        "export-file", "exclude", "get-user-env", "gid", "hint", "hold", "ignore-pbs",
        "immediate", "input", "job-name", "mail-type", "mail-user", "mcs-label", "mem",
        "nice", "no-kill", "no-requeue", "open-mode", "output", "parsable", "priority",
        "profile", "propagate", "qos", "quiet", "reboot", "requeue", "reservation",
        "signal", "test-only", "time", "time-min", "uid", "verbose", "wait",
        "wait-all-nodes", "wckey",
    }
)  # fmt: skip

#: What one component of srun's command line passes on to the next: sbatch's, and the
#: srun options Slurm's list adds (the oracle: ``srun -l A : B`` labels both, ``srun -n1
#: A : B`` runs B with its component's own task count).
SRUN_HET_CARRIED = HET_CARRIED | {
    "epilog", "kill-on-bad-exit", "label", "msg-timeout", "no-allocate", "prolog",
    "quit-on-interrupt", "slurmd-debug", "task-epilog", "task-prolog", "unbuffered",
}  # fmt: skip
