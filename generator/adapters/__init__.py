"""Front ends that hand :func:`generator.build.build_site` to a site engine: the MkDocs plugin."""
