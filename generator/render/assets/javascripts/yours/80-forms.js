/* javascripts/yours.js, part 8 of 8: the page's forms ("Add a row", "Judge for"), the page built from guide.json,
   and its start on every page Material's instant navigation swaps in.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of yours/ in order into the javascripts/yours.js the site ships. */
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
    var places = (g.envelope || []).map(function (d) { // where the reader measured: the guide's envelope values
      var pick = el("select", { id: base + "_at_" + d.id, "data-dimension": d.id }, [el("option", { value: "", text: "not stated" })]);
      d.values.forEach(function (v) { pick.appendChild(el("option", { value: v.id, text: v.label })); });
      return [el("label", { "for": pick.id, text: d.label + " " }), pick, " "];
    });
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
      var n = freshRow(ctx);
      var where = dict();
      places.forEach(function (p) { if (p[1].value) where[p[1].getAttribute("data-dimension")] = p[1].value; });
      (ctx.added.rows[t.id] = ctx.added.rows[t.id] || []).push({ id: "yours-" + n, label: name, context: ctxId || null, load: at, at: where });
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
      load ? el("label", { "for": load.id, text: t.sweep.label + " " }) : "", load || "", load ? " " : ""].concat(
      [].concat.apply([], places), [
      el("label", { "for": select.id, text: noun + " " }), select, " ",
      el("label", { "for": other.id, "class": "dg-yours-label", text: "the new " + noun + "'s name" }), other, " ", add, " ", said]));
  }

  function freshRow(ctx) { // the next number of a reader's row: past every one the address or the page made
    var n = 0;
    Object.keys(ctx.added.rows).forEach(function (k) { ctx.added.rows[k].forEach(function (r) { n = Math.max(n, Number(r.id.slice(6)) || 0); }); });
    return n + 1;
  }
  /* A plan's CSV pasted (pasted(): placed): each line a row of the reader's own at its place, in its load point's
     context and load; a line pasted again at the same place and label gives that row its new values. */
  function placeRows(ctx, t, got, text) {
    var state = stateOf(ctx).state, mine = ctx.added.rows[t.id] = ctx.added.rows[t.id] || [], where = [];
    function key(at) { return Object.keys(at).sort().map(function (k) { return k + "~" + at[k]; }).join("~"); }
    got.placed.forEach(function (p) {
      var g = rowOf(t, p.row), load = t.sweep ? g.load : null, label = p.label || g.label;
      var row = mine.filter(function (r) { return r.label === label && r.context === g.context && r.load === load && key(r.at) === key(p.at); })[0];
      if (!row) mine.push(row = { id: "yours-" + freshRow(ctx), label: label, context: g.context, load: load, at: p.at });
      (state[t.id] = state[t.id] || dict())[row.id] = p.edits;
      var at = placeText(ctx.guide, row) || "no place stated";
      if (where.indexOf(at) < 0) where.push(at);
    });
    ctx.guide = withRows(ctx.base, ctx.added);
    build(ctx);
    ctx.inputs.forEach(function (f) {
      var e = state[f.t] && state[f.t][f.r] && state[f.t][f.r][f.s];
      if (e) f.input.value = entryText(e);
    });
    commit(ctx, "push");
    var area = document.getElementById("yp_" + t.id), n = got.placed.length;
    area.value = text;
    area.parentNode.open = true;
    document.getElementById("yp_" + t.id + "-said").textContent = "Read the pasted table: " + n + (n === 1 ? " row" : " rows") +
      " of your own, placed at " + where.join("; ") + ", counted only for the answers in that situation (the guide's rows keep their values)" +
      (got.problems.length ? "; " + got.problems.slice(0, 10).join("; ") : ".");
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
        var got = pasted(t, area.value, ctx.guide.number_range, ctx.guide.envelope);
        if (got.placed && got.placed.length) { placeRows(ctx, t, got, area.value); return; }
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
