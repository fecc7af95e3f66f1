"""Studying courses and play: bots, simulation and statistics, the course atlas, and exact par.

* Bots and simulation (docs/simulation.md; SIM-01..SIM-04): :mod:`.bots` (random, greedy,
  cautious, lookahead), :mod:`.guide` (the fewest moves home the greedy bots steer by),
  :mod:`.simulate` (seeded races and games), :mod:`.stats`, :mod:`.runner` (local processes or a
  Dask cluster), :mod:`.atlas`.
* Exact par (docs/par.md; PAR-01..PAR-05): :mod:`.dice` (the dice steps and rolls as small
  matrices, read off the kernel), :mod:`.space` (the states of one boat alone), :mod:`.transitions`
  (what every move does, precomputed from the kernel's ``apply``), :mod:`.distance` (the lower
  bound the solver starts from), :mod:`.solve` (value iteration in numpy), :mod:`.par` (the public
  API: :func:`~.par.par_for`), :mod:`.perfect` (the perfect bot and single-boat races).
"""
