"""The migration steps: one small pure function per change of the data format, data -> data.

A step takes every data file of a guide (:data:`Files`: path under the data folder -> the file's
round-trip YAML tree) and returns a new set of files (the input is never changed), what it changed,
and what it cannot decide without the author. It changes only what is written in the old shape, so
running it on data already in the new shape changes nothing. :data:`STEPS` lists, per format, the
steps that take a guide from it to the next one; ``python -m generator migrate`` runs them in order.

Format 1 is the first release's (commit 8761413) and every guide that states no ``format:``; the
changes that broke it came in before the format had a number, so all of them lead to format 2. Each
step's docstring names the commit that changed the format. A step never invents data: where the new
format asks for something the old data does not say (a quote of the source, a note saying what
failed), it gives the nearest reading the new format allows without it and says so, or it lists
the question for the author.
"""

from __future__ import annotations

from generator.migrate.step_base import Step
from generator.migrate.steps_shape import (
    campaign_environment,
    every_support_status,
    negative_support_says_why,
    one_precision_per_table,
    option_platforms,
    regimes_split_or_worst,
)
from generator.migrate.steps_sources import (
    answer_first,
    attribute_verdicts_cite_the_source,
    judgements_cite_the_source,
    typed_values_against_their_quotes,
    visible_text,
)

#: The steps ``migrate --cite-later`` runs instead: a value that cites no source is kept and marked uncited.
CITE_LATER: dict[Step, Step] = {
    attribute_verdicts_cite_the_source: lambda files: attribute_verdicts_cite_the_source(files, cite_later=True),
}

#: Per format, the steps that take a guide from it to the next format, in order.
STEPS: dict[int, list[Step]] = {
    1: [
        campaign_environment,
        option_platforms,
        one_precision_per_table,
        regimes_split_or_worst,
        every_support_status,
        negative_support_says_why,
        judgements_cite_the_source,
        attribute_verdicts_cite_the_source,
        answer_first,
        visible_text,
    ],
    2: [typed_values_against_their_quotes],
}
