# Sourced by scripts/demo and scripts/test: make (once) and activate the project's
# virtual environment with a Python >= 3.11, then install the project into it.
# Usage: . scripts/_venv.sh [EXTRAS]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${SLURMSIM_VENV:-$ROOT/.venv}"
if [ ! -x "$VENV/bin/python" ]; then
  PY=""
  for candidate in python3.13 python3.12 python3.11 python3 python; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      PY="$candidate"; break
    fi
  done
  [ -n "$PY" ] || { echo "slurmsim needs Python 3.11 or newer" >&2; exit 1; }
  "$PY" -m venv "$VENV"
fi
SPEC="$ROOT"
[ -n "${1:-}" ] && SPEC="$ROOT[$1]"
# Install only when the project or its extras changed since the last install.
STAMP="$VENV/.slurmsim-installed-${1:-base}"
if [ ! -f "$STAMP" ] || [ "$ROOT/pyproject.toml" -nt "$STAMP" ]; then
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e "$SPEC"
  touch "$STAMP"
fi
export PATH="$VENV/bin:$PATH"
