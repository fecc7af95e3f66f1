"""Studying a course: exact par (the optimal expected number of turns for one boat) and the
perfect bot that plays it.

The rooms: :mod:`.dice` (the dice steps and rolls as small matrices, read off the kernel),
:mod:`.space` (the states of one boat alone: places, rounding states, damage, dice),
:mod:`.transitions` (what every move does, precomputed from the kernel's ``apply``),
:mod:`.solve` (value iteration in numpy), :mod:`.par` (the public API: :func:`~.par.par_for`),
:mod:`.bot` (the perfect bot) and :mod:`.greedy` (a simple greedy bot to compare with).
The model and its assumptions: docs/par.md; rulings PAR-01..PAR-05 in docs/rulings.md.
"""
