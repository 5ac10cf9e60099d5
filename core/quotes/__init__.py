"""Quotes: the priced plan, its snapshot and the limits it was made under."""
