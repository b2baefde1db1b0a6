/* javascripts/yours.js, part 5 of 8: the numbers quoted in prose (claimsOf), derive() itself, and the decision
   helper's answers with the reader's values.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of yours/ in order into the javascripts/yours.js the site ships. */
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
  /* A reader's row placed on the envelope (at: {scale: "ep32"}) counts only for the answers whose situation it
     matches: an answer that asks the dimension must hold the row's value among its answers (one that does not ask
     it covers every value). Where a placed row of theirs counts, the answer is judged from the rows measured in
     its situation only: a row stating another value on a dimension (the guide's EP16 rows at EP32) is left out. */
  function fits(guide, row, leaf) {
    return (guide.envelope || []).every(function (d) {
      var v = row.at && row.at[d.id], mine = leaf.at && leaf.at[d.id];
      return v === null || v === undefined || !mine || mine.indexOf(v) >= 0;
    });
  }
  function placed(row) {
    return !!row.added && Object.keys(row.at || {}).some(function (k) { return row.at[k] !== null && row.at[k] !== undefined; });
  }
  // The state an answer is judged with: each row that does not count there made "not measured"; and the reader's
  // placed rows that count there, with the values they gave.
  function atLeaf(guide, state, leaf) {
    var rows = [], out = dict(), key = [];
    guide.tables.forEach(function (t) {
      if (t.kind !== "measurements") return;
      t.rows.forEach(function (r) { if (placed(r) && fits(guide, r, leaf)) rows.push([t, r]); });
    });
    Object.keys(state).forEach(function (t) { out[t] = dict(); Object.keys(state[t]).forEach(function (r) { out[t][r] = state[t][r]; }); });
    guide.tables.forEach(function (t) {
      if (t.kind !== "measurements") return;
      t.rows.forEach(function (r) {
        if (fits(guide, r, leaf) || (!rows.length && !placed(r))) return;
        key.push(t.id + "." + r.id);
        var nm = (out[t.id] = out[t.id] || dict())[r.id] = dict();
        t.series.forEach(function (s) { nm[s.id] = { nm: true }; });
      });
    });
    return { state: out, key: key.join(" "), rows: rows };
  }
  function placeText(guide, row) {
    return (guide.envelope || []).filter(function (d) { return row.at[d.id]; }).map(function (d) {
      var v = d.values.filter(function (x) { return x.id === row.at[d.id]; })[0];
      return d.label + " " + (v ? v.label : row.at[d.id]);
    }).join(", ");
  }
  // "road 90 s, cargo 80 s": the values the reader gave a placed row.
  function givenText(t, edits) {
    return t.series.filter(function (s) { return edits && edits[s.id] && !edits[s.id].nm; }).map(function (s) {
      return s.label + " " + entryText(edits[s.id]) + (t.unit ? " " + t.unit : "");
    }).join(", ");
  }
  function answers(guide, result, state, context) {
    var dec = guide.decisions, pub = dict(), quotes = dict(), options = dict(), memo = dict();
    if (!dec) return null;
    guide.quoted.forEach(function (q) { pub[q.id] = q.text; });
    dec.rules.forEach(function (r) { quotes[r.id] = r.quotes; });
    guide.options.forEach(function (o) { options[o.id] = o; });
    function text(s, nums) { return s.map(function (p) { return typeof p === "string" ? p : nums[p.claim]; }).join(""); }
    // Only a reader's placed row makes an answer's state differ from the page's: with none placed, each answer is
    // judged from the result as it is (no copy of the state per answer, on every input).
    var anyPlaced = guide.tables.some(function (t) { return t.kind === "measurements" && t.rows.some(placed); });
    var out = [];
    dec.leaves.forEach(function (leaf) {
      var qs = [], ev = [], here = result, yours = [];
      if (state && anyPlaced && guide.envelope && guide.envelope.length) {
        var at = atLeaf(guide, state, leaf);
        if (at.key) here = memo[at.key] = memo[at.key] || derive(guide, at.state, context || null);
        at.rows.forEach(function (tr) {
          var given = givenText(tr[0], state[tr[0].id] && state[tr[0].id][tr[1].id]);
          if (given) yours.push("“" + tr[1].label + "” (" + placeText(guide, tr[1]) + "): " + given);
        });
      }
      (leaf.quotes || quotes[leaf.rule]).forEach(function (s) { // as this answer shows them (guide.json 1.11)
        var a = text(s, pub), b = text(s, here.claims);
        if (a !== b) qs.push([a, b]);
      });
      leaf.picks.forEach(function (p) {
        guide.columns.forEach(function (col, i) {
          var old = options[p.option].cells[i], now = here.cells[p.option][i];
          if (col.kind !== "comparison" || !old.verdict || !now.verdict) return;
          if ((old.verdict.level === "unknown" && now.verdict.level === "unknown") || shownVerdict(old) === shownVerdict(now)) return;
          ev.push({ option: p.option, column: col.id, column_label: col.label, before: old.verdict, after: now.verdict,
            detail_before: old.detail, detail_after: now.detail, parts_before: old.parts, parts_after: now.parts });
        });
      });
      if (qs.length || ev.length || yours.length) out.push({ leaf: leaf, quotes: qs, evidence: ev, yours: yours });
    });
    return out;
  }
