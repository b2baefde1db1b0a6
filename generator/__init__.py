"""Decision-guide site generator: load -> validate -> derive -> render.

The core never imports MkDocs; :mod:`generator.adapters.mkdocs_plugin` is a thin adapter.
"""
