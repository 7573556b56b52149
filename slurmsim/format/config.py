"""``scontrol show config``: every setting of the controller, Slurm 22.05's bytes.

Each line is ``%-23s = %s``, in Slurm's own order. A setting shows the value of
slurm.conf (``ClusterConfig.raw`` for what only daemons read, the typed fields of
``ClusterConfig`` for what the simulation interprets) or Slurm's default; a few
lines come from the cluster itself (node count, next job id, boot time).
"""

from collections.abc import Callable
from dataclasses import dataclass

from slurmsim.format.times import format_hms, format_instant
from slurmsim.format.version import SLURM_VERSION
from slurmsim.model.accounts import uid_of
from slurmsim.model.cluster import ClusterConfig, ClusterState
from slurmsim.model.time import Instant
from slurmsim.model.tres import tracked_tres

#: Where the commands look for slurm.conf, which ``SLURM_CONF =`` names.
DEFAULT_SLURM_CONF = "/etc/slurm/slurm.conf"


@dataclass(frozen=True)
class Controller:
    """What only the controller's host knows: its name, and when the controller started."""

    host: str  # SlurmctldHost[0] as Slurm prints it: ``vm(localhost)``
    boot_time: Instant


# One row per line: the label, and either Slurm's default (slurm.conf's value wins, with
# the row's unit appended) or a function of the cluster for what is derived or typed.
_Derived = Callable[[ClusterState, Controller], str]


@dataclass(frozen=True)
class _Row:
    label: str
    default: str = "(null)"
    unit: str = ""  # appended to a slurm.conf value: " sec", " min", ...
    derived: _Derived | None = None

    def value(self, state: ClusterState, ctl: Controller) -> str:
        if self.derived is not None:
            return self.derived(state, ctl)
        given = state.config.setting(self.label)
        return self.default if given is None else given + self.unit


def _uid_name(state: ClusterState, name: str) -> str:
    return f"{name}({uid_of(state.users, name) or 0})"


def _user(key: str) -> _Derived:
    return lambda s, _: _uid_name(s, s.config.setting(key) or "root")


def _accounting_tres(state: ClusterState, _: Controller) -> str:
    return ",".join(t.key for t in tracked_tres(state.config.setting("AccountingStorageTRES")))


def _enforce(state: ClusterState, _: Controller) -> str:
    given = state.config.setting("AccountingStorageEnforce")
    return "none" if given is None else given.lower()


def _duration(get: Callable[[ClusterConfig], int]) -> _Derived:
    return lambda s, _: format_hms(get(s.config))


def _yes_no(get: Callable[[ClusterConfig], bool]) -> _Derived:
    return lambda s, _: "Yes" if get(s.config) else "No"


def _over_time(state: ClusterState, _: Controller) -> str:
    minutes = state.config.over_time_limit
    return "UNLIMITED" if minutes >= 0xFFFF else f"{minutes} min"


def _max_dbd_msgs(state: ClusterState, _: Controller) -> str:
    """slurmctld's queue for slurmdbd: two messages per job and four per node, 10000 at least."""
    return str(max(10000, state.config.max_job_count * 2 + len(state.nodes) * 4))


def _field(get: Callable[[ClusterConfig], object]) -> _Derived:
    return lambda s, _: str(get(s.config))


