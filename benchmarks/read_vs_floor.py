r"""Benchmark: ``attn.read(Q, K, V).output`` against the bare numpy floor.

The floor is the least numpy can do for attention, with no checks at all::

    S = Q @ K.swapaxes(-1, -2)
    S -= S.max(-1, keepdims=True); np.exp(S, out=S); S /= S.sum(-1, keepdims=True)
    Y = S @ V

For each case it measures

* wall time: the median of repeated single calls, floor and read interleaved (and their
  order alternated) so that machine noise hits both, and the ratio read/floor;
* memory: the peak of one call as seen by ``tracemalloc`` (numpy reports its array
  allocations to it), counted above what the inputs already use, and the ratio read/floor.

Before timing, read's output is checked against the floor's with ``np.allclose``.

Cases: (a) B=8, H=12, n_q=n_k=512, d=64 in float32, (b) the same in float64, and
(c) long cross-attention n_q=64, n_k=65536, d=64 with no batch axes, in float32 and float64.

Run it with ``make bench`` or ``.venv/bin/python benchmarks/read_vs_floor.py``
(``--quick`` for fewer repeats). It is a report, not a test: the exit code is 0 whatever
the goals' verdicts (time within 1.10x the floor, peak memory no more than the floor's).
``tracemalloc`` also counts Python objects, so the memory goal allows read a fixed 16 KiB
more than the floor for its ``Reading`` and bookkeeping; any extra array is far larger.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import timeit
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

import attn

FloatArray = NDArray[np.floating]
Attention = Callable[[FloatArray, FloatArray, FloatArray], FloatArray]

TIME_GOAL = 1.10
MIB = 1024 * 1024
KIB = 1024
# tracemalloc also counts Python objects (the Reading, frames, small tuples): a few KiB that
# do not grow with the inputs. The memory goal is about arrays, so that much excess is allowed.
OBJECT_ALLOWANCE = 16 * KIB


@dataclass(frozen=True)
class Case:
    """One benchmark shape: ``Q`` is ``q_shape``, ``K`` and ``V`` are ``kv_shape``."""

    label: str
    q_shape: tuple[int, ...]
    kv_shape: tuple[int, ...]
    dtype: type[np.floating]
    repeats: int
    quick_repeats: int


@dataclass(frozen=True)
class Result:
    """What was measured for one case."""

    case: Case
    repeats: int
    close: bool
    floor_s: float
    read_s: float
    floor_peak: int
    read_peak: int
    input_bytes: int

    @property
    def time_ratio(self) -> float:
        return self.read_s / self.floor_s

    @property
    def memory_ratio(self) -> float:
        return self.read_peak / self.floor_peak

    @property
    def memory_excess(self) -> int:
        return self.read_peak - self.floor_peak


CASES = (
    Case("(a) B=8 H=12 n=512 d=64", (8, 12, 512, 64), (8, 12, 512, 64), np.float32, 25, 5),
    Case("(b) B=8 H=12 n=512 d=64", (8, 12, 512, 64), (8, 12, 512, 64), np.float64, 25, 5),
    Case("(c) n_q=64 n_k=65536 d=64", (64, 64), (65536, 64), np.float32, 51, 9),
    Case("(c) n_q=64 n_k=65536 d=64", (64, 64), (65536, 64), np.float64, 51, 9),
)


def floor(Q: FloatArray, K: FloatArray, V: FloatArray) -> FloatArray:
    """The bare numpy attention: matmul, softmax in place, matmul; no checks."""
    S = Q @ K.swapaxes(-1, -2)
    S -= S.max(-1, keepdims=True)
    np.exp(S, out=S)
    S /= S.sum(-1, keepdims=True)
    return S @ V


def read(Q: FloatArray, K: FloatArray, V: FloatArray) -> FloatArray:
    """``attn.read`` with its defaults (``scale=1.0``, no mask), keeping only the output."""
    return attn.read(Q, K, V).output


def make_inputs(case: Case, seed: int = 0) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Standard-normal ``Q``, ``K``, ``V`` of the case's shapes and dtype."""
    rng = np.random.default_rng(seed)
    Q = rng.standard_normal(case.q_shape, dtype=case.dtype)
    K = rng.standard_normal(case.kv_shape, dtype=case.dtype)
    V = rng.standard_normal(case.kv_shape, dtype=case.dtype)
    return Q, K, V


def time_interleaved(
    Q: FloatArray, K: FloatArray, V: FloatArray, repeats: int
) -> tuple[list[float], list[float]]:
    """Time single calls of floor and read, alternating which runs first in each round."""
    timers = {
        "floor": timeit.Timer(lambda: floor(Q, K, V)),
        "read": timeit.Timer(lambda: read(Q, K, V)),
    }
    for timer in timers.values():  # warm up: BLAS threads, page faults, caches
        timer.timeit(number=1)
    times: dict[str, list[float]] = {"floor": [], "read": []}
    order = ["floor", "read"]
    for _ in range(repeats):
        for name in order:
            times[name].append(timers[name].timeit(number=1))
        order.reverse()
    return times["floor"], times["read"]


