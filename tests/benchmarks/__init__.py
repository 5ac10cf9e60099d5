"""Benchmarks run by ``make bench``; each reports its figures as a ratio against a baseline."""