_ROWS_HEAD = (
    _Row("AccountingStorageBackupHost"),
    _Row("AccountingStorageEnforce", derived=_enforce),
    _Row("AccountingStorageHost", "localhost"),
    _Row("AccountingStorageExternalHost"),
    _Row("AccountingStorageParameters"),
    _Row("AccountingStoragePort", "0"),
    _Row("AccountingStorageTRES", derived=_accounting_tres),
    _Row("AccountingStorageType", "accounting_storage/none"),
    _Row("AccountingStorageUser", "N/A"),
    _Row("AccountingStoreFlags"),
    _Row("AcctGatherEnergyType", "acct_gather_energy/none"),
    _Row("AcctGatherFilesystemType", "acct_gather_filesystem/none"),
    _Row("AcctGatherInterconnectType", "acct_gather_interconnect/none"),
    _Row("AcctGatherNodeFreq", "0 sec", " sec"),
    _Row("AcctGatherProfileType", "acct_gather_profile/none"),
    _Row("AllowSpecResourcesUsage", "No"),
    _Row("AuthAltTypes"),
    _Row("AuthAltParameters"),
    _Row("AuthInfo"),
    _Row("AuthType", "auth/munge"),
    _Row("BatchStartTimeout", "10 sec", " sec"),
    _Row("BcastExclude", "/lib,/usr/lib,/lib64,/usr/lib64"),
    _Row("BcastParameters"),
    _Row("BOOT_TIME", derived=lambda _, c: format_instant(c.boot_time)),
    _Row("BurstBufferType"),
    _Row("CliFilterPlugins"),
    _Row("ClusterName", derived=_field(lambda c: c.cluster_name)),
    _Row("CommunicationParameters"),
    _Row("CompleteWait", "0 sec", " sec"),
    _Row("CoreSpecPlugin", "core_spec/none"),
    _Row("CpuFreqDef", "Unknown"),
    _Row("CpuFreqGovernors", "OnDemand,Performance,UserSpace"),
    _Row("CredType", "cred/munge"),
    _Row("DebugFlags"),
)


_ROWS_MIDDLE = (
    _Row("DependencyParameters"),
    _Row("DisableRootJobs", "No"),
    _Row("EioTimeout", "60"),
    _Row("EnforcePartLimits", derived=_field(lambda c: c.enforce_part_limits)),
    _Row("Epilog"),
    _Row("EpilogMsgTime", "2000 usec", " usec"),
    _Row("EpilogSlurmctld"),
    _Row("ExtSensorsType", "ext_sensors/none"),
    _Row("ExtSensorsFreq", "0 sec", " sec"),
    _Row("FairShareDampeningFactor", derived=_field(lambda c: c.fairshare_dampening_factor)),
    _Row("FederationParameters"),
    _Row("FirstJobId", "1"),
    _Row("GetEnvTimeout", "2 sec", " sec"),
    _Row("GresTypes", derived=lambda s, _: ",".join(s.config.gres_types) or "(null)"),
    _Row("GpuFreqDef", "high,memory=high"),
    _Row("GroupUpdateForce", "1"),
    _Row("GroupUpdateTime", "600 sec", " sec"),
    _Row("HASH_VAL", derived=lambda _, __: "Match"),
    _Row("HealthCheckInterval", "0 sec", " sec"),
    _Row("HealthCheckNodeState", "ANY"),
    _Row("HealthCheckProgram"),
    _Row("InactiveLimit", "0 sec", " sec"),
    _Row("InteractiveStepOptions", "--interactive --preserve-env --pty $SHELL"),
    _Row("JobAcctGatherFrequency", "30"),
    _Row("JobAcctGatherType", "jobacct_gather/none"),
    _Row("JobAcctGatherParams"),
    _Row("JobCompHost", "localhost"),
    _Row("JobCompLoc", "/var/log/slurm_jobcomp.log"),
    _Row("JobCompPort", "0"),
    _Row("JobCompType", "jobcomp/none"),
    _Row("JobCompUser", "root"),
    _Row("JobContainerType", "job_container/none"),
    _Row("JobCredentialPrivateKey"),
    _Row("JobCredentialPublicCertificate"),
    _Row("JobDefaults"),
    _Row("JobFileAppend", "0"),
    _Row("JobRequeue", derived=lambda s, _: str(int(s.config.job_requeue))),
    _Row("JobSubmitPlugins"),
    _Row("KillOnBadExit", "0"),
    _Row("KillWait", derived=lambda s, _: f"{s.config.kill_wait} sec"),
    _Row("LaunchParameters"),
    _Row("LaunchType", "launch/slurm"),
    _Row("Licenses"),
    _Row("LogTimeFormat", "iso8601_ms"),
    _Row("MailDomain"),
    _Row("MailProg", "/bin/mail"),
    _Row("MaxArraySize", derived=_field(lambda c: c.max_array_size)),
    _Row("MaxDBDMsgs", derived=_max_dbd_msgs),
    _Row("MaxJobCount", derived=_field(lambda c: c.max_job_count)),
    _Row("MaxJobId", "67043328"),
)

