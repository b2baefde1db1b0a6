/* Runs the "Your numbers" script's judging over a batch of cases, for tests/test_yours_parity.py.

   node tests/yours_runner.js <script> <cases.json>: each case is {guide, state}; prints one result per
   case: the ratios as printed with their verdicts, every matrix cell, and the flips. */
"use strict";
const fs = require("fs");
const path = require("path");

const core = require(path.resolve(process.argv[2]));
const cases = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));

function verdict(v) {
  return v ? [v.level, v.word, v.symbol] : null;
}

const out = cases.map(({ guide, state }) => {
  const r = core.derive(guide, state);
  const ratios = {};
  for (const t of Object.keys(r.ratios)) {
    ratios[t] = r.ratios[t].map((rows) => rows.map((rc) => [rc.text, verdict(rc.verdict), rc.confidence || null]));
  }
  const cells = {};
  for (const o of guide.options) {
    cells[o.id] = r.cells[o.id].map((c) => ({
      verdict: verdict(c.verdict),
      value: c.value === null || c.value === undefined ? null : core.fixed(c.value, 4),
      detail: c.detail,
      summary: c.summary,
      parts: (c.parts || []).map((p) => [verdict(p.verdict), p.regimes.map((g) => g.name)]),
    }));
  }
  const flips = r.flips.map((f) => [f.option, f.column, verdict(f.before), verdict(f.after), f.ratio]);
  return { ratios, cells, flips };
});
process.stdout.write(JSON.stringify(out));
