"""SE ratings at the top of the scale and on SE 1.2.1's scale, against Sudoku Explainer.

Part 1 rates puzzles of the forum's hardest database (se_hardest.txt, published ER/EP/ED
9.7-11.9) on the default scale and on SE 1.2.1's, with a work budget, and prints per ER
band the exact ER share, within 0.1, EP and ED agreement, bounds, and CPU seconds per
puzzle (median and worst); with --serate, each puzzle is also rated by a Sudoku Explainer
serate the user built (a command, e.g. "java -Xmx6g -cp /tmp/se/classes
diuf.sudoku.test.serate --threads=1"), CPU time of its process, in the same run.
Part 2 (--ser FILE) rates puzzles rated by SE 1.2.1 (LABEL PUZZLE SER lines, such as the
Controlled-bias collection's) on --scale 1.2.1 and prints the exact share by SER band.
"""

from __future__ import annotations

import argparse
import resource
import shlex
import statistics
import subprocess
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

import timing  # also puts this checkout's bookmaker first on sys.path

from bookmaker.core import compiled
from bookmaker.core.board.grid import parse_grid
from bookmaker.core.rating import rater
from bookmaker.core.rating.hints import Budget, tenths_text
from bookmaker.core.rating.rater import rate
from bookmaker.core.rating.scales import RATER_VERSION

SWAPPED = {"HardestSudokusThread-00251", "HardestSudokusThread-00253"}  # EP and ED swapped
BANDS = ((0, 94, "<9.5"), (95, 99, "9.5-9.9"), (100, 104, "10.0-10.4"), (105, 109, "10.5-10.9"),
         (110, 114, "11.0-11.4"), (115, 200, "11.5-11.9"))


def tenths(text: str) -> int:
    return round(float(text) * 10)


def read_hardest(limit: int | None, every: int = 1, start: int = 0) -> list[tuple]:
    """(label, puzzle, ER, EP, ED in tenths) by ER ascending: every `every`th from `start`,
    then evenly spaced when limited."""
    records = []
    for line in timing.data_file("se_hardest.txt").read_text().splitlines():
        if line.strip():
            label, puzzle, er, *rest = line.split()
            ep, ed = (tenths(v) for v in rest) if len(rest) == 2 else (None, None)
            if label in SWAPPED:
                ep, ed = ed, ep
            records.append((label, puzzle, tenths(er), ep, ed))
    records.sort(key=lambda r: r[2])
    records = records[start::every]
    if limit is None or limit >= len(records):
        return records
    step = len(records) / limit
    return [records[int(i * step)] for i in range(limit)]


class _Counted(Budget):
    """The rater's Budget, remembering the last one made: the work units a rating spent."""

    last: Budget | None = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _Counted.last = self


rater.Budget = _Counted   # type: ignore[misc]


def rate_one(job: tuple) -> tuple:
    """(ours: er, ep, ed, bound?, hardest, CPU s, wall s, work units) for one puzzle."""
    puzzle, budget, scale = job
    start, wall = time.process_time(), time.perf_counter()
    rating = rate(parse_grid(puzzle), budget, scale=scale)
    spent, wall = time.process_time() - start, time.perf_counter() - wall
    hardest = next((s.name for s in rating.steps if s.rating == rating.er), rating.reason)
    units = _Counted.last.spent if _Counted.last is not None else 0
    return rating.er, rating.ep, rating.ed, rating.lower_bound, hardest, spent, wall, units


