"""Prices of an option over a term, and the cost of what it produces."""
