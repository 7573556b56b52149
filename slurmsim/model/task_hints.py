"""What some of a job's options tell its tasks, as srun and sbatch word it in their
environment: the counts a ``--hint`` stands for, and ``--cpu-freq`` as handed on."""

import re

#: The binding and count each ``--hint`` stands for (the oracle: srun's tasks see the
#: binding and the count, a batch job the count beside ``SLURM_HINT``).
HINT_VARIABLES = {
    "compute_bound": ("cores", "SLURM_THREADS_PER_CORE", "1"),
    "memory_bound": ("cores", "SLURM_THREADS_PER_CORE", "1"),
    "nomultithread": ("threads", "SLURM_THREADS_PER_CORE", "1"),
    "multithread": ("threads", "SLURM_NTASKS_PER_CORE", "65535"),
}

#: How ``--cpu-freq``'s names are worded in ``SLURM_CPU_FREQ_REQ`` (the oracle).
_FREQ_WORDS = {
    "low": "Low", "medium": "Medium", "high": "High", "highm1": "Highm1",
    "conservative": "Conservative", "ondemand": "OnDemand", "performance": "Performance",
    "powersave": "PowerSave", "userspace": "UserSpace", "schedutil": "SchedUtil",
}  # fmt: skip


def cpu_freq_shown(value: str) -> str:
    """``--cpu-freq`` as the clients hand it on: its names capitalised, numbers as given
    (``low-high:ondemand`` is ``Low-High:OnDemand``)."""
    return re.sub(r"[A-Za-z0-9]+", lambda m: _FREQ_WORDS.get(m[0].lower(), m[0]), value)
