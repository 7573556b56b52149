import pytest

from slurmsim.parse.errors import ParseError
from slurmsim.parse.script import (
    SLURM_PREFIX_WARNING,
    check_script,
    directive_args,
    scan_directives,
    wrap_script,
)

TYPO_SH = """#!/bin/bash
#SBATCH --job-name=typo
#SBATCH --gpus-per-nod=8
#SBATCH --time=00:05:00
echo "the #SBATCH line above has a typo"
"""


def test_directive_args_reads_oracle_typo_script():
    assert directive_args(TYPO_SH) == ["--job-name=typo", "--gpus-per-nod=8", "--time=00:05:00"]


@pytest.mark.parametrize(
    ("script", "want"),
    [
        pytest.param(
            "#!/bin/sh\n#SBATCH -N 2 --gres=gpu:8\n",
            ["-N", "2", "--gres=gpu:8"],
            id="several options on one line",
        ),
        pytest.param(
            "#!/bin/sh\n#SBATCH --time=10 # ten minutes\n",
            ["--time=10"],
            id="unquoted hash ends the directive",
        ),
        pytest.param("#!/bin/sh\n#SBATCH--time=10\n", ["--time=10"], id="no space after prefix"),
        pytest.param("#!/bin/sh\n#SBATCH --x#y\n", ["--x"], id="hash inside a word"),
        pytest.param(
            "#!/bin/sh\n#SBATCH -J \"my job\" 'a b'\n",
            ["-J", "my job", "a b"],
            id="quotes group words",
        ),
        pytest.param('#!/bin/sh\n#SBATCH -J "a#b"\n', ["-J", "a#b"], id="quoted hash is text"),
        pytest.param(
            # A backslash escapes the next character, but a blank still ends the word there
            # (the oracle: --job-name=a\ b is refused, "b" being a stray word).
            "#!/bin/sh\n#SBATCH -J a\\ b c\\#d\n",
            ["-J", "a", "b", "c#d"],
            id="backslash escapes",
        ),
        pytest.param(
            "#!/bin/sh\n#SBATCH --job-name=my job\n",
            ["--job-name=my", "job"],
            id="stray word is kept for the option parser to reject",
        ),
        pytest.param(
            "#!/bin/sh\n#sbatch -a\n# SBATCH -b\n #SBATCH -c\n#SBATCH -d\n",
            ["-d"],
            id="only exact prefix at column 0",
        ),
        pytest.param(
            "#!/bin/sh\n\n   \n  # note\n#SBATCH -d\n",
            ["-d"],
            id="blank and comment lines do not stop scanning",
        ),
        pytest.param("#!/bin/sh\necho hi\n#SBATCH -d\n", [], id="first command stops scanning"),
        pytest.param("#!/bin/sh\n#SBATCH   \n", [], id="empty directive"),
    ],
)
def test_directive_args_follows_sbatch_rules(script, want):
    assert directive_args(script) == want


def test_directive_args_accepts_other_prefixes():
    assert directive_args("#!/bin/sh\n#PBS -l x\n#SBATCH -N 1\n", prefix="#PBS") == ["-l", "x"]


def test_scan_directives_accepts_slurm_prefix_and_flags_it():
    found = scan_directives("#!/bin/sh\n#SLURM -N 1\n#SBATCH -n 2\n")
    assert found.args == ("-N", "1", "-n", "2")
    assert found.slurm_prefix_used
    assert SLURM_PREFIX_WARNING.startswith("Change from #SLURM to #SBATCH")


@pytest.mark.parametrize(
    ("line", "want"),
    [
        # sbatch quotes the line from the end of the word before the bad one (recorded in
        # tests/golden/realworld/: b5, b6, c1-c3, x10).
        ('#SBATCH --job-name="my job', 'job.sh: line 2: Unmatched `"` in [--job-name="my job]'),
        ("#SBATCH -J x 'ab", "job.sh: line 2: Unmatched `'` in [ 'ab]"),
        ("#SBATCH :foo", "job.sh: line 2: Unexpected `:` in [:foo]"),
    ],
)
def test_directive_args_fatal_messages_name_file_and_line(line, want):
    with pytest.raises(ParseError) as err:
        directive_args(f"#!/bin/sh\n{line}\n", source="job.sh")
    assert err.value.message == want


def test_directive_args_defaults_source_to_stdin():
    with pytest.raises(ParseError, match=r"^stdin: line 1: Unmatched"):
        directive_args('#SBATCH "x')


@pytest.mark.parametrize(
    ("data", "want"),
    [
        (b"", "Batch script is empty!"),
        (b" \n\t\n", "Batch script contains only whitespace!"),
        (
            b"echo hi\n",
            "This does not look like a batch script.  The first\n"
            "line must start with #! followed by the path to an interpreter.\n"
            "For instance: #!/bin/sh",
        ),
        (
            b"\n#!/bin/sh\n",
            "This does not look like a batch script.  The first\n"
            "line must start with #! followed by the path to an interpreter.\n"
            "For instance: #!/bin/sh",
        ),
        (
            b"#!/bin/sh\necho \0\n",
            "The Slurm controller does not allow scripts that\ncontain a NULL character '\\0'.",
        ),
        (
            b"#!/bin/sh\r\necho\r\n",
            "Batch script contains DOS line breaks (\\r\\n)\n"
            "instead of expected UNIX line breaks (\\n).",
        ),
    ],
)
def test_check_script_refuses_like_sbatch(data, want):
    with pytest.raises(ParseError) as err:
        check_script(data)
    assert err.value.message == want


def test_check_script_accepts_a_normal_script():
    check_script(TYPO_SH.encode())


def test_wrap_script_is_exact():
    assert wrap_script("sleep 60") == (
        "#!/bin/sh\n# This script was created by sbatch --wrap.\n\nsleep 60\n"
    )
