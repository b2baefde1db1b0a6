"""Benchmark of the decision-guide generator: its cost on top of MkDocs, and how it scales."""
