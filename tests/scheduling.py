"""The run's xdist scheduler: xdist's loadgroup (an xdist_group's tests on one worker, each
other test on whichever worker is free first), deciding the same in time linear in the tests.

xdist's LoadGroupScheduling makes every ungrouped test a work unit of its own and keeps
every unit a worker ever ran; at each report it counts the workers' pending tests over all
of them, and finds each test it sends by scanning the worker's collection: quadratic in the
tests. Over this suite's ~6,700 the controlling process took 17.6 s of CPU a run, 9.2 s
with this class: CPU taken from the cores the workers run on. Here a finished unit leaves
the worker's assigned work (it has no pending test: no count or decision changes) and a
test's place comes from a dict."""

from __future__ import annotations

from xdist.scheduler import LoadGroupScheduling


class LinearLoadGroupScheduling(LoadGroupScheduling):
    """LoadGroupScheduling: the same units, sent in the same order to the same workers."""

    def __init__(self, config, log=None) -> None:
        super().__init__(config, log)
        self._places: dict = {}

    def mark_test_complete(self, node, item_index: int, duration: float = 0) -> None:
        """The test done; its unit dropped from the worker's work once all of it is done."""
        nodeid = self.registered_collections[node][item_index]
        scope = self._split_scope(nodeid)
        units = self.assigned_work[node]
        units[scope][nodeid] = True
        if all(units[scope].values()):
            del units[scope]
        self._reschedule(node)

    def _assign_work_unit(self, node) -> None:
        """The next unit to the worker, as xdist does, each test found by its place."""
        scope, work_unit = self.workqueue.popitem(last=False)
        self.assigned_work.setdefault(node, {})[scope] = work_unit
        places = self._places_in(node)
        node.send_runtest_some([places[nodeid] for nodeid, completed in work_unit.items()
                                if not completed])

    def _places_in(self, node) -> dict[str, int]:
        """Each test's place in the worker's collection (its first, as list.index gives)."""
        if node not in self._places:
            places: dict[str, int] = {}
            for place, nodeid in enumerate(self.registered_collections[node]):
                places.setdefault(nodeid, place)
            self._places[node] = places
        return self._places[node]
