"""Shared by the benchmark reports: the proxy's log of round trips as one line."""


def merge_runs(parts):
    """'a x2, b' from ['a', 'a', 'b']: equal neighbours merged, order kept."""
    merged = []
    for p in parts:
        if merged and merged[-1][0] == p:
            merged[-1][1] += 1
        else:
            merged.append([p, 1])
    return ", ".join(p if n == 1 else f"{p} x{n}" for p, n in merged)
