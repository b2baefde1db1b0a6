"""The rule registry: every cross-record rule, one module each under :mod:`generator.check.rules`.

A rule is a small pure function from :class:`~generator.model.Data` to a list of
problems. :func:`run_checks` runs all of them; a rule that crashes is reported
as a failure of that rule, never as a traceback. To add a rule, write a module in
``rules/`` with one function and list it here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from generator.check.rules import (
    bands_descend,
    baseline_columns,
    best_within_a_campaign,
    claim_references,
    claims_within_a_campaign,
    comparisons_within_a_campaign,
    decision_coverage,
    decision_picks_allowed,
    decision_references,
    decision_scopes,
    declared_orders,
    envelope_values,
    judgements_look_like_judgements,
    levels_complete,
    noise_rules,
    option_file_names,
    option_references,
    order_lists_every_option,
    prose_references,
    recommendation_references,
    runs_enough,
    setup_components,
    setup_keys_declared,
    stated_verdicts_cite_the_source,
    statement_references,
    sweeps_state_their_loads,
    table_references,
    tables_within_size,
    typed_values_match_their_quotes,
    unique_ids,
)
from generator.errors import Problem
from generator.model import Data

Check = Callable[[Data], list[Problem]]

#: Rules on the records of any guide, in the order their problems are listed.
CHECKS: list[Check] = [
    unique_ids.unique_ids,
    option_file_names.option_file_names,
    order_lists_every_option.order_lists_every_option,
    declared_orders.declared_orders,
    levels_complete.levels_complete,
    judgements_look_like_judgements.judgements_look_like_judgements,
    stated_verdicts_cite_the_source.stated_verdicts_cite_the_source,
    bands_descend.bands_descend,
    baseline_columns.baseline_columns,
    option_references.option_references,
    table_references.table_references,
    claim_references.claim_references,
    statement_references.statement_references,
    recommendation_references.recommendation_references,
    prose_references.prose_references,
    comparisons_within_a_campaign.comparisons_within_a_campaign,
    claims_within_a_campaign.claims_within_a_campaign,
    best_within_a_campaign.best_within_a_campaign,
    runs_enough.runs_enough,
    typed_values_match_their_quotes.typed_values_match_their_quotes,
    setup_components.setup_components,
    envelope_values.envelope_values,
    decision_scopes.decision_scopes,
    setup_keys_declared.setup_keys_declared,
    noise_rules.noise_rules,
    tables_within_size.tables_within_size,
    sweeps_state_their_loads.sweeps_state_their_loads,
]

#: Rules on ``decisions.yml``; the three that evaluate the rules run only once its references are sound.
DECISION_CHECKS: list[Check] = [
    decision_references.decision_references,
    decision_coverage.decision_coverage,
    decision_picks_allowed.decision_picks_allowed,
]


def run_checks(data: Data, checks: Iterable[Check] | None = None) -> list[Problem]:
    """Run ``checks`` (default: :data:`CHECKS`) and collect every problem."""
    problems: list[Problem] = []
    for check in CHECKS if checks is None else checks:
        try:
            problems += check(data)
        except Exception as exc:  # noqa: BLE001 - a broken check is reported, not raised
            problems.append(Problem("(generator)", 0, check.__name__, f"check crashed: {exc!r}"))
    return problems
