"""Which measured tables each option has a series in, and who owns each series; built once per guide."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator import schema
from generator.derive.evidence import Key, Sample
from generator.model import Data, measurement_tables


@dataclass
class TableIndex:
    """Which measured tables an option has a series in, and who owns each series; built once.

    Without it every matrix cell would scan every table: quadratic in the size of the guide.
    """

    by_option: dict[str, list[schema.MeasurementTable]]
    owners: dict[str, dict[str, str | None]]
    samples: dict[Key, Sample] = field(default_factory=dict)

    @classmethod
    def of(cls, data: Data, found: dict[Key, Sample]) -> TableIndex:
        by_option: dict[str, list[schema.MeasurementTable]] = {}
        owners: dict[str, dict[str, str | None]] = {}
        for t in measurement_tables(data):
            owners[t.id] = {s.id: s.option for s in t.series}
            for owner in dict.fromkeys(s.option for s in t.series if s.option):
                by_option.setdefault(owner, []).append(t)
        return cls(by_option, owners, found)

    def tagged(self, option: str, tag: str) -> list[schema.MeasurementTable]:
        """Tables carrying ``tag`` in which ``option`` owns a series, in data order."""
        return [t for t in self.by_option.get(option, []) if tag in t.tags]
