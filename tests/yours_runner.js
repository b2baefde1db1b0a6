/* Runs the "Your numbers" script's judging over a batch of cases, for tests/test_yours_parity.py.

   node tests/yours_runner.js <script> <cases.json>: each case is {guide, state}; prints one result per
   case: the ratios as printed with their verdicts, every matrix cell (as published and judged for each context), the flips, every quoted ratio's
   text, and the decision helper's answers whose quoted numbers or printed verdicts changed. */
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
  const cellsOf = (got) => {
    const cells = {};
    for (const o of guide.options) {
      cells[o.id] = got.cells[o.id].map((c) => ({
        verdict: verdict(c.verdict),
        value: c.value === null || c.value === undefined ? null : core.fixed(c.value, 4),
        detail: c.detail,
        summary: c.summary,
        parts: (c.parts || []).map((p) => [verdict(p.verdict), p.regimes.map((g) => g.name), p.against || ""]),
        coverage: c.coverage || "",
      }));
    }
    return cells;
  };
  const cells = cellsOf(r);
  // "Judge for": the matrix judged from each context's rows, with the reader's values
  const judged = {};
  for (const c of guide.contexts) judged[c.id] = cellsOf(core.derive(guide, state, c.id));
  const flips = r.flips.map((f) => [f.option, f.column, verdict(f.before), verdict(f.after), f.ratio]);
  const answers = (core.answers(guide, r) || []).map((a) => [
    a.leaf.id,
    a.quotes,
    a.evidence.map((e) => [e.option, e.column, verdict(e.before), verdict(e.after), e.detail_before, e.detail_after]),
  ]);
  return { ratios, cells, judged, flips, claims: r.claims, answers };
});
process.stdout.write(JSON.stringify(out));