def peak_bytes(fn: Attention, Q: FloatArray, K: FloatArray, V: FloatArray) -> int:
    """Peak traced memory of one call of ``fn``, above what was allocated before it."""
    gc.collect()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before, _ = tracemalloc.get_traced_memory()
        result = fn(Q, K, V)
        _, peak = tracemalloc.get_traced_memory()
        del result
    finally:
        tracemalloc.stop()
    return peak - before


def run_case(case: Case, quick: bool) -> Result:
    """Check, time and measure one case."""
    Q, K, V = make_inputs(case)
    close = bool(np.allclose(read(Q, K, V), floor(Q, K, V)))
    repeats = case.quick_repeats if quick else case.repeats
    floor_times, read_times = time_interleaved(Q, K, V, repeats)
    return Result(
        case=case,
        repeats=repeats,
        close=close,
        floor_s=statistics.median(floor_times),
        read_s=statistics.median(read_times),
        floor_peak=peak_bytes(floor, Q, K, V),
        read_peak=peak_bytes(read, Q, K, V),
        input_bytes=Q.nbytes + K.nbytes + V.nbytes,
    )


def blas_name() -> str:
    """The BLAS numpy was built against, as ``np.show_config`` reports it."""
    try:
        config = np.show_config(mode="dicts")
        blas = config["Build Dependencies"]["blas"]
        return f"{blas['name']} {blas.get('version', '')}".strip()
    except Exception:  # only a header detail: never let it stop the report
        return "unknown"


def print_header(quick: bool) -> None:
    print("attn.read(Q, K, V).output vs the bare numpy floor (matmul, softmax in place, matmul)")
    print(
        f"python {platform.python_version()}  numpy {np.__version__}  attn {attn.__version__}"
        f"  BLAS {blas_name()}"
    )
    print(
        f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE')}  cpus={os.cpu_count()}"
        f"  machine={platform.machine()}  mode={'quick' if quick else 'full'}"
    )
    print()


def print_table(results: list[Result]) -> None:
    headers = (
        "case",
        "dtype",
        "reps",
        "close",
        "floor ms",
        "read ms",
        "time x",
        "inputs MiB",
        "floor peak MiB",
        "read peak MiB",
        "mem x",
        "excess KiB",
    )
    rows = [
        (
            r.case.label,
            np.dtype(r.case.dtype).name,
            str(r.repeats),
            "yes" if r.close else "NO",
            f"{r.floor_s * 1e3:.1f}",
            f"{r.read_s * 1e3:.1f}",
            f"{r.time_ratio:.3f}",
            f"{r.input_bytes / MIB:.1f}",
            f"{r.floor_peak / MIB:.2f}",
            f"{r.read_peak / MIB:.2f}",
            f"{r.memory_ratio:.3f}",
            f"{r.memory_excess / KIB:+.1f}",
        )
        for r in results
    ]
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(headers)]

    def line(cells: tuple[str, ...]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
        return "  ".join((first, *rest))

    print(line(headers))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))
    print()
    print("times: medians of single calls, floor and read interleaved; time x = read/floor")
    print("peaks: one call, above the inputs (tracemalloc); excess = read peak - floor peak")


def print_verdicts(results: list[Result]) -> None:
    worst_time = max(r.time_ratio for r in results)
    worst_memory = max(r.memory_ratio for r in results)
    worst_excess = max(r.memory_excess for r in results)
    time_ok = worst_time <= TIME_GOAL
    memory_ok = worst_excess <= OBJECT_ALLOWANCE
    if not all(r.close for r in results):
        print("WARNING: read's output differs from the floor's (np.allclose) in some case")
    print(
        f"time goal (<= {TIME_GOAL:.2f}x floor): {'PASS' if time_ok else 'FAIL'}"
        f" (worst ratio {worst_time:.3f}x)"
    )
    print(
        f"memory goal (<= floor peak): {'PASS' if memory_ok else 'FAIL'}"
        f" (worst ratio {worst_memory:.3f}x, worst excess {worst_excess / KIB:+.1f} KiB;"
        f" {OBJECT_ALLOWANCE // KIB} KiB allowed for Python objects)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="run fewer repeats")
    args = parser.parse_args(argv)

    print_header(args.quick)
    results = []
    for case in CASES:
        print(f"running {case.label} {np.dtype(case.dtype).name} ...", flush=True)
        results.append(run_case(case, args.quick))
    print()
    print_table(results)
    print_verdicts(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
