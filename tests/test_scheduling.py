"""The run's scheduler (tests/scheduling.py) sends what xdist's loadgroup sends: the same
tests, in the same units, to the same workers, in the same order, on simulated runs."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from scheduling import LinearLoadGroupScheduling
from xdist.scheduler import LoadGroupScheduling


class Worker:
    """A worker as the scheduler sees one: what it was sent, and whether it was told to stop."""

    def __init__(self, name: str):
        self.gateway = SimpleNamespace(id=name)
        self.shutting_down = False
        self.queue: list[int] = []

    def send_runtest_some(self, places):
        self.queue.extend(places)

    def shutdown(self):
        self.shutting_down = True


class Silent:
    """A scheduler's log that says nothing (xdist's own prints each decision)."""

    def __getattr__(self, name: str) -> Silent:
        return self

    def __call__(self, *words) -> None:
        pass


def collection(seed: int) -> list[str]:
    """Tests of a few modules, some in two xdist groups (the id suffix xdist reads)."""
    draw = random.Random(seed)
    return [f"tests/test_{module}.py::test_{number}" + draw.choice(["", "", "", "@a", "@b"])
            for module in range(12) for number in range(draw.randint(1, 40))]


def simulated(scheduler_class, tests: list[str], workers: int, seed: int) -> list:
    """Every send and finish of a run whose workers report in an order drawn from seed."""
    config = SimpleNamespace(option=SimpleNamespace(loadscopereorder=True,
                                                    tx=[f"{workers}*popen"]))
    config.getvalue = lambda name: getattr(config.option, name)
    scheduler = scheduler_class(config, Silent())
    nodes = [Worker(f"gw{number}") for number in range(workers)]
    for node in nodes:
        scheduler.add_node(node)
        scheduler.add_node_collection(node, tests)
    scheduler.schedule()
    events: list[tuple] = [("start", [list(node.queue) for node in nodes])]
    draw = random.Random(seed)
    while busy := [node for node in nodes if node.queue]:
        node = draw.choice(busy)
        place = node.queue.pop(0)
        scheduler.mark_test_complete(node, place)
        events.append((node.gateway.id, place, list(node.queue), node.shutting_down,
                       scheduler.tests_finished, scheduler.has_pending))
    return events


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("workers", [2, 3])
def test_the_run_is_scheduled_as_xdist_schedules_it(seed, workers):
    tests = collection(seed)
    ours = simulated(LinearLoadGroupScheduling, tests, workers, seed)
    assert ours == simulated(LoadGroupScheduling, tests, workers, seed)
    assert ours[-1][3:] == (True, True, False)  # the last worker told to stop; all done


@pytest.mark.parametrize("workers", [2, 3])
def test_every_test_runs_once_and_each_group_on_one_worker(workers):
    tests = collection(2)
    ran = {place: worker for worker, place, *_ in simulated(
        LinearLoadGroupScheduling, tests, workers, 2)[1:]}
    assert sorted(ran) == list(range(len(tests)))
    assert len([event for event in simulated(LinearLoadGroupScheduling, tests, workers, 2)
                if event[0] != "start"]) == len(tests)
    for group in ("@a", "@b"):
        members = [place for place, test in enumerate(tests) if test.endswith(group)]
        assert len(members) > 1 and len({ran[place] for place in members}) == 1
    assert len(set(ran.values())) == workers
