"""course_builder: set up and referee hex-board games (Powerboats first).

The hex core lives in :mod:`course_builder.core.hexgrid`; each game has its own package
(:mod:`course_builder.powerboats`); rendering and the command line sit at the edge.
"""

__version__ = "0.1.0"
