"""Stage 4: the derived guide as Markdown pages (Jinja templates), charts, prose and the navigation."""
