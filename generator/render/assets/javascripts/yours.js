/* "Your numbers": a reader's own values, judged in the browser by the guide's own rules.

   The rules and the published values come from downloads/guide.json (format 1.2: bands, levels,
   noise rules, tags, statistics and spreads; 1.3 adds the claims and the decision helper's answers,
   shown where present; 1.4 the range of values the build accepts, kept in every field, pasted table
   and link); the judging below mirrors generator/derive
   (evidence.py, noise.py, columns/comparison.py, guide.py:table_view) step for step, and
   tests/test_yours_parity.py runs both over the shipped guide, the example guide and hundreds of
   generated ones, requiring the same ratios as printed, verdicts and flips. Nothing is sent
   anywhere: the reader's values live in the address's fragment. Every string is set as text. */
(function () {
  "use strict";
  // Every lookup keyed by a name (a row, table, context, series; some from the address) has no prototype:
  // "constructor", "toString" or "__proto__" is a name like any other, never Object's own.
  function dict() { return Object.create(null); }

  /* --- numbers as Python prints them (generator/numbers.py) ---------------- */

  // f"{x:.{d}f}": the exact value rounded half to even (toFixed rounds exact ties up).
  function fixed(x, d) {
    var up = x.toFixed(d);
    var longer = x.toFixed(Math.min(100, d + 60));
    var tail = longer.slice(longer.length - 60 + 1);
    if (longer.charAt(longer.length - 60) !== "5" || /[1-9]/.test(tail)) return up;
    var down = x.toFixed(d + 1).slice(0, -1).replace(/\.$/, "");
    return Number(up.slice(-1)) % 2 === 0 ? up : down;
  }
  function ratioText(x, d) { return fixed(x, d) + "×"; }
  function ratioRange(lo, hi, d) {
    var a = fixed(lo, d), b = fixed(hi, d);
    return a === b ? a + "×" : a + "–" + b + "×";
  }
  function raw(x) { return String(x); }
  // one spelling for every ratio (generator/numbers.py: times, times_range): where lower is better, the factor
  // (never below 1) and the way it reads, "1.14× lower latency"
  function timesRange(lo, hi, d, better, quantity) {
    if (better === "higher") return ratioRange(lo, hi, d);
    var one = fixed(1, d);
    if ((fixed(lo, d) === one && fixed(hi, d) === one) || (fixed(1 / hi, d) === one && fixed(1 / lo, d) === one))
      return ratioText(1, d) + ", the same " + quantity;
    if (lo >= 1) return ratioRange(lo, hi, d) + " higher " + quantity;
    if (hi <= 1) return ratioRange(1 / hi, 1 / lo, d) + " lower " + quantity;
    return ratioText(1 / lo, d) + " lower to " + ratioText(hi, d) + " higher " + quantity;
  }
  function times(x, d, better, quantity) { return timesRange(x, x, d, better, quantity); }
  // a measured value as printed: to its series' (or table's) value_digits when set (generator/derive/evidence.py: figure)
  function figure(series, x) {
    var d = series.value_digits;
    return d === null || d === undefined ? raw(x) : fixed(x, d);
  }
  // columns/comparison.py: ratio_change; how = [better, quantity] of the cell's tables (reading)
  function ratioChange(a, b, how) {
    var better = how ? how[0] : "higher", quantity = how ? how[1] : "", d = 2;
    function spell(x, n) { return better === "higher" ? ratioText(x, n) : times(1 / x, n, better, quantity); }
    if (a !== null && b !== null && a !== b) while (d < 4 && spell(a, d) === spell(b, d)) d++;
    return (a === null ? "—" : spell(a, d)) + " → " + (b === null ? "—" : spell(b, d));
  }

  /* --- statistics as Python's statistics module computes them -------------- */

  function fsum(xs) { // math.fsum: exact partials, correctly rounded
    var partials = [];
    xs.forEach(function (x) {
      var i = 0;
      for (var j = 0; j < partials.length; j++) {
        var y = partials[j];
        if (Math.abs(x) < Math.abs(y)) { var t = x; x = y; y = t; }
        var hi = x + y, lo = y - (hi - x);
        if (lo) partials[i++] = lo;
        x = hi;
      }
      partials.length = i;
      partials.push(x);
    });
    var n = partials.length, top = 0, low = 0;
    if (n > 0) {
      top = partials[--n];
      while (n > 0) {
        var px = top, py = partials[--n];
        top = px + py;
        low = py - (top - px);
        if (low) break;
      }
      if (n > 0 && ((low < 0 && partials[n - 1] < 0) || (low > 0 && partials[n - 1] > 0))) {
        var dy = low * 2, sx = top + dy;
        if (dy === sx - top) top = sx;
      }
    }
    return top;
  }
  var B0 = BigInt(0), B1 = BigInt(1), B2 = BigInt(2);
  function exact(x) { // x = m / 2^e, both BigInt
    var e = 0;
    while (!Number.isInteger(x)) { x *= 2; e++; }
    return [BigInt(x), e];
  }
  function isqrt(n) {
    if (n < B2) return n;
    var x = BigInt(1) << BigInt(Math.ceil(n.toString(2).length / 2) + 1);
    for (;;) {
      var y = (x + n / x) / B2;
      if (y >= x) return x;
      x = y;
    }
  }
  function bits(n) { return n === B0 ? 0 : n.toString(2).length; }
  function stdev(xs) { // statistics.stdev: exact sum of squares, correctly rounded square root
    var parts = xs.map(exact);
    var e = Math.max.apply(null, parts.map(function (p) { return p[1]; }));
    var sx = B0, sxx = B0, n = BigInt(xs.length);
    parts.forEach(function (p) {
      var v = p[0] << BigInt(e - p[1]);
      sx += v; sxx += v * v;
    });
    // variance = (n*sxx - sx^2) / (n * (n-1) * 4^e)
    var num = n * sxx - sx * sx, den = n * (n - B1) << BigInt(2 * e);
    if (num === B0) return 0;
    var shift = Math.max(0, Math.ceil((110 - bits(num) + bits(den)) / 2));
    var scaled = (num << BigInt(2 * shift)) / den;
    var q = isqrt(scaled);
    var inexact = q * q !== scaled || (num << BigInt(2 * shift)) % den !== B0;
    q = (q << B1) | (inexact ? B1 : B0);
    return Number(q) / Math.pow(2, shift + 1);
  }
  function median(xs) {
    var s = xs.slice().sort(function (a, b) { return a - b; }), n = s.length, i = Math.floor(n / 2);
    return n % 2 ? s[i] : (s[i - 1] + s[i]) / 2;
  }
  var T95 = [0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
    2.045, 2.042];

  function statistic(runs, name) {
    if (name === "mean") return fsum(runs) / runs.length;
    if (name === "min") return Math.min.apply(null, runs);
    if (name === "max") return Math.max.apply(null, runs);
    return median(runs);
  }
  function spreadOf(runs, value, kind) {
    var n = runs.length;
    if (kind === "min-max") return n >= 2 ? [Math.min.apply(null, runs), Math.max.apply(null, runs)] : null;
    if (n < 2) return null;
    var s = stdev(runs);
    if (kind === "stdev") return [value - s, value + s];
    var mean = fsum(runs) / n, half = (T95[n - 1] || 1.96) * s / Math.sqrt(n);
    return [mean - half, mean + half];
  }

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

  function owners(t) {
    var out = dict();
    t.series.forEach(function (s) { out[s.id] = s.option; });
    return out;
  }
  function tagged(jg, option, tag) {
    return jg.tables.filter(function (t) {
      return t.tags.indexOf(tag) >= 0 && t.series.some(function (s) { return s.option === option; });
    });
  }
  function sides(jg, col, option) {
    var out = [];
    tagged(jg, option, col.tag).forEach(function (t) {
      var own = owners(t);
      if (col.against === "baseline") {
        var mine = t.series.filter(function (s) { return own[s.id] === option; })[0];
        var ref = t.series.filter(function (s) { return own[s.id] === col.baseline; })[0];
        if (mine && ref) out.push([t, mine.id, ref.id]);
        return;
      }
      t.comparisons.forEach(function (comp) {
        var x = own[comp.numerator], y = own[comp.denominator];
        if ((x !== option && y !== option) || x === y) return;
        out.push(x === option ? [t, comp.numerator, comp.denominator] : [t, comp.denominator, comp.numerator]);
      });
    });
    return out;
  }
  function against(jg, col, option, ctx) {
    var found = [], others = dict(), order = [], sources = [];
    sides(jg, col, option).forEach(function (side) {
      var t = side[0], own = owners(t);
      t.rows.forEach(function (row) {
        if (!counts(row, ctx)) return;
        var a = jg.at(t, row, side[1]), b = jg.at(t, row, side[2]);
        if (a.value === null || b.value === null) return;
        var j = judge(col, a, b, t.better);
        var other = own[side[2]] || side[2];
        found.push({ ratio: j.value, context: row.context, table: t, row: row, judged: j,
          against: "vs " + (jg.labels[other] || other), opponent: other, load: loadOf(t, row) });
        if (!others[t.id]) { others[t.id] = []; order.push(t); }
        if (others[t.id].indexOf(other) < 0) others[t.id].push(other);
        if (sources.indexOf(t.id) < 0) sources.push(t.id);
      });
    });
    var detail = order.map(function (t) { // spelled as every page spells it (columns/comparison.py: _per_table)
      var rs = found.filter(function (m) { return m.table === t; }).map(function (m) { return t.better === "higher" ? m.ratio : 1 / m.ratio; });
      return timesRange(Math.min.apply(null, rs), Math.max.apply(null, rs), t.digits, t.better, t.quantity) + " vs " +
        others[t.id].map(function (o) { return jg.labels[o] || o; }).join(", ");
    });
    return { found: found, detail: detail.join("; "), sources: sources };
  }
  function best(jg, col, option, ctx) {
    var found = [], details = [], sources = [];
    tagged(jg, option, col.tag).forEach(function (t) {
      var own = owners(t);
      t.rows.forEach(function (row) {
        if (!counts(row, ctx)) return;
        var measured = t.series.filter(function (s) { return own[s.id] && jg.at(t, row, s.id).value !== null; });
        var mine = measured.filter(function (s) { return own[s.id] === option; });
        if (measured.length < 2 || !mine.length) return;
        var values = measured.map(function (s) { return jg.at(t, row, s.id).value; });
        var top = t.better === "higher" ? Math.max.apply(null, values) : Math.min.apply(null, values);
        var me = jg.at(t, row, mine[0].id), bestSeries = measured[values.indexOf(top)], bestId = bestSeries.id;
        var j = judge(col, me, jg.at(t, row, bestId), t.better), topOwner = own[bestId];
        var isBest = me.value === top;
        found.push({ ratio: j.value, context: row.context, table: t, row: row, judged: j,
          against: isBest ? "(best)" : "vs " + (jg.labels[topOwner] || topOwner), opponent: isBest ? null : topOwner,
          load: loadOf(t, row) });
        details.push(row.label + " " + figure(mine[0], me.value) + " " + t.unit + " (" +
          (me.value === top ? "best" : "best " + figure(bestSeries, top)) + ")");
        if (sources.indexOf(t.id) < 0) sources.push(t.id);
      });
    });
    return { found: found, detail: details.join("; "), sources: sources };
  }
  /* sweep tables (generator/derive/sweeps.py, columns/comparison.py: _sweep_names, _not_compared) */
  function loadOf(t, row) { return t.sweep && typeof row.load === "number" ? row.load : null; }
  // a run is named by the measured loads it spans, never past them, and stops at a load of its table and
  // context it does not hold
  function rangeName(label, lo, hi) {
    return raw(lo) === raw(hi) ? label + " " + raw(lo) : label + " " + raw(lo) + "\u2013" + raw(hi);
  }
  function sweepNames(jg, found, verdicts) {
    var lines = dict(), order = [], names = dict();
    found.forEach(function (m, i) {
      if (m.load === null || m.load === undefined) return;
      var k = m.table.id + "\u0000" + (m.context || "") + "\u0000" + m.against;
      if (!lines[k]) { lines[k] = []; order.push(k); }
      lines[k].push(i);
    });
    order.forEach(function (k) {
      var items = lines[k].slice().sort(function (x, y) { return found[x].load - found[y].load || x - y; });
      var m0 = found[items[0]], prefix = m0.context ? (jg.contexts[m0.context] || m0.context) + " " : "";
      var loads = items.map(function (i) { return found[i].load; });
      var keys = items.map(function (i) { return verdicts[i].level + "\u0000" + verdicts[i].word; });
      var every = loads.slice();
      m0.table.rows.forEach(function (r) {
        var load = loadOf(m0.table, r);
        if (load !== null && (r.context || "") === (m0.context || "")) every.push(load);
      });
      every.sort(function (x, y) { return x - y; });
      every = every.filter(function (x, n) { return n === 0 || x !== every[n - 1]; });
      var start = 0;
      for (var i = 1; i <= items.length; i++) {
        if (i === items.length || keys[i] !== keys[start] || every.indexOf(loads[i]) - every.indexOf(loads[i - 1]) > 1) {
          var name = rangeName(m0.table.sweep.label, loads[start], loads[i - 1]);
          for (var j = start; j < i; j++) names[items[j]] = prefix + name;
          start = i;
        }
      }
    });
    return names;
  }
  function notCompared(jg, col, option, ctx) {
    var groups = [], style = levelVerdict(jg.guide, "unknown", "not measured");
    function add(t, row, vs, opponent) {
      var load = loadOf(t, row);
      if (load === null) return;
      var prefix = row.context ? (jg.contexts[row.context] || row.context) + " " : "";
      var g = groups.filter(function (x) { return x.against === vs; })[0];
      if (!g) groups.push(g = { against: vs, opponent: opponent, regimes: [] });
      g.regimes.push({ name: prefix + t.sweep.label + " " + raw(load), table: t.id, row: row.id, swept: true });
    }
    if (col.against === "best") {
      tagged(jg, option, col.tag).forEach(function (t) {
        var own = owners(t);
        if (!t.sweep) return;
        t.rows.forEach(function (row) {
          if (!counts(row, ctx)) return;
          var measured = Object.keys(row.values).filter(function (s) { return own[s] && jg.at(t, row, s).value !== null; });
          if (measured.length === 1 && own[measured[0]] === option) add(t, row, "", null);
        });
      });
    } else {
      sides(jg, col, option).forEach(function (side) {
        var t = side[0], own = owners(t);
        if (!t.sweep) return;
        var other = own[side[2]] || side[2];
        t.rows.forEach(function (row) {
          var a = jg.at(t, row, side[1]), b = jg.at(t, row, side[2]);
          if (counts(row, ctx) && (a.value === null) !== (b.value === null)) add(t, row, "vs " + (jg.labels[other] || other), other);
        });
      });
    }
    return groups.map(function (g) {
      var v = { level: "unknown", word: "not compared", symbol: style.symbol, colour: style.colour };
      return part(v, g.regimes, g.against, g.opponent);
    });
  }
  function parts(jg, col, found) {
    var verdicts = found.map(function (m) { return verdictOf(jg.guide, m.judged.outcome); });
    var swept = sweepNames(jg, found, verdicts);
    var vkey = function (v) { return v.level + "\u0000" + v.word; };
    var key = function (v, i) { return vkey(v) + "\u0000" + found[i].against; };
    var byContext = dict();
    found.forEach(function (m, i) {
      if (m.context === null || m.context === undefined) return;
      (byContext[m.context] = byContext[m.context] || dict())[key(verdicts[i], i)] = true;
    });
    var groups = [], seen = dict(), several = found.some(function (m) { return m.table !== found[0].table; });
    found.forEach(function (m, i) {
      var v = verdicts[i], k = key(v, i);
      var whole = m.context !== null && m.context !== undefined && Object.keys(byContext[m.context]).length === 1;
      // a row of a cell fed by several tables is named with its table's label
      var row = several ? m.row.label + " (" + (m.table.label || m.table.id) + ")" : m.row.label;
      var name = whole ? jg.contexts[m.context] || m.context : row;
      if (Object.prototype.hasOwnProperty.call(swept, i)) {
        name = several ? swept[i] + " (" + (m.table.label || m.table.id) + ")" : swept[i];
      }
      if (seen[k + "\u0000" + name]) return;
      seen[k + "\u0000" + name] = true;
      var g = groups.filter(function (x) { return x.key === k; })[0];
      if (!g) groups.push(g = { key: k, verdict: v, regimes: [], against: m.against, opponent: m.opponent });
      g.regimes.push({ name: name, table: m.table.id, row: m.row.id, swept: Object.prototype.hasOwnProperty.call(swept, i) });
    });
    return groups.map(function (g, i) { return [g, i]; }).sort(function (x, y) {
      return (WORST_FIRST[x[0].verdict.level] - WORST_FIRST[y[0].verdict.level]) || x[1] - y[1];
    }).map(function (x) { var g = x[0]; return part(g.verdict, g.regimes, g.against, g.opponent); });
  }
  function part(v, regimes, against, opponent, j) {
    return { verdict: v, regimes: regimes, against: against || "", opponent: opponent || null,
      word: against ? v.word + " " + against : v.word, reason: j ? j.reason : null, source: j ? j.source : null };
  }
  /* what a cell says beyond its measured rows (generator/derive/columns/filled.py) */
  function judgements(option, col) {
    var given = (option.judgements || {})[col.id];
    return !given ? [] : Array.isArray(given) ? given : [given];
  }
  function judgedVerdict(jg, col, j) { // generator/derive/cells.py: judged_verdict
    var judgedStyle = jg.guide.levels.judged || {};
    var level = j.value !== null && j.value !== undefined ? col.bands[bandIndex(col, j.value)].level :
      ["good", "mid", "bad"].indexOf(j.level) >= 0 ? j.level : "judged";
    var style = jg.guide.levels[level] || {};
    return { level: level, word: j.word, symbol: judgedStyle.symbol || "", colour: style.colour || "grey", judged: true };
  }
  function columnContexts(jg, col) {
    var named = dict();
    jg.tables.forEach(function (t) {
      if (t.tags.indexOf(col.tag) < 0) return;
      t.rows.forEach(function (row) { if (row.context !== null && row.context !== undefined) named[row.context] = true; });
    });
    return jg.guide.contexts.map(function (c) { return c.id; }).filter(function (c) { return named[c]; });
  }
  function ctxNames(jg, ids) { return ids.map(function (c) { return jg.contexts[c] || c; }).join(", "); }
  function judgedPart(jg, col, j, ids) {
    var regimes = ids.map(function (c) { return { name: jg.contexts[c] || c, table: "", row: "" }; });
    return part(judgedVerdict(jg, col, j), regimes, j.against ? "vs " + (jg.labels[j.against] || j.against) : "", j.against, j);
  }
  function notMeasured(jg, ids) {
    var v = levelVerdict(jg.guide, "unknown", "not measured");
    v.word = v.word + " on " + ctxNames(jg, ids);
    return part(v, []);
  }
  function byLevel(ps) {
    return ps.map(function (p, i) { return [p, i]; }).sort(function (x, y) {
      return (WORST_FIRST[x[0].verdict.level] - WORST_FIRST[y[0].verdict.level]) || x[1] - y[1];
    }).map(function (x) { return x[0]; });
  }
  function coverageOf(jg, all, unknown) {
    var noun = all.length > 1 ? jg.guide.guide.context_noun_plural : jg.guide.guide.context_noun;
    return unknown.length ? (all.length - unknown.length) + " of " + all.length + " " + noun : "";
  }
  // filled.py: _beside; whether j is against an opponent no row measured in ctx (in any context, for null) is
  function besideOf(found, j, ctx) {
    if (!j.against) return false;
    return !found.some(function (m) { return (ctx === null || m.context === ctx) && (m.opponent || null) === j.against; });
  }
  function beside(jg, col, option, found, ps) { // filled.py: beside; the judgement for this context, beside the rows
    var j = judgements(option, col).filter(function (j) { return (j.contexts || []).indexOf(jg.context) >= 0; })[0];
    if (!j || !besideOf(found, j, null)) return ps;
    return byLevel(ps.concat([judgedPart(jg, col, j, [])]));
  }
  function filled(jg, col, option, found, ps) {
    var all = columnContexts(jg, col);
    if (found.some(function (m) { return m.context === null || m.context === undefined; }) || !all.length) return [ps, ""];
    var measured = dict(), given = dict(), alongside = dict();
    found.forEach(function (m) { measured[m.context] = true; });
    var js = judgements(option, col);
    js.forEach(function (j) { (j.contexts || []).forEach(function (c) { given[c] = j; }); });
    Object.keys(given).forEach(function (c) { if (measured[c] && besideOf(found, given[c], c)) alongside[c] = true; });
    var missing = all.filter(function (c) { return !measured[c]; });
    if (!missing.length && !Object.keys(alongside).length) return [ps, ""];
    var extra = [];
    js.forEach(function (j) {
      var mine = all.filter(function (c) {
        return (j.contexts || []).indexOf(c) >= 0 && (!measured[c] || (alongside[c] && given[c] === j));
      });
      if (mine.length) extra.push(judgedPart(jg, col, j, mine));
    });
    var unknown = missing.filter(function (c) { return !given[c]; });
    if (unknown.length) extra.push(notMeasured(jg, unknown));
    return [byLevel(ps.concat(extra)), coverageOf(jg, all, unknown)];
  }
  function scaledFirst(ps) {
    var scaled = ps.filter(function (p) { return ["bad", "mid", "good"].indexOf(p.verdict.level) >= 0; });
    return (scaled.length ? scaled : ps)[0].verdict;
  }
  function judgedCell(jg, col, j) {
    var p = judgedPart(jg, col, j, []);
    return { column: col.id, verdict: p.verdict, value: null, detail: "", parts: p.against ? [p] : [], summary: "",
      tables: [], coverage: "" };
  }
  function onlyJudged(jg, col, js) {
    var all = columnContexts(jg, col);
    if (!all.length) all = jg.guide.contexts.map(function (c) { return c.id; });
    var ps = js.map(function (j) {
      return judgedPart(jg, col, j, all.filter(function (c) { return (j.contexts || []).indexOf(c) >= 0; }));
    }).filter(function (p) { return p.regimes.length; });
    var covered = dict();
    js.forEach(function (j) { (j.contexts || []).forEach(function (c) { covered[c] = true; }); });
    var unknown = all.filter(function (c) { return !covered[c]; });
    if (unknown.length) ps.push(notMeasured(jg, unknown));
    ps = byLevel(ps);
    return { column: col.id, verdict: scaledFirst(ps), value: null, detail: "", parts: ps,
      summary: ps.length > 1 ? "regimes disagree; colour of the worst" : "", tables: [], coverage: coverageOf(jg, all, unknown) };
  }
  function supportCell(jg, col, option) { // generator/derive/columns/support.py: judged for one context
    var own = (option.support || []).filter(function (s) { return s.context === jg.context; })[0];
    if (!own) { // a context of the reader's own: the guide has no answer there
      return { column: col.id, verdict: levelVerdict(jg.guide, "unknown", "not measured"), value: null, detail: "",
        parts: [], summary: "", tables: [], coverage: "" };
    }
    var v = own.verdict, style = jg.guide.levels[v.level] || {};
    v = { level: v.level, word: v.word, symbol: v.symbol, colour: style.colour || "grey", judged: !!v.judged };
    return { column: col.id, verdict: v, value: null, detail: own.note || "", parts: [], summary: "",
      tables: [], coverage: "" };
  }
  function lineWord(c) { // generator/derive/cells.py: line_word
    var ps = c.parts || [];
    if (ps.length > 1) {
      return ps.map(function (p) {
        var w = p.word || p.verdict.word;
        return p.regimes.length ? w + " on " + p.regimes.map(function (r) { return r.name; }).join(", ") : w;
      }).join(" · ");
    }
    return ps.length ? ps[0].word || ps[0].verdict.word : c.verdict.word;
  }
  function withWord(v, word) {
    return { level: v.level, word: word, symbol: v.symbol, colour: v.colour, judged: v.judged };
  }
  function coloured(jg, c) { // every verdict shown with its level's colour, published cells included (guide.json has none)
    if (!c || !c.verdict || c.verdict.colour) return c;
    var out = dict(), style = jg.guide.levels[c.verdict.level] || {};
    Object.keys(c).forEach(function (k) { out[k] = c[k]; });
    out.verdict = { level: c.verdict.level, word: c.verdict.word, symbol: c.verdict.symbol, colour: style.colour || "grey",
      judged: !!c.verdict.judged };
    return out;
  }
  function cell(jg, col, option, old) {
    var context = jg.context;
    if (col.kind === "support" && context) return supportCell(jg, col, option);
    if (col.kind !== "comparison") return old;
    if (col.against === "baseline" && option.id === col.baseline) {
      return { column: col.id, verdict: levelVerdict(jg.guide, "reference", "reference"), value: null,
        detail: "the reference", parts: [], summary: "", tables: tagged(jg, option.id, col.tag).map(function (t) { return t.id; }) };
    }
    var got = col.against === "best" ? best(jg, col, option.id, context) : against(jg, col, option.id, context);
    var js = judgements(option, col);
    var general = js.filter(function (j) { return !(j.contexts || []).length; })[0];
    var uncompared = notCompared(jg, col, option.id, context);
    if (got.found.length) {
      var ps = parts(jg, col, got.found), summary = "", coverage = "";
      if (!context) { var f = filled(jg, col, option, got.found, ps); ps = f[0]; coverage = f[1]; } else ps = beside(jg, col, option, got.found, ps);
      ps = ps.concat(uncompared);
      var measuredParts = ps.filter(function (p) {
        return p.regimes.length && p.regimes[0].table && uncompared.indexOf(p) < 0;
      });
      var count = measuredParts.reduce(function (n, p) { return n + p.regimes.length; }, 0);
      var worstVerdict = scaledFirst(ps);
      if (measuredParts.length > 1 && col.aggregate === "worst") {
        summary = "worst of " + count + " regimes shown";
        ps = [ps[0]].concat(ps.slice(1).filter(function (p) { return measuredParts.indexOf(p) < 0; }));
      } else if (ps.length > 1) summary = "regimes disagree; colour of the worst";
      var noisy = got.found.filter(function (m) { return m.judged.confidence === "within noise"; });
      var worst = got.found.reduce(function (w, m) { return m.ratio < w.ratio ? m : w; });
      return { column: col.id, verdict: worstVerdict, value: worst.ratio, detail: got.detail, parts: ps,
        summary: summary, tables: got.sources, judged: (noisy[0] || worst).judged, coverage: coverage };
    }
    var forContext = context && js.filter(function (j) { return (j.contexts || []).indexOf(context) >= 0; })[0];
    if (forContext) return judgedCell(jg, col, forContext);
    if (uncompared.length && !general && (context || !js.length)) { // measured on a sweep, only where the other side was not
      return { column: col.id, verdict: uncompared[0].verdict, value: null, detail: "", parts: uncompared, summary: "",
        tables: [uncompared[0].regimes[0].table], coverage: "" };
    }
    var elsewhere = context && (col.against === "best" ? best(jg, col, option.id, null) : against(jg, col, option.id, null)).found.length;
    if (context && (elsewhere || js.length && !general)) { // answered in other contexts only: it says so
      var unknown = levelVerdict(jg.guide, "unknown", "not measured");
      unknown.word = unknown.word + " on " + (jg.contexts[context] || context);
      return { column: col.id, verdict: unknown, value: null, detail: "", parts: [], summary: "", tables: [], coverage: "" };
    }
    if (general) return judgedCell(jg, col, general);
    if (!context && js.length) return onlyJudged(jg, col, js);
    return { column: col.id, verdict: levelVerdict(jg.guide, "unknown", "not measured"), value: null, detail: "",
      parts: [], summary: "", tables: [], coverage: "" };
  }
  function reading(jg, ids) { // columns/comparison.py: reading
    var found = dict(), keys = [];
    jg.tables.forEach(function (t) {
      if (ids.indexOf(t.id) < 0) return;
      var k = t.better + "\u0000" + t.quantity;
      if (!found[k]) { found[k] = [t.better, t.quantity]; keys.push(k); }
    });
    return keys.length === 1 && found[keys[0]][0] === "lower" ? found[keys[0]] : ["higher", ""];
  }
  // Every cell of the matrix judged, and the cells whose verdict or words differ from the published ones.
  function matrixOf(jg) {
    var cells = dict(), flips = [];
    jg.guide.options.forEach(function (option) {
      cells[option.id] = jg.guide.columns.map(function (col, i) {
        var old = option.cells[i], now = coloured(jg, cell(jg, col, option, old));
        if (old.verdict && now.verdict && (old.verdict.level !== now.verdict.level || lineWord(old) !== lineWord(now))) {
          flips.push({ option: option.id, name: option.name, label: jg.labels[option.id], column: col.id,
            column_label: col.label, before: withWord(old.verdict, lineWord(old)), after: withWord(now.verdict, lineWord(now)), ratio: ratioChange(old.value, now.value, reading(jg, (now.tables || []).concat(old.tables || []))),
            why: now.judged && now.judged.confidence === "within noise" ? "within noise" : "" });
        }
        return now;
      });
    });
    return { cells: cells, flips: flips };
  }

  /* numbers quoted in prose (generator/derive/guide.py: claim_numbers) */
  function side(jg, c, d, x) {
    var col = jg.columns[c.phrase.column || ""];
    var tie = col && col.kind === "comparison" ? col.bands[bandIndex(col, x)].level === "mid" : fixed(x, d) === fixed(1, d);
    return tie ? "tie" : x > 1 ? "more" : "less";
  }
  // claims.py: _mean_note; a geometric mean of several ratios says what it is, with their range
  function meanNote(spread, d, text) {
    if (spread.length < 2) return "";
    var lo = Math.min.apply(null, spread), hi = Math.max.apply(null, spread);
    if (ratioRange(lo, hi, d).indexOf("–") < 0) return "";
    return " (geometric mean of " + (text === undefined ? ratioRange(lo, hi, d) : text) + ")";
  }
  function phrase(jg, c, d, xs, of) {
    var sd = side(jg, c, d, xs[0]), flip = sd === "less", shown = flip ? xs.map(function (v) { return 1 / v; }) : xs;
    var spread = flip ? (of || []).map(function (v) { return 1 / v; }) : (of || []);
    var r = shown.length === 1 ? ratioText(shown[0], d) + meanNote(spread, d) : ratioRange(Math.min.apply(null, shown), Math.max.apply(null, shown), d);
    return c.phrase[sd].split("{ratio}").join(r);
  }
  function splitPhrase(jg, c, d, rows) {
    var sides = dict(), order = [];
    rows.forEach(function (m) {
      var sd = side(jg, c, d, m[1]);
      if (!sides[sd]) { sides[sd] = []; order.push(sd); }
      sides[sd].push(m);
    });
    if (order.length < 2) return null;
    return order.map(function (sd) {
      return phrase(jg, c, d, sides[sd].map(function (m) { return m[1]; })) + " (" + sides[sd].map(function (m) { return m[0]; }).join(", ") + ")";
    }).join(" but ");
  }
  function noisyPhrase(jg, c, t, x) {
    var col = jg.columns[c.phrase.column || ""], lows = [], highs = [];
    if (!col || col.kind !== "comparison" || c.aggregate === "range") return null;
    for (var i = 0; i < c.rows.length; i++) {
      var row = rowOf(t, c.rows[i]), a = jg.at(t, row, c.numerator), b = jg.at(t, row, c.denominator);
      if (a.value === null || b.value === null) continue;
      var iv = interval(a, b, "higher");
      if (!iv) return null;
      lows.push(iv[0]); highs.push(iv[1]);
    }
    if (!lows.length || Math.min.apply(null, lows) <= 0) return null;
    var top = bandIndex(col, AGG[c.aggregate](highs)), bottom = bandIndex(col, AGG[c.aggregate](lows));
    if (top === bottom || lowerConfidence(col, x, top, bottom).level !== "mid") return null;
    return c.phrase.tie + " (within noise)";
  }
  function rowOf(t, id) { return t.rows.filter(function (r) { return r.id === id; })[0]; }
  function claimsOf(jg) {
    var claims = dict();
    (jg.guide.claims || []).forEach(function (c) {
      var t = jg.tables.filter(function (x) { return x.id === c.table; })[0], d = t.digits, rows = [];
      c.rows.forEach(function (id) {
        var row = rowOf(t, id), a = jg.at(t, row, c.numerator), b = jg.at(t, row, c.denominator);
        if (a.value !== null && b.value !== null) rows.push([row.label, a.value / b.value]);
      });
      var xs = rows.map(function (m) { return m[1]; }), lo = Math.min.apply(null, xs), hi = Math.max.apply(null, xs), text;
      var far = c.aggregate === "mean" && c.range_beyond !== null && xs.length > 1 && hi / lo > c.range_beyond;
      if (!xs.length) text = "not measured";
      else if (far || c.aggregate === "range") {
        text = c.phrase ? splitPhrase(jg, c, d, rows) || phrase(jg, c, d, xs) : timesRange(lo, hi, d, t.better, t.quantity);
      } else {
        var x = AGG[c.aggregate](xs);
        var mean = c.aggregate === "mean" ? xs : [];
        text = c.phrase ? noisyPhrase(jg, c, t, x) || (c.aggregate === "mean" && splitPhrase(jg, c, d, rows)) || phrase(jg, c, d, [x], mean)
          : times(x, d, t.better, t.quantity) + meanNote(mean, d, timesRange(lo, hi, d, t.better, t.quantity));
      }
      claims[c.id] = text;
    });
    return claims;
  }

  // state: table id -> row id -> series id -> entry (absent: the published value). context: "Judge for"
  // (generator/derive/guide.py: judged_for): only that context's rows, and rows naming none, count.
  function derive(guide, state, context) {
    var jg = judging(guide, state || dict(), context || null), matrix = matrixOf(jg);
    return { ratios: ratiosOf(jg), cells: matrix.cells, flips: matrix.flips, claims: claimsOf(jg) };
  }

  // statistics.geometric_mean: exp(fmean(map(log, data)))
  var AGG = { mean: function (xs) { return Math.exp(fsum(xs.map(Math.log)) / xs.length); },
    min: function (xs) { return Math.min.apply(null, xs); }, max: function (xs) { return Math.max.apply(null, xs); } };

  /* --- the decision helper's answers with the reader's values (generator/diff/answers.py) ---------
     Which option an answer picks reads the reader's answers and the options' records only; what the
     tables change is the numbers its rule quotes and the verdicts printed with each pick. */
  function shownVerdict(c) {
    return JSON.stringify([c.verdict.level, c.verdict.word, (c.parts || []).map(function (p) {
      return [p.verdict.level, p.verdict.word, p.regimes.map(function (r) { return r.name; })];
    })]);
  }
  function answers(guide, result) {
    var dec = guide.decisions, pub = dict(), quotes = dict(), options = dict();
    if (!dec) return null;
    guide.quoted.forEach(function (q) { pub[q.id] = q.text; });
    dec.rules.forEach(function (r) { quotes[r.id] = r.quotes; });
    guide.options.forEach(function (o) { options[o.id] = o; });
    function text(s, nums) { return s.map(function (p) { return typeof p === "string" ? p : nums[p.claim]; }).join(""); }
    var out = [];
    dec.leaves.forEach(function (leaf) {
      var qs = [], ev = [];
      quotes[leaf.rule].forEach(function (s) {
        var a = text(s, pub), b = text(s, result.claims);
        if (a !== b) qs.push([a, b]);
      });
      leaf.picks.forEach(function (p) {
        guide.columns.forEach(function (col, i) {
          var old = options[p.option].cells[i], now = result.cells[p.option][i];
          if (col.kind !== "comparison" || !old.verdict || !now.verdict) return;
          if ((old.verdict.level === "unknown" && now.verdict.level === "unknown") || shownVerdict(old) === shownVerdict(now)) return;
          ev.push({ option: p.option, column: col.id, column_label: col.label, before: old.verdict, after: now.verdict,
            detail_before: old.detail, detail_after: now.detail, parts_before: old.parts, parts_after: now.parts });
        });
      });
      if (qs.length || ev.length) out.push({ leaf: leaf, quotes: qs, evidence: ev });
    });
    return out;
  }

  /* --- what a reader types ------------------------------------------------- */

  var NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
  var NOT_MEASURED = /^(?:|not measured|nm|n\/a|—|-)$/i;

  // A field's text: a value, runs "254.2, 253.8" (one run: "254.2,"), or "not measured" (or empty).
  // `range` is the guide's number_range (guide.json 1.4): the values the build accepts, and what it says
  // of others; the bounds are stated once, by the build (generator/number_range.py), never here.
  function parse(text, range) {
    if (!range || !(range.smallest > 0) || !(range.largest >= range.smallest)) return { error: "the guide's data states no range of values" };
    var s = String(text).trim();
    if (s.length > 2000) return { error: "too long: at most 2000 characters" };
    if (NOT_MEASURED.test(s)) return { entry: { nm: true } };
    if (/\d,\d/.test(s)) {
      return { error: "write decimals with a point (12.5, not 12,5) and no thousands separator; separate runs with a comma and a space" };
    }
    var parts = s.split(/\s*,\s*/), list = parts.length > 1;
    if (list && parts[parts.length - 1] === "") parts.pop();
    if (parts.length > 1000) return { error: "at most 1000 runs" };
    var values = [];
    for (var i = 0; i < parts.length; i++) {
      var p = parts[i];
      if (!NUMBER.test(p)) return { error: "“" + p.slice(0, 40) + "” is not a number: write digits with a decimal point, like 254.2" };
      var x = Number(p);
      if (!(x > 0) || !isFinite(x)) return { error: "“" + p.slice(0, 40) + "”: a value must be a positive, finite number" };
      if (!(x >= range.smallest && x <= range.largest)) return { error: "“" + p.slice(0, 40) + "”: " + String(range.message).slice(0, 200) };
      values.push(x);
    }
    return { entry: list ? { runs: values } : { value: values[0] } };
  }
  function entryText(e) {
    if (e.nm) return "not measured";
    if (e.runs) return e.runs.length === 1 ? raw(e.runs[0]) + "," : e.runs.map(raw).join(", ");
    return raw(e.value);
  }
  function sameEntry(a, b) { return entryText(a) === entryText(b); }

  /* The fragment: table.row.series=value&... with only the values that differ from the guide's. */
  var ID = /^[a-z0-9-]+$/;
  function fragment(state) {
    var out = [];
    Object.keys(state).sort().forEach(function (t) {
      Object.keys(state[t]).sort().forEach(function (r) {
        Object.keys(state[t][r]).sort().forEach(function (s) {
          var e = state[t][r][s];
          var v = e.nm ? "nm" : e.runs ? e.runs.map(raw).join("_") + (e.runs.length === 1 ? "_" : "") : raw(e.value);
          out.push(t + "." + r + "." + s + "=" + v);
        });
      });
    });
    return out.join("&");
  }
  function fromFragment(guide, hash) {
    var state = dict(), problems = [];
    var known = dict();
    guide.tables.forEach(function (t) {
      if (t.kind !== "measurements") return;
      t.rows.forEach(function (r) { t.series.forEach(function (s) { known[t.id + "." + r.id + "." + s.id] = [t.id, r.id, s.id]; }); });
    });
    String(hash || "").replace(/^#/, "").split("&").forEach(function (part) {
      if (!part) return;
      var eq = part.indexOf("="), key = eq < 0 ? part : part.slice(0, eq), text;
      try { text = decodeURIComponent(eq < 0 ? "" : part.slice(eq + 1)); } catch (err) { text = null; }
      var where = Object.prototype.hasOwnProperty.call(known, key) ? known[key] : null;
      if (!where || text === null) { problems.push("ignored “" + key.slice(0, 60) + "” in the address: no such value"); return; }
      var got = parse(text === "nm" ? "not measured" : text.replace(/_/g, ", ").replace(/, $/, ","), guide.number_range);
      if (got.error) { problems.push("ignored the address's value for " + key + ": " + got.error); return; }
      ((state[where[0]] = state[where[0]] || dict())[where[1]] = state[where[0]][where[1]] || dict())[where[2]] = got.entry;
    });
    return { state: state, problems: problems };
  }

  /* A table pasted in the shape of its CSV download: row, label, context, "<series> (<unit>)"... */
  function csvRows(text) {
    var rows = [], row = [], cell = "", quoted = false;
    for (var i = 0; i < text.length; i++) {
      var c = text.charAt(i);
      if (quoted) {
        if (c === '"' && text.charAt(i + 1) === '"') { cell += '"'; i++; }
        else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === "," || c === "\t") { row.push(cell); cell = ""; }
      else if (c === "\n" || c === "\r") {
        if (c === "\r" && text.charAt(i + 1) === "\n") i++;
        row.push(cell); rows.push(row); row = []; cell = "";
      } else cell += c;
    }
    if (cell !== "" || row.length) { row.push(cell); rows.push(row); }
    return rows.filter(function (r) { return r.some(function (x) { return x.trim() !== ""; }); });
  }
  function pasted(t, text, range) {
    var rows = csvRows(String(text)), problems = [], edits = dict();
    if (!rows.length) return { problems: ["nothing to read: paste the table with its header line"] };
    var head = rows[0].map(function (h) { return h.trim(); }), cols = dict();
    t.series.forEach(function (s) {
      var i = head.indexOf(s.id + " (" + t.unit + ")");
      if (i < 0) i = head.indexOf(s.id);
      if (i >= 0) cols[s.id] = i;
    });
    if (head[0] !== "row" || !Object.keys(cols).length) {
      return { problems: ["the first line must be the CSV's header: row, label, context, then one column per series such as “" +
        t.series[0].id + " (" + t.unit + ")”"] };
    }
    var ids = dict();
    t.rows.forEach(function (r) { ids[r.id] = true; });
    rows.slice(1).forEach(function (r, n) {
      var id = (r[0] || "").trim();
      if (!Object.prototype.hasOwnProperty.call(ids, id)) { problems.push("line " + (n + 2) + ": no row “" + id.slice(0, 40) + "” in this table"); return; }
      Object.keys(cols).forEach(function (s) {
        var got = parse(r[cols[s]] === undefined ? "" : r[cols[s]].replace(/^'/, ""), range);
        if (got.error) problems.push("line " + (n + 2) + ", " + s + ": " + got.error);
        else (edits[id] = edits[id] || dict())[s] = got.entry;
      });
    });
    return { edits: edits, problems: problems };
  }

  /* The guide with a reader's own rows (and contexts the guide has none of): every added row starts "not measured"
     and is judged by the same rules, in its context ("Your numbers": one's own A/B on a framework not measured).
     added: {contexts: [{id, name}], rows: {table id: [{id, label, context, load}]}}; load: a sweep table's row's load. */
  function withRows(guide, added) {
    var contexts = (added && added.contexts) || [], rows = (added && added.rows) || dict();
    if (!contexts.length && !Object.keys(rows).length) return guide;
    var out = dict();
    Object.keys(guide).forEach(function (k) { out[k] = guide[k]; });
    out.contexts = guide.contexts.concat(contexts.map(function (c) { return { id: c.id, name: c.name }; }));
    out.tables = guide.tables.map(function (t) {
      var extra = rows[t.id];
      if (t.kind !== "measurements" || !extra || !extra.length) return t;
      var copy = dict();
      Object.keys(t).forEach(function (k) { copy[k] = t[k]; });
      copy.rows = t.rows.concat(extra.map(function (r) {
        var values = dict();
        t.series.forEach(function (s) { values[s.id] = { value: null, runs: null, text: "not measured", spread: null }; });
        return { id: r.id, label: r.label, context: r.context || null, load: t.sweep ? r.load : null, values: values,
          ratios: [], added: true };
      }));
      return copy;
    });
    return out;
  }
  /* The added rows and contexts in the address: row.<table>.<id>=<context>~<label>, context.<id>=<name>; a row of a
     sweep: row.<table>.<id>=<context>~<load>~<label>. */
  function addedFragment(added) {
    var out = [];
    ((added && added.contexts) || []).forEach(function (c) { out.push("context." + c.id + "=" + encodeURIComponent(c.name)); });
    Object.keys((added && added.rows) || dict()).sort().forEach(function (t) {
      added.rows[t].forEach(function (r) {
        var load = typeof r.load === "number" ? raw(r.load) + "~" : "";
        out.push("row." + t + "." + r.id + "=" + encodeURIComponent((r.context || "") + "~" + load + r.label));
      });
    });
    return out.join("&");
  }
  function addedFrom(guide, hash) {
    var added = { contexts: [], rows: dict() }, known = dict(), tables = dict(), rest = [];
    var names = dict(); // a context named as another is an impostor: refused, never shown as that context
    guide.contexts.forEach(function (c) { known[c.id] = true; names[String(c.name).trim().toLowerCase()] = true; });
    guide.tables.forEach(function (t) { if (t.kind === "measurements") tables[t.id] = t; });
    String(hash || "").replace(/^#/, "").split("&").forEach(function (part) {
      var m = /^(context|row)\.([^=]*)=(.*)$/.exec(part), text = null;
      if (!m) { if (part) rest.push(part); return; }
      try { text = decodeURIComponent(m[3]).slice(0, 80); } catch (err) { return; }
      if (m[1] === "context") {
        var name = text.trim().toLowerCase();
        if (ID.test(m[2]) && !known[m[2]] && text && !names[name]) {
          known[m[2]] = true; names[name] = true; added.contexts.push({ id: m[2], name: text });
        }
        return;
      }
      var dot = m[2].indexOf("."), t = m[2].slice(0, dot), id = m[2].slice(dot + 1), tilde = text.indexOf("~");
      var ctxId = tilde < 0 ? "" : text.slice(0, tilde), label = tilde < 0 ? text : text.slice(tilde + 1), load = null;
      if (!tables[t] || !/^yours-[0-9]+$/.test(id) || (ctxId && !known[ctxId])) return;
      if (tables[t].sweep) { // a row of a sweep states its load
        var l = /^([0-9]+(?:\.[0-9]+)?)~(.*)$/.exec(label);
        if (!l || !(Number(l[1]) > 0)) return;
        load = Number(l[1]); label = l[2];
      }
      if (!label || tables[t].rows.some(function (r) { return r.id === id; })) return;
      (added.rows[t] = added.rows[t] || []).push({ id: id, label: label, context: ctxId || null, load: load });
    });
    return { added: added, rest: rest.join("&") };
  }

  var core = { derive: derive, answers: answers, parse: parse, fixed: fixed, ratioChange: ratioChange, fragment: fragment,
    fromFragment: fromFragment, pasted: pasted, published: published, entryText: entryText, withRows: withRows,
    addedFragment: addedFragment, addedFrom: addedFrom };
  if (typeof module === "object" && module.exports) { module.exports = core; return; }
  window.dgRules = core; // the matrix's "Judge for" (matrix.js) judges with these same rules

  /* --- the page ------------------------------------------------------------ */

  function el(tag, attrs, kids) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (kids || []).forEach(function (k) { if (k) node.appendChild(typeof k === "string" ? document.createTextNode(k) : k); });
    return node;
  }
  function badge(v) {
    return el("span", { "class": "dg-badge dg-" + (/^[a-z]+$/.test(v.colour) ? v.colour : "grey") }, [
      el("span", { "class": "dg-symbol", "aria-hidden": "true", text: v.symbol }),
      " " + (v.judged ? "judgement: " : "") + v.word
    ]);
  }
  function verdictWords(v) { return v.symbol + " " + v.word; }

  var current = null;

  // This page's own styles, here so that no other page carries them.
  var CSS = ".dg-yours-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}" +
    ".dg-yours-scroll{overflow-x:auto;max-width:100%}.dg-yours input{width:9em;max-width:100%;font:inherit;padding:.2em .3em;" +
    "border:1px solid var(--md-default-fg-color--light);background:var(--md-default-bg-color);color:var(--md-default-fg-color)}" +
    ".dg-yours input[aria-invalid=true]{border:2px solid var(--dg-red-edge,#c62828)}" +
    ".dg-yours-error{display:block;font-size:.85em;max-width:14em}.dg-yours textarea{width:100%;font:inherit;font-family:var(--md-code-font-family)}" +
    ".dg-yours-cell .dg-yours-part,.dg-yours-cell .dg-detail{display:block}.dg-yours-cell{background:var(--dg-bg);color:var(--dg-fg)}" +
    ".dg-yours-moved{outline:3px solid var(--dg-edge);outline-offset:-3px}.dg-yours-button{margin:.3em 0;padding:.3em .8em;font:inherit;color:inherit;background:transparent;border:1px solid currentColor;border-radius:.2em;cursor:pointer}" +
    ".dg-yours table{border-collapse:collapse}.dg-yours th,.dg-yours td{padding:.3em .5em;vertical-align:top;text-align:left}";
  function style() {
    if (document.getElementById("dg-yours-css")) return;
    document.head.appendChild(el("style", { id: "dg-yours-css", text: CSS }));
  }

  function stateOf(ctx) {
    // the values that differ from the guide's, from the fields that parse
    var state = dict(), errors = 0;
    ctx.inputs.forEach(function (f) {
      var got = parse(f.input.value, ctx.guide.number_range);
      f.error.textContent = got.error ? got.error : "";
      f.input.setAttribute("aria-invalid", got.error ? "true" : "false");
      if (got.error) { errors++; return; }
      if (sameEntry(got.entry, f.published)) return;
      ((state[f.t] = state[f.t] || dict())[f.r] = state[f.t][f.r] || dict())[f.s] = got.entry;
    });
    return { state: state, errors: errors };
  }

  /* Judged for a context, "what flipped" compares with the published values judged for the same context. */
  function judgedGuide(ctx) {
    if (!ctx.judge) return ctx.guide;
    var memo = ctx.judgedBase;
    if (memo && memo.judge === ctx.judge && memo.guide === ctx.guide) return memo.out;
    var pub = derive(ctx.guide, {}, ctx.judge), out = dict();
    Object.keys(ctx.guide).forEach(function (k) { out[k] = ctx.guide[k]; });
    out.options = ctx.guide.options.map(function (o) {
      var copy = dict();
      Object.keys(o).forEach(function (k) { copy[k] = o[k]; });
      copy.cells = pub.cells[o.id];
      return copy;
    });
    ctx.judgedBase = { judge: ctx.judge, guide: ctx.guide, out: out };
    return out;
  }

  function render(ctx) {
    var shownGuide = judgedGuide(ctx);
    var got = stateOf(ctx), result = derive(shownGuide, got.state, ctx.judge || null);
    shownGuide.options.forEach(function (o) {
      result.cells[o.id].forEach(function (c, i) {
        var td = ctx.cellOf[o.id + "_" + ctx.guide.columns[i].id];
        if (!td || !c) return;
        if (!c.verdict) { td.textContent = o.cells[i].text || ""; return; } // a text column reads no table value
        var old = o.cells[i].verdict, moved = old && (old.level !== c.verdict.level || old.word !== c.verdict.word);
        td.className = "dg-yours-cell dg-" + (/^[a-z]+$/.test(c.verdict.colour) ? c.verdict.colour : "grey") + (moved ? " dg-yours-moved" : "");
        td.textContent = "";
        var shown = c.parts && c.parts.length ? c.parts : [{ verdict: c.verdict, regimes: [] }];
        shown.forEach(function (p) { // each part says what it is measured against ("tie vs road")
          var line = el("span", { "class": "dg-yours-part" }, [el("span", { "class": "dg-symbol", "aria-hidden": "true", text: p.verdict.symbol }),
            " " + (p.verdict.judged ? "judgement: " : "") + (p.word || p.verdict.word) +
            (p.regimes.length ? " on " + p.regimes.map(function (r) { return r.name; }).join(", ") : "")]);
          td.appendChild(line);
        });
        if (c.detail) td.appendChild(el("span", { "class": "dg-detail", text: c.detail }));
        if (c.summary) td.appendChild(el("span", { "class": "dg-detail", text: c.summary }));
        if (moved) td.appendChild(el("span", { "class": "dg-detail", text: "was " + verdictWords(old) }));
      });
    });
    Object.keys(result.ratios).forEach(function (t) {
      result.ratios[t].forEach(function (rows, ci) {
        rows.forEach(function (rc, ri) {
          var td = ctx.ratioOf[t + "_" + ci + "_" + ri];
          if (!td) return;
          td.textContent = "";
          td.appendChild(document.createTextNode(rc.text));
          if (rc.verdict) { td.appendChild(document.createTextNode(" ")); td.appendChild(badge(rc.verdict)); }
        });
      });
    });
    var list = ctx.flips;
    list.textContent = "";
    if (got.errors) list.appendChild(el("p", { "class": "dg-yours-errors", text: got.errors + (got.errors === 1 ? " value does" : " values do") + " not read as a number and " + (got.errors === 1 ? "is" : "are") + " left out: see the message under " + (got.errors === 1 ? "it" : "each") + "." }));
    if (!result.flips.length) {
      list.appendChild(el("p", { text: Object.keys(got.state).length ? "No verdict flips: with your values every cell of the matrix reads as in the guide." : "Your values are the guide's: change one to see what flips." }));
    } else {
      list.appendChild(el("p", { text: result.flips.length + (result.flips.length === 1 ? " verdict flips" : " verdicts flip") + " against the published guide:" }));
      var ul = el("ul", { "class": "dg-yours-fliplist" });
      result.flips.forEach(function (f) {
        ul.appendChild(el("li", { "data-cell": f.option + "_" + f.column }, [
          el("strong", { text: f.label + " · " + f.column_label + ":" }), " ",
          verdictWords(f.before) + " → " + verdictWords(f.after) + ", because the worst ratio went " + f.ratio +
          (f.why ? " (" + f.why + ")" : "")
        ]));
      });
      list.appendChild(ul);
    }
    if (ctx.answers) showAnswers(ctx, answers(shownGuide, result));
    return got;
  }

  function showAnswers(ctx, changed) {
    var g = ctx.guide, dec = g.decisions, box = ctx.answers, names = dict(), key = JSON.stringify(changed);
    if (key === ctx.answered) return; // unchanged: keep the list (and a link being clicked) as it is
    ctx.answered = key;
    g.options.forEach(function (o) { names[o.id] = o.label || o.name; });
    function card(v, parts, detail) { // as the pick's card prints it: each part where the regimes disagree
      return (parts && parts.length > 1 ? parts.map(function (p) {
        return verdictWords(p.verdict) + " on " + p.regimes.map(function (r) { return r.name; }).join(", ");
      }).join("; ") : verdictWords(v)) + (detail ? " (" + detail + ")" : "");
    }
    box.textContent = "";
    if (!changed.length) {
      box.appendChild(el("p", { text: "With your values every answer reads as published: the same quoted numbers and the same verdicts beside each pick." }));
      return;
    }
    box.appendChild(el("p", { text: changed.length + " of its " + dec.leaves.length + " answers read differently with your values (published → yours); each keeps its recommendation:" }));
    var ul = el("ul", { "class": "dg-yours-answers" });
    changed.forEach(function (a) {
      var leaf = a.leaf, items = el("ul");
      var link = el("a", { href: /^[a-z0-9-]+$/.test(leaf.id) ? ctx.decide + "#" + leaf.id : ctx.decide, text: leaf.situation });
      a.quotes.forEach(function (q) { items.appendChild(el("li", { text: "Why: “" + q[0] + "” → “" + q[1] + "”" })); });
      a.evidence.forEach(function (e) {
        items.appendChild(el("li", { text: names[e.option] + " · " + e.column_label + ": " + card(e.before, e.parts_before, e.detail_before) +
          " → " + card(e.after, e.parts_after, e.detail_after) }));
      });
      ul.appendChild(el("li", { "data-leaf": leaf.id }, [el("strong", {}, [link]), ": " + leaf.picks.map(function (p) {
        return (p.role === "recommended" ? "recommended " : "runner-up ") + names[p.option];
      }).join(", "), items]));
    });
    box.appendChild(ul);
  }

  // Typing in a field makes one entry of the history (the first keystroke pushes it, the next ones and
  // the field's change update it), so back and forward step through the reader's edits.
  function commit(ctx, how) {
    var push = how === "push" || (how === "input" && !ctx.typing);
    var got = render(ctx), frag = [addedFragment(ctx.added), fragment(got.state)].filter(Boolean).join("&");
    var url = location.pathname + location.search + (frag ? "#" + frag : "");
    var moved = url !== location.pathname + location.search + location.hash;
    if (moved) history[push ? "pushState" : "replaceState"](history.state, "", url);
    ctx.typing = how === "input" && (ctx.typing || moved);
  }

  function fill(ctx, hash) {
    ctx.typing = false;
    var mine = addedFrom(ctx.base, hash);
    if (addedFragment(mine.added) !== addedFragment(ctx.added)) { // the reader's own rows, as the address holds them
      ctx.added = mine.added;
      ctx.guide = withRows(ctx.base, ctx.added);
      build(ctx);
    }
    var read = fromFragment(ctx.guide, mine.rest), state = read.state;
    ctx.inputs.forEach(function (f) {
      var mine = state[f.t] && state[f.t][f.r] && state[f.t][f.r][f.s];
      f.input.value = entryText(mine || f.published);
    });
    ctx.notes.textContent = read.problems.slice(0, 20).join("; ");
    render(ctx);
  }

  /* "Add a row": the reader's own measurement, in a context of the guide or one it has none of. */
  function addRowForm(ctx, t) {
    var g = ctx.guide, noun = (g.guide && g.guide.context_noun) || "context", base = "ya_" + t.id;
    var label = el("input", { type: "text", id: base + "_label", maxlength: "80", autocomplete: "off" });
    var select = el("select", { id: base + "_ctx" }, [el("option", { value: "", text: "none (every " + noun + ")" })]);
    g.contexts.forEach(function (c) { select.appendChild(el("option", { value: c.id, text: c.name })); });
    select.appendChild(el("option", { value: "+", text: "another " + noun + "…" }));
    var other = el("input", { type: "text", id: base + "_new", maxlength: "60", autocomplete: "off", placeholder: "its name" });
    var said = el("span", { "class": "dg-yours-error", role: "status" });
    var add = el("button", { type: "button", "class": "dg-yours-button", text: "Add the row" });
    var load = t.sweep ? el("input", { type: "text", inputmode: "decimal", id: base + "_load", size: "6", autocomplete: "off" }) : null;
    add.addEventListener("click", function () {
      var name = label.value.trim(), ctxId = select.value, at = null;
      if (!name) { said.textContent = "Name the row first (e.g. your set-up and load)."; return; }
      if (load) { // a row of a sweep is judged at its load
        at = /^[0-9]+(\.[0-9]+)?$/.test(load.value.trim()) ? Number(load.value.trim()) : NaN;
        if (!(at > 0)) { said.textContent = "Give the row's " + t.sweep.label + " as a number above 0."; return; }
      }
      if (ctxId === "+") {
        var newName = other.value.trim();
        if (!newName) { said.textContent = "Name the " + noun + " first."; return; }
        ctxId = newName.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "yours";
        var taken = dict();
        ctx.guide.contexts.forEach(function (c) { taken[c.id] = true; });
        while (taken[ctxId]) ctxId += "-2";
        ctx.added.contexts.push({ id: ctxId, name: newName });
      }
      var n = 1;
      Object.keys(ctx.added.rows).forEach(function (k) { n += ctx.added.rows[k].length; });
      (ctx.added.rows[t.id] = ctx.added.rows[t.id] || []).push({ id: "yours-" + n, label: name, context: ctxId || null, load: at });
      var state = stateOf(ctx).state;
      ctx.guide = withRows(ctx.base, ctx.added);
      build(ctx);
      ctx.inputs.forEach(function (f) { // the values typed so far stay
        var mine = state[f.t] && state[f.t][f.r] && state[f.t][f.r][f.s];
        if (mine) f.input.value = entryText(mine);
      });
      commit(ctx, "push");
      var first = document.getElementById("yv_" + t.id + "_yours-" + n + "_" + t.series[0].id);
      if (first) first.focus();
    });
    return el("div", { "class": "dg-yours-add" }, [
      el("label", { "for": label.id, text: "Add a row of your own: " }), label, " ",
      load ? el("label", { "for": load.id, text: t.sweep.label + " " }) : "", load || "", load ? " " : "",
      el("label", { "for": select.id, text: noun + " " }), select, " ",
      el("label", { "for": other.id, "class": "dg-yours-label", text: "the new " + noun + "'s name" }), other, " ", add, " ", said]);
  }

  /* "Judge for" on this page: the matrix with your numbers, judged from one context's rows (yours included). */
  function judgeForm(ctx) {
    var g = ctx.guide, noun = (g.guide && g.guide.context_noun) || "context";
    var select = el("select", { id: "dg-yours-judge" }, [el("option", { value: "", text: "any " + noun })]);
    g.contexts.forEach(function (c) { select.appendChild(el("option", { value: c.id, text: c.name })); });
    select.value = ctx.judge || "";
    select.addEventListener("change", function () { ctx.judge = select.value; render(ctx); });
    return el("p", { "class": "dg-yours-judge" }, [el("label", { "for": "dg-yours-judge", text: "Judge for " }), select]);
  }

  function build(ctx) {
    var g = ctx.guide, app = ctx.app;
    if (ctx.judge && !g.contexts.some(function (c) { return c.id === ctx.judge; })) ctx.judge = "";
    app.textContent = "";
    ctx.inputs = []; ctx.cellOf = dict(); ctx.ratioOf = dict();
    ctx.notes = el("p", { "class": "dg-yours-notes", role: "status" });
    app.appendChild(ctx.notes);
    app.appendChild(el("h2", { id: "your-matrix", text: "The matrix with your numbers" }));
    app.appendChild(judgeForm(ctx));
    var wrap = el("div", { "class": "dg-yours-scroll" });
    var table = el("table", { "class": "dg-yours-matrix", id: "dg-yours-matrix" });
    var head = el("tr", {}, [el("th", { scope: "col", text: (g.guide && g.guide.option_noun) || "option" })]);
    g.columns.forEach(function (c) { head.appendChild(el("th", { scope: "col", text: c.label })); });
    table.appendChild(el("thead", {}, [head]));
    var body = el("tbody");
    g.options.forEach(function (o) {
      var tr = el("tr", {}, [el("th", { scope: "row", text: o.label || o.name })]);
      g.columns.forEach(function (c) {
        var td = el("td", { id: "ycell_" + o.id + "_" + c.id, "class": "dg-yours-cell" });
        ctx.cellOf[o.id + "_" + c.id] = td;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    table.appendChild(body);
    wrap.appendChild(table);
    app.appendChild(wrap);
    app.appendChild(el("h2", { id: "what-flipped", text: "What flipped" }));
    app.appendChild(ctx.flips = el("div", { id: "dg-yours-flips", "aria-live": "polite", "class": "dg-yours-flips" }));
    if (g.decisions) {
      var noun = (g.guide && g.guide.option_noun) || "option", n = g.decisions.rules.filter(function (r) { return r.quotes.length; }).length;
      app.appendChild(el("h2", { id: "what-the-helper-answers", text: "What the decision helper would answer" }));
      app.appendChild(el("p", { text: "The decision helper picks from your answers to its questions and each " + noun + "'s record, never from these tables, so every situation keeps its recommendation. What your values can change is the evidence given with it: the numbers quoted in its reasons (" + n + " of its " + g.decisions.rules.length + " rules quote one) and the verdicts printed beside each pick." }));
      app.appendChild(ctx.answers = el("div", { id: "dg-yours-answers", "aria-live": "polite" }));
    }
    app.appendChild(el("h2", { id: "your-tables", text: "Your values" }));
    app.appendChild(el("p", { text: "Each field holds one value: a number (254.2), runs separated by a comma and a space (254.2, 253.8, 255.0; one run: 254.2,), or “not measured” (or empty). Decimals take a point." }));
    var reset = el("button", { type: "button", "class": "dg-yours-button", text: "Reset every value to the guide's" });
    reset.addEventListener("click", function () {
      ctx.inputs.forEach(function (f) { f.input.value = entryText(f.published); });
      commit(ctx, "push");
    });
    app.appendChild(reset);
    g.tables.forEach(function (t) {
      if (t.kind !== "measurements") return;
      var sec = el("section", { "class": "dg-yours-table", id: "y_" + t.id, "aria-labelledby": "yh_" + t.id });
      sec.appendChild(el("h3", { id: "yh_" + t.id, text: t.title }));
      sec.appendChild(el("p", { text: t.quantity + " in " + t.unit + ", " + (t.better === "higher" ? "higher" : "lower") + " is better; a value with runs is their " + t.statistic + "." }));
      var grid = el("table", { "class": "dg-yours-grid" });
      var hr = el("tr", {}, [el("th", { scope: "col", text: "Row" })]);
      t.series.forEach(function (s) { hr.appendChild(el("th", { scope: "col", text: s.label + " (" + t.unit + ")" })); });
      t.comparisons.forEach(function (c) { hr.appendChild(el("th", { scope: "col", text: c.label })); });
      grid.appendChild(el("thead", {}, [hr]));
      var tb = el("tbody");
      t.rows.forEach(function (row, ri) {
        var tr = el("tr", {}, [el("th", { scope: "row", text: row.label })]);
        t.series.forEach(function (s) {
          var id = "yv_" + t.id + "_" + row.id + "_" + s.id, pub = published(row.values[s.id]);
          var input = el("input", { type: "text", id: id, inputmode: "decimal", autocomplete: "off", spellcheck: "false",
            "aria-describedby": id + "-err" });
          var error = el("span", { id: id + "-err", "class": "dg-yours-error" });
          var label = el("label", { "for": id, "class": "dg-yours-label", text: s.label + ", " + row.label + " (" + t.unit + ")" });
          input.value = entryText(pub);
          input.addEventListener("input", function () { commit(ctx, "input"); });
          input.addEventListener("change", function () { commit(ctx, "change"); });
          ctx.inputs.push({ t: t.id, r: row.id, s: s.id, input: input, error: error, published: pub });
          tr.appendChild(el("td", {}, [label, input, error]));
        });
        t.comparisons.forEach(function (c, ci) {
          var td = el("td", { id: "yr_" + t.id + "_" + row.id + "_" + c.numerator + "_" + c.denominator, "class": "dg-yours-ratio" });
          ctx.ratioOf[t.id + "_" + ci + "_" + ri] = td;
          tr.appendChild(td);
        });
        tb.appendChild(tr);
      });
      grid.appendChild(tb);
      sec.appendChild(el("div", { "class": "dg-yours-scroll" }, [grid]));
      sec.appendChild(addRowForm(ctx, t));
      var pid = "yp_" + t.id;
      var area = el("textarea", { id: pid, rows: "3", spellcheck: "false", "aria-describedby": pid + "-said" });
      var said = el("p", { id: pid + "-said", "class": "dg-yours-error", role: "status" });
      var apply = el("button", { type: "button", "class": "dg-yours-button", text: "Use the pasted table" });
      apply.addEventListener("click", function () {
        var got = pasted(t, area.value, ctx.guide.number_range);
        if (got.edits) {
          ctx.inputs.forEach(function (f) {
            var e = f.t === t.id && got.edits[f.r] && got.edits[f.r][f.s];
            if (e) f.input.value = entryText(e);
          });
          commit(ctx, "push");
        }
        said.textContent = got.problems.length ? got.problems.slice(0, 10).join("; ") : "Read the pasted table.";
      });
      sec.appendChild(el("details", {}, [el("summary", { text: "Paste this table as CSV" }),
        el("label", { "for": pid, text: "The table in the shape of its CSV download (header line first)" }), area, apply, said]));
      app.appendChild(sec);
    });
  }

  function init() {
    var root = document.getElementById("dg-yours");
    current = null;
    if (!root) return;
    style();
    var ctx = { root: root, app: root.querySelector(".dg-yours-app"), path: location.pathname };
    var url = new URL(root.getAttribute("data-guide"), location.href).href;
    fetch(url).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.json();
    }).then(function (guide) {
      if (!/^1\.([4-9]|\d\d+)$/.test(String(guide.format_version)) || !guide.number_range) throw new Error("guide.json format " + guide.format_version + " lacks the rules and the range of values (1.4 or later)");
      ctx.base = guide;
      ctx.added = { contexts: [], rows: dict() };
      ctx.guide = guide;
      ctx.judge = "";
      ctx.decide = guide.decisions && /^[A-Za-z0-9._\/-]*$/.test(guide.decisions.page) ? new URL("../" + guide.decisions.page, url).href : "";
      build(ctx);
      root.querySelector(".dg-yours-nojs").hidden = true;
      ctx.app.hidden = false;
      current = ctx;
      fill(ctx, location.hash);
    }).catch(function (err) {
      var p = root.querySelector(".dg-yours-nojs");
      p.insertBefore(el("strong", { text: "The guide's data could not be read (" + String(err && err.message || err).slice(0, 200) + "). " }), p.firstChild);
    });
  }

  function again() {
    if (current && document.body.contains(current.root) && location.pathname === current.path) fill(current, location.hash);
  }
  window.addEventListener("popstate", again);
  window.addEventListener("hashchange", again);

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) window.document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
