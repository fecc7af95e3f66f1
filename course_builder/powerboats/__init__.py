"""Powerboats (Cwali, 2008) and its Expansion 1: board, courses and rules."""
