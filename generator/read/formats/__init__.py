"""Readers of benchmark tools' own result files, one module per format.

Every module here is imported the first time a run file is read; each
registers its reader(s) with :func:`generator.read.runs.register`. Adding a
format is one new module in this folder, nothing else. ``workload.py`` holds the set-up
facts runs are compared by, which the record format also reads.
"""
