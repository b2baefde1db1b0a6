/* javascripts/yours.js, part 3 of 8: the rows a comparison cell reads (against an option, or the best of each row),
   a sweep's runs of loads named, and the rows grouped into a cell's parts.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of yours/ in order into the javascripts/yours.js the site ships. */
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