_ROWS_LIMITS = (
    _Row("MaxNodeCount", derived=lambda s, _: str(len(s.nodes))),
    _Row("MaxStepCount", "40000"),
    _Row("MaxTasksPerNode", "512"),
    _Row("MCSPlugin", "mcs/none"),
    _Row("MCSParameters"),
    _Row("MessageTimeout", "10 sec", " sec"),
    _Row("MinJobAge", derived=lambda s, _: f"{s.config.min_job_age} sec"),
    _Row("MpiDefault", "none"),
    _Row("MpiParams"),
    _Row("MULTIPLE_SLURMD", derived=lambda _, __: "Yes"),
    _Row("NEXT_JOB_ID", derived=lambda s, _: str(s.next_job_id)),
    _Row("NodeFeaturesPlugins"),
    _Row("OverTimeLimit", derived=_over_time),
    _Row("PluginDir", "/usr/lib/x86_64-linux-gnu/slurm-wlm"),
    _Row("PlugStackConfig"),
    _Row("PowerParameters"),
    _Row("PowerPlugin", ""),
    _Row("PreemptMode", derived=_field(lambda c: c.preempt_mode)),
    _Row("PreemptType", derived=_field(lambda c: c.preempt_type)),
    _Row("PreemptExemptTime", derived=_duration(lambda c: c.preempt_exempt_time)),
    _Row("PrEpParameters"),
    _Row("PrEpPlugins", "prep/script"),
    _Row("PriorityParameters"),
    _Row("PrioritySiteFactorParameters"),
    _Row("PrioritySiteFactorPlugin"),
)

#: The multifactor plugin's settings; priority/basic shows only its PriorityType.
_ROWS_MULTIFACTOR = (
    _Row("PriorityDecayHalfLife", derived=_duration(lambda c: c.priority_decay_half_life)),
    _Row("PriorityCalcPeriod", derived=_duration(lambda c: c.priority_calc_period)),
    _Row("PriorityFavorSmall", derived=_yes_no(lambda c: c.priority_favor_small)),
    _Row("PriorityFlags", derived=lambda s, _: ",".join(s.config.priority_flags).upper()),
    _Row("PriorityMaxAge", derived=_duration(lambda c: c.priority_max_age)),
    _Row("PriorityUsageResetPeriod", derived=_field(lambda c: c.priority_usage_reset_period)),
    _Row("PriorityType", derived=_field(lambda c: c.priority_type)),
    _Row("PriorityWeightAge", derived=_field(lambda c: c.priority_weights.age)),
    _Row("PriorityWeightAssoc", derived=_field(lambda c: c.priority_weights.assoc)),
    _Row("PriorityWeightFairShare", derived=_field(lambda c: c.priority_weights.fairshare)),
    _Row("PriorityWeightJobSize", derived=_field(lambda c: c.priority_weights.job_size)),
    _Row("PriorityWeightPartition", derived=_field(lambda c: c.priority_weights.partition)),
    _Row("PriorityWeightQOS", derived=_field(lambda c: c.priority_weights.qos)),
    _Row("PriorityWeightTRES"),
)

