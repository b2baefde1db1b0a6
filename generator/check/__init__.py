"""Stage 2: every problem in the data, in one run: the schema check, then one module per cross-record rule."""
