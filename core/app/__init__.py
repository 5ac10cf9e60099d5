"""The programs: command line, JSON API, batches and the self-test."""
