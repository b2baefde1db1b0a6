/* javascripts/yours.js, part 2 of 8: the evidence of one value, a ratio judged by a column's bands and noise rule,
   and judging(): what each step of derive() reads (the guide with the reader's values).
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of yours/ in order into the javascripts/yours.js the site ships. */
  /* --- the evidence of one value (generator/derive/evidence.py) ------------ */

  // An entry is {nm: true}, {value: x} (runs not listed) or {runs: [...]}.
  function sample(guide, t, entry) {
    if (!entry || entry.nm) return { value: null };
    if (entry.runs) {
      var v = statistic(entry.runs, t.statistic), iv = spreadOf(entry.runs, v, t.spread);
      return { value: v, runs: entry.runs, low: iv ? iv[0] : null, high: iv ? iv[1] : null };
    }
    var out = { value: entry.value, runs: null, atLeast: t.repetitions, low: null, high: null };
    if (t.variance_below_pct !== null && t.variance_below_pct !== undefined && boundAsSpread(guide, t)) {
      var pct = t.variance_below_pct / 100;
      out.low = entry.value * (1 - pct);
      out.high = entry.value * (1 + pct);
    }
    return out;
  }
  function boundAsSpread(guide, t) {
    return guide.columns.some(function (c) {
      return c.kind === "comparison" && t.tags.indexOf(c.tag) >= 0 && c.noise && c.noise.stated_bound === "as-spread";
    });
  }
  function published(v) {
    if (v.value === null) return { nm: true };
    return v.runs ? { runs: v.runs.slice() } : { value: v.value };
  }

  /* --- judging a ratio (generator/derive/noise.py) ------------------------- */

  function bandIndex(col, x) {
    for (var i = 0; i < col.bands.length; i++) {
      var b = col.bands[i];
      if (b.min === null || x >= b.min) return i;
    }
    return col.bands.length - 1;
  }
  function interval(a, b, better) {
    if (a.low === null || a.high === null || b.low === null || b.high === null ||
        a.low === undefined || b.low === undefined) return null;
    var lo = a.low / b.high, hi = a.high / b.low;
    return better === "higher" ? [lo, hi] : [1 / hi, 1 / lo];
  }
  function lowerConfidence(col, x, top, bottom) {
    var point = col.bands[bandIndex(col, x)], rule = col.noise;
    if (!rule) return point;
    if (rule.straddle === "likely" && Object.prototype.hasOwnProperty.call(rule.likely, point.word)) {
      return rule.likely[point.word];
    }
    var tie = bandIndex(col, 1.0), best = top;
    for (var i = top; i <= bottom; i++) if (Math.abs(i - tie) < Math.abs(best - tie)) best = i;
    return col.bands[best];
  }
  function missing(a, b) {
    if ((a.runs && a.runs.length === 1) || (b.runs && b.runs.length === 1)) return "single run";
    var bound = [a, b].some(function (s) { return !s.runs && s.atLeast !== null && s.atLeast !== undefined; });
    return bound ? "bound only" : "runs not stated";
  }
  function judge(col, a, b, better) {
    var value = better === "higher" ? a.value / b.value : 1 / (a.value / b.value);
    var bounds = interval(a, b, better);
    if (!col) return { value: value, outcome: null, confidence: bounds ? "clear" : "runs not stated", bounds: bounds };
    var point = col.bands[bandIndex(col, value)];
    if (!bounds) return { value: value, outcome: point, confidence: missing(a, b), bounds: null };
    var top = bandIndex(col, bounds[1]), bottom = bandIndex(col, bounds[0]);
    if (top === bottom) return { value: value, outcome: point, confidence: "clear", bounds: bounds };
    return { value: value, outcome: lowerConfidence(col, value, top, bottom), confidence: "within noise",
      bounds: bounds, point: point };
  }

  /* --- the guide with the reader's values (generator/derive) --------------- */

  var WORST_FIRST = { bad: 0, mid: 1, good: 2, reference: 3, judged: 4, unknown: 5 };

  function verdictOf(guide, o) {
    var style = guide.levels[o.level] || {};
    return { level: o.level, word: o.word, symbol: style.symbol || "", colour: style.colour || "grey", judged: false };
  }
  function levelVerdict(guide, level, fallback) {
    var style = guide.levels[level] || {};
    return { level: level, word: style.word || fallback, symbol: style.symbol || "", colour: style.colour || "grey",
      judged: false };
  }

  // Whether a row counts when judging for ctx ("Judge for", generator/derive/guide.py: judged_for): only that
  // context's rows, and rows naming none; every row when ctx is null.
  function counts(row, ctx) { return !ctx || row.context === null || row.context === undefined || row.context === ctx; }

  // What each step of derive() reads, passed to each as `jg`: the guide, the context judged for (or null), its
  // measurement tables, lookups by id, and at(t, row, series): the sample judged there (the reader's value where
  // they gave one, else the published one).
  function judging(guide, state, context) {
    var samples = dict(), tables = guide.tables.filter(function (t) { return t.kind === "measurements"; });
    var columns = dict(), contexts = dict(), labels = dict();
    guide.columns.forEach(function (c) { columns[c.id] = c; });
    guide.contexts.forEach(function (c) { contexts[c.id] = c.name; });
    guide.options.forEach(function (o) { labels[o.id] = o.label || o.short || o.name; });
    tables.forEach(function (t) {
      var mine = state[t.id] || dict();
      t.rows.forEach(function (row) {
        var edits = mine[row.id] || dict();
        t.series.forEach(function (s) {
          var entry = Object.prototype.hasOwnProperty.call(edits, s.id) ? edits[s.id] : published(row.values[s.id]);
          samples[t.id + "\u0000" + row.id + "\u0000" + s.id] = sample(guide, t, entry);
        });
      });
    });
    function at(t, row, s) { return samples[t.id + "\u0000" + row.id + "\u0000" + s]; }
    return { guide: guide, context: context, tables: tables, columns: columns, contexts: contexts, labels: labels, at: at };
  }

  // Each comparison's ratio on each row of its table, as the results page prints it.
  function ratiosOf(jg) {
    var ratios = dict();
    jg.tables.forEach(function (t) {
      ratios[t.id] = t.comparisons.map(function (comp) {
        var col = jg.columns[comp.verdict_column || ""];
        col = col && col.kind === "comparison" ? col : null;
        return t.rows.map(function (row) {
          var a = jg.at(t, row, comp.numerator), b = jg.at(t, row, comp.denominator);
          if (a.value === null || b.value === null) return { value: null, text: "not measured", verdict: null };
          var j = judge(col, a, b, t.better), value = a.value / b.value;
          var iv = j.bounds ? interval(a, b, "higher") : null;
          return { value: value, text: times(value, t.digits, t.better, t.quantity), verdict: j.outcome ? verdictOf(jg.guide, j.outcome) : null,
            confidence: j.confidence, spread: iv ? timesRange(iv[0], iv[1], t.digits, t.better, t.quantity) : "" };
        });
      });
    });
    return ratios;
  }

