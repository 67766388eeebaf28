"""Exact enumeration (and, where an exact count would not fit the time budget, seeded
sampling that says so) over deals and draws: Hold'em odds against a Boss, Diablo's draws,
the team's swaps. Written against plain inputs (cards, strengths, counts), never a game's
state; a game's ``questions`` module turns its state into these inputs."""
