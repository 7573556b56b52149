"""squeue --json/--yaml and sinfo --json/--yaml on a live cluster."""

import json
from pathlib import Path

import pytest

from tests.cli.conftest import advance, slurm

#: The keys of a job record, in Slurm 22.05's order (job_resources only once allocated).
JOB_KEYS = (  # noqa: SIM905  # Slurm's order, easier to read as words
    "account accrue_time admin_comment array_job_id array_task_id array_max_tasks "
    "array_task_string association_id batch_features batch_flag batch_host flags "
    "burst_buffer burst_buffer_state cluster cluster_features command comment container "
    "contiguous core_spec thread_spec cores_per_socket billable_tres cpus_per_task "
    "cpu_frequency_minimum cpu_frequency_maximum cpu_frequency_governor cpus_per_tres "
    "deadline delay_boot dependency derived_exit_code eligible_time end_time excluded_nodes "
    "exit_code features federation_origin federation_siblings_active "
    "federation_siblings_viable gres_detail group_id group_name job_id job_resources "
    "job_state last_sched_evaluation licenses max_cpus max_nodes mcs_label memory_per_tres "
    "name nodes nice tasks_per_core tasks_per_node tasks_per_socket tasks_per_board cpus "
    "node_count tasks het_job_id het_job_id_set het_job_offset partition prefer "
    "memory_per_node memory_per_cpu minimum_cpus_per_node minimum_tmp_disk_per_node "
    "preempt_time pre_sus_time priority profile qos reboot required_nodes requeue "
    "resize_time restart_cnt resv_name shared show_flags sockets_per_board sockets_per_node "
    "start_time state_description state_reason standard_error standard_input "
    "standard_output submit_time suspend_time system_comment time_limit time_minimum "
    "threads_per_core tres_bind tres_freq tres_per_job tres_per_node tres_per_socket "
    "tres_per_task tres_req_str tres_alloc_str user_id user_name wckey "
    "current_working_directory"
).split()


@pytest.fixture
def busy(cluster: Path) -> Path:
    """train (2 nodes) and a 2-task sweep array running; a held job and a big one waiting."""
    slurm("sbatch", "-J", "train", "-N", "2", "--gres=gpu:8", "-t", "30",
          "--wrap=sleep 1000", user="alice")  # fmt: skip
    advance(2)
    slurm("sbatch", "-J", "sweep", "--array=0-3%2", "--gres=gpu:4", "-t", "5",
          "--wrap=sleep 100", user="carol")  # fmt: skip
    slurm("sbatch", "-H", "-J", "held", "--gres=gpu:4", "-t", "10", "--wrap=sleep 1", user="bob")
    slurm("sbatch", "-J", "big", "-N", "4", "--gres=gpu:8", "-t", "20", "--wrap=sleep 100",
          user="carol")  # fmt: skip
    advance(5)
    return cluster


def _jobs(text: str) -> dict[str, dict[str, object]]:
    jobs = json.loads(text)["jobs"]
    return {f"{j['name']}{j['array_task_id'] if j['array_task_id'] is not None else ''}": j
            for j in jobs}  # fmt: skip


def test_squeue_json_lists_every_job_with_slurms_keys_in_order(busy: Path) -> None:
    got = slurm("squeue", "--json")
    assert (got.exit, got.err) == (0, "")
    document = json.loads(got.out)
    assert list(document) == ["meta", "errors", "jobs"]
    for job in document["jobs"]:
        want = [k for k in JOB_KEYS if k != "job_resources" or "job_resources" in job]
        assert list(job) == want


@pytest.mark.parametrize(
    ("name", "key", "want"),
    [
        pytest.param("train", "job_state", "RUNNING", id="a running job's state"),
        pytest.param("train", "nodes", "dgx[1-2]", id="its nodes, compressed"),
        pytest.param("train", "flags", ["JOB_ACCRUE_OVER", "JOB_WAS_RUNNING"], id="its flags"),
        pytest.param("train", "tres_alloc_str", "cpu=2,mem=32G,node=2,billing=2,gres/gpu=16",
                     id="what it holds"),
        pytest.param("train", "billable_tres", 2.0, id="billing as a double"),
        pytest.param("train", "time_limit", 30, id="limits in minutes"),
        pytest.param("sweep", "array_task_string", "2-3%2", id="the array's pending tasks"),
        pytest.param("sweep", "state_reason", "JobArrayTaskLimit", id="held back by the throttle"),
        pytest.param("sweep0", "array_max_tasks", 2, id="a task knows the throttle"),
        pytest.param("held", "state_reason", "JobHeldUser", id="a held job"),
        pytest.param("held", "priority", 0, id="held means priority 0"),
        pytest.param("held", "start_time", 0, id="an unset instant is 0"),
        pytest.param("held", "billable_tres", None, id="an unset number is null"),
        pytest.param("held", "batch_host", "", id="an unset string is empty"),
        pytest.param("big", "tres_alloc_str", "", id="nothing allocated yet"),
        pytest.param("big", "node_count", 4, id="the nodes asked for"),
    ],
)  # fmt: skip
def test_squeue_json_values_follow_slurms_encodings(
    busy: Path, name: str, key: str, want: object
) -> None:
    assert _jobs(slurm("squeue", "--json").out)[name][key] == want


