#!/usr/bin/env python3
"""What driving graphc from Python costs over its C++ runtime, in one process on one GPU
(issue 37's targets):

  launch cost   a graph of one kernel node launched 20,000 times back to back on one stream,
                then synchronized: us per launch from Python (Instance.launch with the stream
                as an int, with a torch.cuda.Stream, and with None, PyTorch's current
                stream), from C++ (graphc::Instance::launch in a C++ loop over the same
                instance, Instance._native.time_launches), and PyTorch's CUDAGraph.replay()
                of a graph of one kernel (x.add_(1));
  decode        samples/transformer_decode at B = 1: 64 tokens a round, Instance.set("pos",
                p) then launch per token, from Python and from C++'s loop (the same
                instance), us/token.

Median of 5 rounds, the ways taking turns; prints each figure and the ratios. Says so and
exits 0 where graphc's module, a GPU or PyTorch is missing.

    PYTHONPATH=build/python python3 bench/python_overhead.py
"""
import os
import pathlib
import statistics
import sys
import tempfile
import time

try:
    import torch
    import graphc
except ImportError as missing:
    print(f"python_overhead: {missing.name} cannot be imported: skipped")
    sys.exit(0)

if not torch.cuda.is_available():
    print("python_overhead: no CUDA device: skipped")
    sys.exit(0)

LAUNCHES, TOKENS, ROUNDS = 20000, 64, 5
ROOT = pathlib.Path(__file__).resolve().parent.parent

ONE_KERNEL = """module "touch.cu";
graph one {
    buffer x : i32[1] device = fill(0);
    kernel touch : touch<<<1, 32>>>(x);
}
"""
TOUCH = 'extern "C" __global__ void touch(int* x) { if (threadIdx.x == 0) x[0] += 1; }\n'


def per_call(seconds, calls):
    return seconds * 1e6 / calls


def timed(loop):
    start = time.perf_counter()
    loop()
    return time.perf_counter() - start


def launch_cost(folder, stream):
    (folder / "touch.cu").write_text(TOUCH)
    (folder / "one.graph").write_text(ONE_KERNEL)
    instance = graphc.load(folder / "one.graph").instantiate("one")
    handle = stream.cuda_stream

    def python_int():
        for _ in range(LAUNCHES):
            instance.launch(handle)
        instance.synchronize(handle)

    def python_stream():
        for _ in range(LAUNCHES):
            instance.launch(stream)
        instance.synchronize(handle)

    def python_current():
        with torch.cuda.stream(stream):
            for _ in range(LAUNCHES):
                instance.launch()
        instance.synchronize(handle)

    x = torch.zeros(1, dtype=torch.int32, device="cuda")
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        x.add_(1)

    def torch_replay():
        with torch.cuda.stream(stream):
            for _ in range(LAUNCHES):
                graph.replay()
        stream.synchronize()

    ways = {
        "C++ Instance::launch": lambda: instance._native.time_launches(handle, LAUNCHES, ""),
        "Python launch(int)": lambda: timed(python_int),
        "Python launch(torch.cuda.Stream)": lambda: timed(python_stream),
        "Python launch() (current stream)": lambda: timed(python_current),
        "PyTorch CUDAGraph.replay()": lambda: timed(torch_replay),
    }
    times = {name: [] for name in ways}
    for way in ways.values():
        way()  # warm-up
    for _ in range(ROUNDS):
        for name, way in ways.items():
            times[name].append(per_call(way(), LAUNCHES))
    print(f"launch cost, a graph of one kernel node ({LAUNCHES} launches a round, median of {ROUNDS} rounds):")
    cpp = statistics.median(times["C++ Instance::launch"])
    replay = statistics.median(times["PyTorch CUDAGraph.replay()"])
    for name, values in times.items():
        us = statistics.median(values)
        print(f"  {name:34} {us:6.2f} us/launch   - C++ {us - cpp:+5.2f} us   / replay() {us / replay:4.2f}x")
    instance.close()


def decode(stream):
    path = ROOT / "samples" / "transformer_decode" / "transformer_decode.graph"
    instance = graphc.load(path, defines={"B": 1}).instantiate("decode")
    handle = stream.cuda_stream

    def python_tokens():
        for pos in range(TOKENS):
            instance.set("pos", pos)
            instance.launch(handle)
        instance.synchronize(handle)

    ways = {"C++": lambda: instance._native.time_launches(handle, TOKENS, "pos"),
            "Python": lambda: timed(python_tokens)}
    times = {name: [] for name in ways}
    for way in ways.values():
        way()  # warm-up: the first launch writes the parameters
    for _ in range(ROUNDS):
        for name, way in ways.items():
            times[name].append(per_call(way(), TOKENS))
    cpp, python = statistics.median(times["C++"]), statistics.median(times["Python"])
    print(f"transformer_decode B=1 ({TOKENS} tokens a round, set(pos) + launch each, median of {ROUNDS} rounds):")
    print(f"  C++ runtime loop   {cpp:8.1f} us/token")
    print(f"  Python loop        {python:8.1f} us/token   Python / C++ {python / cpp:.3f}x")
    instance.close()


def main():
    torch.backends.cuda.matmul.allow_tf32 = False
    print(f"python_overhead: graphc from Python {sys.version.split()[0]}, PyTorch {torch.__version__}, "
          f"{torch.cuda.get_device_name()}")
    stream = torch.cuda.Stream()
    with tempfile.TemporaryDirectory() as folder:
        launch_cost(pathlib.Path(folder), stream)
    decode(stream)


if __name__ == "__main__":
    os.environ.setdefault("GRAPHC_CACHE_DIR", os.path.join(tempfile.gettempdir(), "graphc-nvrtc-cache"))
    main()
