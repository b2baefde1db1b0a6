"""One module per cross-record rule; :mod:`generator.check.registry` lists them."""