_ROWS_DAEMONS = (
    _Row("PrivateData", "none"),
    _Row("ProctrackType", "proctrack/cgroup"),
    _Row("Prolog"),
    _Row("PrologEpilogTimeout", "65534"),
    _Row("PrologSlurmctld"),
    _Row("PrologFlags"),
    _Row("PropagatePrioProcess", "0"),
    _Row("PropagateResourceLimits", "ALL"),
    _Row("PropagateResourceLimitsExcept"),
    _Row("RebootProgram"),
    _Row("ReconfigFlags"),
    _Row("RequeueExit"),
    _Row("RequeueExitHold"),
    _Row("ResumeFailProgram"),
    _Row("ResumeProgram"),
    _Row("ResumeRate", "300 nodes/min", " nodes/min"),
    _Row("ResumeTimeout", "60 sec", " sec"),
    _Row("ResvEpilog"),
    _Row("ResvOverRun", "0 min", " min"),
    _Row("ResvProlog"),
    _Row("ReturnToService", "1"),
    _Row("RoutePlugin", "route/default"),
    _Row("SchedulerParameters"),
    _Row("SchedulerTimeSlice", "30 sec", " sec"),
    _Row("SchedulerType", derived=_field(lambda c: c.scheduler_type)),
    _Row("ScronParameters"),
    _Row("SelectType", derived=_field(lambda c: c.select_type)),
    _Row("SelectTypeParameters", derived=lambda s, _: s.config.select_type_parameters.upper()),
    _Row("SlurmUser", derived=_user("SlurmUser")),
    _Row("SlurmctldAddr"),
    _Row("SlurmctldDebug", "info"),
    _Row("SlurmctldHost[0]", derived=lambda _, c: c.host),
    _Row("SlurmctldLogFile"),
    _Row("SlurmctldPort", "6817"),
    _Row("SlurmctldSyslogDebug"),
    _Row("SlurmctldPrimaryOffProg"),
    _Row("SlurmctldPrimaryOnProg"),
    _Row("SlurmctldTimeout", "120 sec", " sec"),
    _Row("SlurmctldParameters"),
    _Row("SlurmdDebug", "info"),
    _Row("SlurmdLogFile"),
    _Row("SlurmdParameters"),
    _Row("SlurmdPidFile", "/var/run/slurmd.pid"),
    _Row("SlurmdPort", "6818"),
    _Row("SlurmdSpoolDir", "/var/spool/slurmd"),
    _Row("SlurmdSyslogDebug"),
    _Row("SlurmdTimeout", "300 sec", " sec"),
    _Row("SlurmdUser", derived=_user("SlurmdUser")),
    _Row("SlurmSchedLogFile"),
    _Row("SlurmSchedLogLevel", "0"),
    _Row("SlurmctldPidFile", "/var/run/slurmctld.pid"),
    _Row("SlurmctldPlugstack"),
    _Row("SLURM_CONF", derived=lambda _, __: DEFAULT_SLURM_CONF),
    _Row("SLURM_VERSION", derived=lambda _, __: SLURM_VERSION),
    _Row("SrunEpilog"),
    _Row("SrunPortRange", "0-0"),
    _Row("SrunProlog"),
    _Row("StateSaveLocation", "/var/spool"),
    _Row("SuspendExcNodes"),
    _Row("SuspendExcParts"),
    _Row("SuspendProgram"),
    _Row("SuspendRate", "60 nodes/min", " nodes/min"),
    _Row("SuspendTime", "INFINITE"),
    _Row("SuspendTimeout", "30 sec", " sec"),
    _Row("SwitchParameters"),
    _Row("SwitchType", "switch/none"),
    _Row("TaskEpilog"),
    _Row("TaskPlugin", "task/none"),
    _Row("TaskPluginParam", "(null type)"),
    _Row("TaskProlog"),
    _Row("TCPTimeout", "2 sec", " sec"),
    _Row("TmpFS", "/tmp"),
    _Row("TopologyParam"),
    _Row("TopologyPlugin", "topology/none"),
    _Row("TrackWCKey", "No"),
    _Row("TreeWidth", "50"),
    _Row("UsePam", "No"),
    _Row("UnkillableStepProgram"),
    _Row("UnkillableStepTimeout", "60 sec", " sec"),
    _Row("VSizeFactor", "0 percent", " percent"),
    _Row("WaitTime", "0 sec", " sec"),
    _Row("X11Parameters"),
)


