"""Fault-injection and fuzzing runs (`make faults`); slow, not part of the default test run."""