def test_squeue_json_ignores_filters_and_formats(busy: Path) -> None:
    """The oracle printed the plain dump for these, and for -j 999999, --start and --me."""
    plain = slurm("squeue", "--json").out
    options = [["-u", "bob"], ["-t", "PD", "-p", "debug"], ["-o", "%i"], ["-O", "JobID", "-h"],
               ["-j", "999999"], ["--start"], ["--me"]]  # fmt: skip
    for argv in options:
        assert slurm("squeue", "--json", *argv).out == plain


@pytest.mark.parametrize(
    ("argv", "err"),
    [
        pytest.param(["-j", "abc"], "squeue: error: Invalid job id: abc\n", id="a bad job id"),
        pytest.param(["-w", "nosuch"], "squeue: error: Invalid node name nosuch\n",
                     id="an unknown node"),
        pytest.param(["-t", "nosuch"], "squeue: error: Invalid job state specified: nosuch\n",
                     id="an unknown state"),
    ],
)  # fmt: skip
def test_squeue_json_refuses_what_squeue_checks_while_parsing(
    busy: Path, argv: list[str], err: str
) -> None:
    got = slurm("squeue", "--json", *argv)
    assert (got.exit, got.out, got.err.splitlines(keepends=True)[0]) == (1, "", err)


def test_squeue_json_still_reports_an_unknown_user(busy: Path) -> None:
    got = slurm("squeue", "--json", "-u", "nosuch")
    assert (got.exit, got.err) == (0, "squeue: error: Invalid user: nosuch\n\n")
    assert got.out == slurm("squeue", "--json").out


@pytest.mark.parametrize(
    ("argv", "yaml"),
    [
        pytest.param(["--yaml"], True, id="--yaml alone"),
        pytest.param(["--json", "--yaml"], True, id="the last of the two wins: yaml"),
        pytest.param(["--yaml", "--json"], False, id="the last of the two wins: json"),
    ],
)
@pytest.mark.parametrize("command", ["squeue", "sinfo"])
def test_json_or_yaml_whichever_comes_last(
    busy: Path, command: str, argv: list[str], yaml: bool
) -> None:
    got = slurm(command, *argv)
    assert got.out.startswith("%YAML 1.1\n--- !!map\n") is yaml


def test_squeue_json_shows_finished_jobs_until_min_job_age(cluster: Path) -> None:
    slurm("sbatch", "-J", "quick", "-t", "1", "--wrap=true", "--gres=gpu:1", user="bob")
    advance(5)
    assert [j["job_state"] for j in json.loads(slurm("squeue", "--json").out)["jobs"]] == [
        "COMPLETED"
    ]
    advance(400)
    assert json.loads(slurm("squeue", "--json").out)["jobs"] == []


def test_squeue_json_puts_an_array_meta_record_after_its_newest_task(busy: Path) -> None:
    jobs = json.loads(slurm("squeue", "--json").out)["jobs"]
    assert [(j["job_id"], j["name"]) for j in jobs] == [
        (1, "train"),
        (5, "sweep"),  # task 0 took the meta record's place
        (3, "held"),
        (4, "big"),
        (6, "sweep"),
        (2, "sweep"),
    ]


def test_sinfo_json_shows_states_and_drain_reasons(busy: Path) -> None:
    slurm("scontrol", "update", "nodename=dgx4", "state=drain", "reason=gpu fell off bus")
    nodes = {n["name"]: n for n in json.loads(slurm("sinfo", "--json").out)["nodes"]}
    assert [(n["state"], n["state_flags"]) for n in nodes.values()] == [
        ("mixed", []),
        ("mixed", []),
        ("mixed", []),
        # The big job's planned nodes keep PLANNED until the next backfill cycle, drained
        # or not (the oracle showed State=IDLE+DRAIN+PLANNED right after a drain).
        ("idle", ["DRAIN", "PLANNED"]),
    ]
    assert nodes["dgx4"]["reason"] == "gpu fell off bus"
    assert nodes["dgx4"]["reason_set_by_user"] == "root"
    assert nodes["dgx1"]["gres_used"] == "gpu:h100:8(IDX:0-7)"
    assert nodes["dgx1"]["tres_used"] == "cpu=1,mem=16G,gres/gpu=8"
    assert nodes["dgx4"]["tres_used"] is None


def test_sinfo_json_ignores_filters(busy: Path) -> None:
    """The oracle printed the plain dump for these, and for -p nosuch and -R."""
    assert slurm("sinfo", "--json", "-R").out == slurm("sinfo", "--json", "-p", "nosuch").out
    assert (
        slurm("sinfo", "--json", "-N", "-p", "debug", "-t", "idle").out
        == slurm("sinfo", "--json").out
    )