def _line(label: str, value: str) -> str:
    return f"{label:<23} = {value}\n"


def _memory_lines(config: ClusterConfig) -> str:
    """DefMemPerCPU or DefMemPerNode, whichever slurm.conf set (UNLIMITED: neither)."""
    if config.def_mem_per_cpu is not None:
        return _line("DefMemPerCPU", str(config.def_mem_per_cpu))
    return _line("DefMemPerNode", config.setting("DefMemPerNode") or "UNLIMITED")


def _max_memory_line(config: ClusterConfig) -> str:
    per_cpu = config.setting("MaxMemPerCPU")
    if per_cpu is not None:
        return _line("MaxMemPerCPU", per_cpu)
    return _line("MaxMemPerNode", config.setting("MaxMemPerNode") or "UNLIMITED")


def _rows(rows: tuple[_Row, ...], state: ClusterState, ctl: Controller) -> str:
    return "".join(_line(r.label, r.value(state, ctl)) for r in rows)


def show_config(state: ClusterState, ctl: Controller, ping: str) -> str:
    """``scontrol show config``: the heading, every setting, and the controllers' ``ping``."""
    config = state.config
    multifactor = config.priority_type != "priority/basic"
    priority = (
        _rows(_ROWS_MULTIFACTOR, state, ctl)
        if multifactor
        else _line("PriorityType", config.priority_type)
    )
    return "".join(
        [
            f"Configuration data as of {format_instant(state.now)}\n",
            _rows(_ROWS_HEAD, state, ctl),
            _memory_lines(config),
            _rows(_ROWS_MIDDLE, state, ctl),
            _max_memory_line(config),
            _rows(_ROWS_LIMITS, state, ctl),
            priority,
            _rows(_ROWS_DAEMONS, state, ctl),
            "\n",
            ping,
        ]
    )


#: Every ``scontrol show config`` row by its label: ``sacctmgr show configuration`` reads
#: the same slurm.conf values.
_BY_LABEL = {r.label: r for r in (*_ROWS_HEAD, *_ROWS_MIDDLE, *_ROWS_LIMITS, *_ROWS_DAEMONS)}

#: What ``sacctmgr show configuration`` prints of slurm.conf, in its order: (the label as
#: printed, padded as sacctmgr pads it, and the setting). sacctmgr pads to 22 columns,
#: and the first label, longer than that, is followed by two spaces.
_ACCOUNTING_SLURM_CONF = (
    ("AccountingStorageBackupHost ", "AccountingStorageBackupHost"),
    ("AccountingStorageHost", "AccountingStorageHost"),
    ("AccountingStorageParameters", "AccountingStorageParameters"),
    ("AccountingStoragePass", "AccountingStoragePass"),
    ("AccountingStoragePort", "AccountingStoragePort"),
    ("AccountingStorageType", "AccountingStorageType"),
    ("AccountingStorageUser", "AccountingStorageUser"),
    ("AuthType", "AuthType"),
    ("MessageTimeout", "MessageTimeout"),
    ("PluginDir", "PluginDir"),
    ("PrivateData", "PrivateData"),
    ("SlurmUserId", "SlurmUser"),
    ("SLURM_CONF", "SLURM_CONF"),
    ("SLURM_VERSION", "SLURM_VERSION"),
    ("TCPTimeout", "TCPTimeout"),
    ("TrackWCKey", "TrackWCKey"),
)

