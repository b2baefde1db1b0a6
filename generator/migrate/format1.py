"""The words of the first release's data format (format 1) that the engine no longer uses.

Format 1 named its first guide's topic in field names: a campaign's set-up had fixed fields for the
machine, its network and the model, and an option listed where it runs under a topic word. Format 2
replaced them with topic-free fields (labelled facts, ``platforms``). This module keeps those old
names, and the labels the first release's methodology page printed for them, so that
``python -m generator migrate`` can read such a guide; it is the one place in the engine that names
them (``tests/test_topic_free.py`` leaves it out, as it leaves out the readers of a named tool's output).
"""

from __future__ import annotations

#: The campaign's fixed set-up mapping and its required fields.
CAMPAIGN_HARDWARE = "hardware"
HARDWARE_FIELDS = ("instance", "nodes", "nics_per_node", "fabric")
#: The optional field of that mapping.
HARDWARE_GPUS = "gpus_per_node"
#: The campaign's two other set-up fields, each with the label its row had on the methodology page.
CAMPAIGN_TEXT_FIELDS = (("model", "Model"), ("parallelism", "Parallelism"))


def hardware_facts(hw: dict[str, object]) -> list[tuple[str, str]]:
    """The set-up rows the first release's methodology page printed from the fixed mapping, as (label, value)."""
    rows = [
        ("Hardware", f"{hw['nodes']}× {hw['instance']}"),
        ("Fabric", f"{hw['fabric']}, {hw['nics_per_node']} NICs per node"),
    ]
    if hw.get(HARDWARE_GPUS):
        rows.append(("GPUs per node", str(hw[HARDWARE_GPUS])))
    return rows


#: An option's list of where it runs, and a decision filter's kind that read it (both now ``platform(s)``).
OPTION_WHERE = "fabric"
FILTER_KIND = "fabric"
