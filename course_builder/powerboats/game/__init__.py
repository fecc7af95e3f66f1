"""Whole games of Powerboats: three races on one lake, the records that keep them and the score.

:mod:`.game` (seats, start placement, the races played move by move through the kernel, damage
carried between races), :mod:`.record` (game records, as PGN is for chess: writing, reading,
replaying), :mod:`.scoring` (victory points and standings) and :mod:`.seeding` (how a seed
starts a game: the start player and the three courses). A single move is the play room's
(:mod:`course_builder.powerboats.play`); this room strings moves into games.
"""
