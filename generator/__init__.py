"""Decision-guide site generator: load -> validate -> derive -> render.

The core never imports MkDocs; :mod:`generator.adapters.mkdocs_plugin` is a thin adapter.
"""

#: The engine's version (the distribution ``decision-guide-engine``): the major number changes when a guide's
#: data needs ``python -m generator migrate`` or ``guide.json`` changes a field (README, "Versions").
__version__ = "0.2.0"
