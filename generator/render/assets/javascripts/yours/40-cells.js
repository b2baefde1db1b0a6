/* javascripts/yours.js, part 4 of 8: a cell as derive() judges it: what it says beyond its measured rows (judgements,
   contexts not measured), the support column for one context, and every cell of the matrix (matrixOf).
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of yours/ in order into the javascripts/yours.js the site ships. */
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
    // its note as plain text, as guide.json gives it (note_text: generator/escaping.py's unmarked)
    var detail = own.note_text || "";
    return { column: col.id, verdict: v, value: null, detail: detail, parts: [], summary: "",
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

