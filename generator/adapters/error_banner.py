"""What an author sees while ``mkdocs serve`` runs on broken data: a banner on every page.

The pages keep showing the last good data; the banner lists each problem as
``file:line``, field and message, escaped (a message quotes the author's text,
which may hold markup). ``role="alert"`` makes screen readers announce it; the
``admonition failure`` classes give it Material's red call-out style, and
``dg-data-errors`` lets the site's CSS adjust it.
"""

from __future__ import annotations

from markupsafe import Markup

from generator.errors import Problem


def _where(problem: Problem, prefix: str) -> str:
    return problem.where(prefix)


def banner(problems: list[Problem], prefix: str = "") -> Markup:
    """The banner for ``problems``; ``prefix`` is put before file names (``data/``)."""
    count = len(problems)
    items = Markup("").join(
        Markup("<li><code>{}</code>{} {}</li>").format(
            _where(p, prefix),
            Markup(" <code>{}</code>:").format(p.field) if p.field else Markup(":"),
            p.message,
        )
        for p in problems
    )
    return Markup(
        '<div class="dg-data-errors admonition failure" role="alert" aria-labelledby="dg-data-errors-title">\n'
        '<p class="admonition-title" id="dg-data-errors-title">The guide data has {} problem{}: '
        "these pages show the last data that was valid</p>\n"
        "<ul>{}</ul>\n"
        "<p>Fix the files and save; this message goes away with the next build.</p>\n"
        "</div>\n"
    ).format(count, "" if count == 1 else "s", items)


def console(problems: list[Problem], prefix: str = "") -> str:
    """The same list for the terminal, one problem a line."""
    count = len(problems)
    head = f"{count} problem{'' if count == 1 else 's'} in the guide data; showing the last good pages with a banner:"
    return "\n".join([head, *(f"  {p.text(prefix)}" for p in problems)])


def refusal(problems: list[Problem]) -> Markup:
    """What ``mkdocs serve`` shows above a hand-written page the allow-lists refuse (the page below is cleaned)."""
    items = Markup("").join(
        Markup("<li><code>{}</code>{} {}</li>").format(
            p.where(), Markup(" <code>{}</code>:").format(p.field) if p.field else Markup(":"), p.message
        )
        for p in problems
    )
    return Markup(
        '<div class="dg-data-errors admonition failure" role="alert" aria-labelledby="dg-page-refused-title">\n'
        '<p class="admonition-title" id="dg-page-refused-title">This page cannot be published as written: '
        "what is listed was removed from it below</p>\n"
        "<ul>{}</ul>\n"
        "</div>\n"
    ).format(items)


def pages_banner(problems: list[Problem]) -> Markup:
    """The banner ``mkdocs serve`` puts on every page while hand-written pages cannot be published.

    A page the engine cannot render shows the last version that rendered; a page that clashes with
    a generated one is left out, and the generated page is shown.
    """
    count = len(problems)
    items = Markup("").join(
        Markup("<li><code>{}</code>: {}</li>").format(p.where(), p.message) for p in sorted(problems)
    )
    return Markup(
        '<div class="dg-data-errors admonition failure" role="alert" aria-labelledby="dg-page-errors-title">\n'
        '<p class="admonition-title" id="dg-page-errors-title">{} hand-written file{} cannot be published: '
        "the site shows the last version that could be</p>\n"
        "<ul>{}</ul>\n"
        "<p>Fix the files and save; this message goes away with the next build.</p>\n"
        "</div>\n"
    ).format(count, "" if count == 1 else "s", items)


def describe_pages(problems: list[Problem], live: bool) -> str:
    """The same list for the terminal, one problem a line."""
    count = len(problems)
    tail = "showing the last version that could be, with a banner" if live else "nothing was published"
    head = f"{count} hand-written file{'' if count == 1 else 's'} cannot be published; {tail}:"
    return "\n".join([head, *(f"  {p}" for p in sorted(problems))])
