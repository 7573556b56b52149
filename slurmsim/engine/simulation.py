"""A cluster played forward by many calls, with one scheduler view kept between them.

``simulate.advance`` and friends build the scheduler's working view (``Context``)
from the state on every call and write back what the passes left for later before
returning: right for one command per process, which reads the state at once. A
driver that submits and advances thousands of times in one process (trace
replay, benchmarks) keeps the view here instead, and pays for the write-back only
when it reads the state.
"""

from slurmsim.engine.context import Context
from slurmsim.engine.simulate import advance_with, run_while
from slurmsim.engine.submit import Checked, FreeNow, submit
from slurmsim.model.cluster import ClusterState
from slurmsim.model.events import Event
from slurmsim.model.jobs import Job, JobRequest
from slurmsim.model.time import Instant


class Simulation:
    """``state`` played forward; change it only through this object, and read it after
    ``settle``.

    Example::

        sim = Simulation(state)
        sim.submit(request)
        sim.advance(Instant(state.now + 3600))
        sim.run_until_idle()
        sim.settle()
    """

    def __init__(self, state: ClusterState) -> None:
        self.state = state
        self._ctx = Context(state)
        self._checked: Checked = {}  # nodes and partitions stay put: see ``submit``
        self._free = FreeNow(self._ctx.pool, self._ctx.running.values)

    def submit(self, request: JobRequest) -> Job:
        """``engine.submit.submit``; the job joins the kept view."""
        ctx = self._ctx
        job = submit(
            self.state,
            request,
            usage=ctx.limits,
            fairshare=ctx.current_fairshare(),
            totals=ctx.scale,
            checked=self._checked,
            owns=ctx.owns,
            free=self._free,
        )
        ctx.adopt_new(job)
        return job

    def advance(self, until: Instant) -> list[Event]:
        """``simulate.advance`` without the write-back."""
        return advance_with(self._ctx, until)

    def run_until_idle(self, limit: Instant | None = None) -> list[Event]:
        """``simulate.run_until_idle`` without the write-back."""
        return run_while(self._ctx, lambda: False, limit)

    def settle(self) -> None:
        """Write back what the passes left for later: the state is then current."""
        self._ctx.settle()
