"""What the PyTorch baselines of the decode benchmarks share (bench/torch_decode.py,
bench/torch_tp_decode.py): tokens timed with CUDA events, a step captured once as a
torch.cuda.CUDAGraph whose position one fill kernel updates per token, and a step timed
eagerly and replayed, median of rounds with the two taking turns."""
import torch


def median(values):
    return sorted(values)[len(values) // 2]


def us_per_token(run, steps, barrier=None):
    """Device time of `steps` tokens, run(pos) each, in us/token (CUDA events); `barrier`,
    when given, is called first (the ranks of a distributed step start together)."""
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    if barrier is not None:
        barrier()
    torch.cuda.synchronize()
    start.record()
    for pos in range(steps):
        run(pos)
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) * 1e3 / steps


def captured(step_on, device=None):
    """step_on(pos_dev) captured once as a torch.cuda.CUDAGraph, after a warm-up of three
    steps on a side stream as torch.cuda.graphs advises; returns replay(pos), which fills
    pos_dev (one kernel, the per-token update) and replays. pos_dev is a 1-element long tensor
    on `device` (the current one by default)."""
    device = device or torch.device("cuda", torch.cuda.current_device())
    pos_dev = torch.zeros(1, dtype=torch.long, device=device)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            step_on(pos_dev)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        step_on(pos_dev)

    def replay(pos):
        pos_dev.fill_(pos)
        graph.replay()

    replay.graph = graph  # held as long as replay is
    return replay


def eager_and_graph(step, steps, rounds, barrier=None):
    """Median us/token of `step(pos, masked)` run eagerly (pos an int, masked False) and
    captured once (pos a 1-element device tensor, masked True, see captured) then replayed."""
    with torch.no_grad():
        replay = captured(lambda pos_dev: step(pos_dev, True))

        def eager(pos):
            step(pos, False)

        us_per_token(eager, steps, barrier)
        us_per_token(replay, steps, barrier)
        e, g = [], []
        for _ in range(rounds):
            e.append(us_per_token(eager, steps, barrier))
            g.append(us_per_token(replay, steps, barrier))
    return median(e), median(g)
