"""Stage 2: every problem in the data, in one run: the schema check, then one module per cross-record rule.

A record that fails its schema check is salvaged without its failing parts (:mod:`.salvage`) so that its
unknown references are reported in the same run (:mod:`.partial`).
"""