def serate_one(command: str, puzzle: str, timeout: float) -> tuple:
    """(er, ep, ed in tenths or None, CPU s) from serate run on one puzzle."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run(shlex.split(command) + ["--format=%r/%p/%d", puzzle], text=True,
                             capture_output=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        out = ""
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    line = next((s for s in out.splitlines() if s.count("/") == 2), None)
    if line is None:
        return None, None, None, spent
    er, ep, ed = (tenths(v) for v in line.split()[0].split("/"))
    return er, ep, ed, spent


def seconds(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.1f} / {max(values):.1f}"


def band_rows(rows: list[tuple]) -> list[list[str]]:
    """Per band of the published ER: count, exact ER, within 0.1, EP, ED, bounds, times."""
    by_band = defaultdict(list)
    for row in rows:
        band = next(name for low, high, name in BANDS if low <= row[1][0] <= high)
        by_band[band].append(row)
    table = []
    for _, _, name in BANDS + ((0, 0, "all"),):
        group = rows if name == "all" else by_band.get(name, [])
        if not group:
            continue
        count = len(group)
        exact = sum(not ours[3] and ours[0] == se[0] for _, se, ours, _ in group)
        near = sum(not ours[3] and abs(ours[0] - se[0]) <= 1 for _, se, ours, _ in group)
        known = sum(se[1] is not None for _, se, _, _ in group) or 1
        ep = sum(not ours[3] and ours[1] == se[1] for _, se, ours, _ in group)
        ed = sum(not ours[3] and ours[2] == se[2] for _, se, ours, _ in group)
        bounds = sum(ours[3] for _, _, ours, _ in group)
        theirs = [s[3] for _, _, _, s in group if s is not None]
        table.append([name, str(count), f"{exact / count:.0%}", f"{near / count:.0%}",
                      f"{ep / known:.0%}", f"{ed / known:.0%}", str(bounds),
                      seconds([ours[5] for _, _, ours, _ in group]), seconds(theirs)])
    return table


def rated(jobs: list[tuple], workers: int):
    """rate_one of every job, in order, as each is done (in this process for one worker)."""
    if workers == 1:
        yield from map(rate_one, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(rate_one, jobs)


def hardest_part(args) -> None:
    records = read_hardest(args.limit, args.every, args.start)
    print(f"{len(records)} puzzles (every {args.every} from {args.start} by published ER), "
          f"budget {args.budget:,} units a puzzle, scale {args.scale}, core "
          f"{compiled.description()}", flush=True)
    jobs = [(puzzle, args.budget, args.scale) for _, puzzle, *_ in records]
    rows = []
    for index, (record, mine) in enumerate(zip(records, rated(jobs, args.jobs))):
        label, puzzle, er, ep, ed = record
        theirs = (serate_one(args.serate, puzzle, args.serate_timeout)
                  if args.serate and index % args.serate_every == 0 else None)
        rows.append((label, (er, ep, ed), mine, theirs))
        said = "" if theirs is None else (
            f" serate {'/'.join(tenths_text(v) if v else '?' for v in theirs[:3])} "
            f"{theirs[3]:.1f}s")
        published = "/".join(tenths_text(v) if v else "?" for v in (er, ep, ed))
        print(f"  {label} SE {published} ours "
              f"{'>=' if mine[3] else ''}{tenths_text(mine[0])}/{tenths_text(mine[1])}/"
              f"{tenths_text(mine[2])} {mine[4]} {mine[5]:.1f}s CPU {mine[6]:.1f}s wall "
              f"{mine[7]:,} units{said}",
              flush=True)
    print(f"\nse_hardest, scale {args.scale}, budget {args.budget:,} units, published ER "
          f"bands (EP/ED of 00251 and 00253 swapped back):")
    print(timing.markdown_table(
        ["ER band", "puzzles", "exact ER", "within 0.1", "EP same", "ED same", "bounds",
         "ours s (median / worst)", "serate s (median / worst)"], band_rows(rows)))


def ser_part(args) -> None:
    records = [line.split()[:3] for line in open(args.ser) if line.strip()
               and not line.startswith("#")]
    jobs = [(puzzle, args.budget, "1.2.1") for _, puzzle, _ in records]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        ours = list(pool.map(rate_one, jobs))
    by_band: defaultdict[str, list[int]] = defaultdict(lambda: [0, 0])
    for (label, puzzle, ser), mine in zip(records, ours):
        band = f"{int(float(ser))}.x"
        same = not mine[3] and mine[0] == tenths(ser)
        by_band[band][0] += 1
        by_band[band][1] += same
        if not same:
            print(f"  {label} {puzzle} SE 1.2.1 {ser} ours {'>=' if mine[3] else ''}"
                  f"{tenths_text(mine[0])} {mine[4]}")
    total = [sum(v[0] for v in by_band.values()), sum(v[1] for v in by_band.values())]
    rows = [[band, str(n), f"{same / n:.1%}"] for band, (n, same) in sorted(by_band.items())]
    rows.append(["all", str(total[0]), f"{total[1] / total[0]:.1%}"])
    print(f"\n{args.ser}: ER on --scale 1.2.1 against SE 1.2.1's, by SER band")
    print(timing.markdown_table(["SER", "puzzles", "exact ER"], rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, help="hardest puzzles (evenly spaced by ER)")
    parser.add_argument("--every", type=int, default=1, help="every Nth puzzle by ER")
    parser.add_argument("--start", type=int, default=0, help="the first of them (0-based)")
    parser.add_argument("--budget", type=int, default=10 ** 9, help="work units per puzzle")
    parser.add_argument("--scale", default="sukaku", choices=("sukaku", "1.2.1"))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--serate", help="command running a serate build, timed beside ours")
    parser.add_argument("--serate-timeout", type=float, default=3600)
    parser.add_argument("--serate-every", type=int, default=1,
                        help="run serate on every Nth puzzle rated only")
    parser.add_argument("--ser", help="LABEL PUZZLE SER file for the 1.2.1 part")
    parser.add_argument("--no-hardest", action="store_true")
    args = parser.parse_args()
    print(timing.machine(), f"rater {RATER_VERSION}")
    if not args.no_hardest:
        hardest_part(args)
    if args.ser:
        ser_part(args)


if __name__ == "__main__":
    main()
