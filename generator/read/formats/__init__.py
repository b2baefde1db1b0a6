"""Readers of benchmark tools' own result files, one module per format.

Every module here is imported the first time a run file is read; each
registers its reader(s) with :func:`generator.read.run_registry.register`. Adding a
format is one new module in this folder, nothing else. The set-up facts runs are compared by are
the record format's (:mod:`generator.workload`); readers state them under those names.
"""
