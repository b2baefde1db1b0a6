"""Benchmark scripts: they print figures and are run by hand (`make bench`), never as timed tests."""
