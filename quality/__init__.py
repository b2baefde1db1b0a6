"""Quality gates for the built site: page discovery, link and anchor checks, HTML validity, colour contrast.

The modules here read a built site (a folder of HTML) and report problems as plain strings, so the test
suite, the benchmark script and the screenshot command share one implementation. None imports MkDocs.
"""
