"""Tournaments: pairing rounds (Swiss, round-robin, rotating partners) and the standings.

Pure computation, as the rest of the engine: entrants are ids, rounds are data
(`rounds.py`), and nothing here knows the web, the database or the reader's language. The
pairings use networkx's matchings (`swiss.py`) and a seeded local search (`rotating.py`).
"""