#: The simulated slurmdbd's own settings (slurmdbd.conf and its defaults), as the
#: oracle's slurmdbd reports them; None: worked out from the cluster (``_dbd_value``).
_DBD_SETTINGS: tuple[tuple[str, str | None], ...] = (
    ("AllowNoDefAcct", "No"),
    ("ArchiveDir", "/tmp"),
    ("ArchiveEvents", "No"),
    ("ArchiveJobs", "No"),
    ("ArchiveResvs", "No"),
    ("ArchiveScript", "(null)"),
    ("ArchiveSteps", "No"),
    ("ArchiveSuspend", "No"),
    ("ArchiveTXN", "No"),
    ("ArchiveUsage", "No"),
    ("AuthAltTypes", "(null)"),
    ("AuthAltParameters", "(null)"),
    ("AuthInfo", "(null)"),
    ("AuthType", None),
    ("BOOT_TIME", None),
    ("CommitDelay", "No"),
    ("CommunicationParameters", "(null)"),
    ("DbdAddr", None),
    ("DbdBackupHost", "(null)"),
    ("DbdHost", None),
    ("DbdPort", None),
    ("DebugFlags", "(null)"),
    ("DebugLevel", "info"),
    ("DebugLevelSyslog", "(null)"),
    ("DefaultQOS", "(null)"),
    ("LogFile", "/var/log/slurm/slurmdbd.log"),
    ("MaxQueryTimeRange", "UNLIMITED"),
    ("MessageTimeout", "10 secs"),
    ("Parameters", "(null)"),
    ("PidFile", "/run/slurm-oracle/slurmdbd.pid"),
    ("PluginDir", None),
    ("PrivateData", "none"),
    ("PurgeEventAfter", "NONE"),
    ("PurgeJobAfter", "NONE"),
    ("PurgeResvAfter", "NONE"),
    ("PurgeStepAfter", "NONE"),
    ("PurgeSuspendAfter", "NONE"),
    ("PurgeTXNAfter", "NONE"),
    ("PurgeUsageAfter", "NONE"),
    ("SLURMDBD_CONF", "/etc/slurm/slurmdbd.conf"),
    ("SLURMDBD_VERSION", SLURM_VERSION),
    ("SlurmUser", None),
    ("StorageBackupHost", "(null)"),
    ("StorageHost", "localhost"),
    ("StorageLoc", "slurm_acct_db"),
    ("StorageParameters", "(null)"),
    ("StoragePort", "3306"),
    ("StorageType", "accounting_storage/mysql"),
    ("StorageUser", "slurm"),
    ("TCPTimeout", "2 secs"),
    ("TrackWCKey", "No"),
    ("TrackSlurmctldDown", "No"),
)


def _dbd_value(label: str, state: ClusterState, ctl: Controller) -> str:
    """A slurmdbd setting that follows the cluster: the daemon slurm.conf points the
    controller at, sharing its authentication, plugins and user; started with it."""
    match label:
        case "DbdAddr" | "DbdHost":
            return _BY_LABEL["AccountingStorageHost"].value(state, ctl)
        case "DbdPort":
            return _BY_LABEL["AccountingStoragePort"].value(state, ctl)
        case "BOOT_TIME":
            return format_instant(ctl.boot_time)
        case _:
            return _BY_LABEL[label].value(state, ctl)


def show_accounting_config(state: ClusterState, ctl: Controller) -> str:
    """``sacctmgr show configuration``: the accounting settings of slurm.conf as the
    client reads them, then those slurmdbd reports of itself."""
    lines = [f"Configuration data as of {format_instant(state.now)}\n"]
    for label, key in _ACCOUNTING_SLURM_CONF:
        row = _BY_LABEL.get(key)
        value = row.value(state, ctl) if row is not None else state.config.setting(key)
        lines.append(f"{label:<22} = {value or '(null)'}\n")
    lines.append("\nSlurmDBD configuration:\n")
    for label, fixed in _DBD_SETTINGS:
        value = fixed if fixed is not None else _dbd_value(label, state, ctl)
        lines.append(f"{label:<22} = {value}\n")
    return "".join(lines)
