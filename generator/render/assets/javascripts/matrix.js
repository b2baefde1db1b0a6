/* The matrix's reader tools: filter rows by context and by verdict in any column, sort by any verdict
   column, and put two or three options side by side, without leaving the page.

   The page carries everything needed: each row names its option (data-option) and the contexts it
   works in (data-on); the table lists its columns' ids in order (data-columns); each cell its
   verdict level (data-level) and, for a comparison, the ratio the verdict comes from (data-value). The side-by-side view is built from
   downloads/guide.json, the same derived data the site publishes (linked under the matrix).

   "Judge for" (?judge=<context>) re-judges every comparison column from that context's rows only, with
   the rules yours.js implements for "Your numbers" (loaded from beside this script on first use; the
   parity test holds them to the Python derivation), over the same downloads/guide.json; an option's page
   opened from a judged matrix (its link carries ?judge=) judges its verdict strip the same way.

   State lives in the query string (?judge=<context>&on=<context>&f-<column>=<level>&sort=<column>&compare=a,b):
   a link restores it, a reload keeps it, back/forward step through it. It runs on every page
   Material's instant navigation swaps in (document$). Without JavaScript the form stays hidden and
   the full matrix and the static compare pages are there. */
(function () {
  "use strict";

  var RANK = { good: 0, mid: 1, bad: 2, unknown: 3, reference: 4 };
  var here = document.currentScript ? document.currentScript.src : "";
  var rulesLoading = null;
  var MAX = 3;
  var current = null; // {form, table, rows, order, path, status, view, data}
  var cache = {}; // guide.json by URL, fetched once per visit

  function text(node) {
    return node ? node.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }

  /* --- state <-> address ------------------------------------------------- */

  function stateFrom(ctx, search) {
    var params = new URLSearchParams(search);
    var state = { judge: "", on: "", filters: {}, sort: "", vs: "", compare: [] };
    if (ctx.judge && valid(ctx.judge, params.get("judge"))) state.judge = params.get("judge");
    var on = ctx.form.elements.on;
    if (on && valid(on, params.get("on"))) state.on = params.get("on");
    ctx.filterNames.forEach(function (name) {
      var value = params.get(name);
      if (valid(ctx.form.elements[name], value)) state.filters[name] = value;
    });
    if (valid(ctx.form.elements.sort, params.get("sort"))) state.sort = params.get("sort");
    if (state.sort && valid(ctx.form.elements.vs, params.get("vs"))) state.vs = params.get("vs");
    (params.get("compare") || "").split(",").forEach(function (id) {
      if (ctx.rowOf[id] && state.compare.indexOf(id) === -1 && state.compare.length < MAX) state.compare.push(id);
    });
    return state;
  }

  function valid(select, value) {
    if (!select || !value) return false;
    return Array.prototype.some.call(select.options, function (o) { return o.value === value; });
  }

  function searchFor(ctx, state) {
    var params = new URLSearchParams();
    if (state.judge) params.set("judge", state.judge);
    if (state.on) params.set("on", state.on);
    ctx.filterNames.forEach(function (name) { if (state.filters[name]) params.set(name, state.filters[name]); });
    if (state.sort) params.set("sort", state.sort);
    if (state.sort && state.vs) params.set("vs", state.vs);
    if (state.compare.length) params.set("compare", state.compare.join(","));
    var s = params.toString().replace(/%2C/g, ",");
    return s ? "?" + s : "";
  }

  function narrowed(state) { // the choices the folded tools hold ("Judge for" sits above them)
    return { judge: "", on: state.on, filters: state.filters, sort: state.sort, vs: state.vs, compare: state.compare };
  }

  function formState(ctx) {
    var f = ctx.form.elements;
    var state = { judge: ctx.judge ? ctx.judge.value : "", on: f.on ? f.on.value : "", filters: {}, sort: f.sort.value,
      vs: f.sort.value && f.vs ? f.vs.value : "", compare: [] };
    ctx.filterNames.forEach(function (name) { if (f[name].value) state.filters[name] = f[name].value; });
    ctx.order.forEach(function (id) {
      var box = ctx.boxes[id];
      if (box && box.checked) state.compare.push(id);
    });
    // Keep the order in which the reader ticked them, as far as the previous state knows it.
    state.compare.sort(function (a, b) {
      var ia = ctx.state.compare.indexOf(a), ib = ctx.state.compare.indexOf(b);
      return (ia === -1 ? MAX : ia) - (ib === -1 ? MAX : ib);
    });
    return state;
  }

  /* --- applying a state to the page --------------------------------------- */

  function cellOf(ctx, tr, column) {
    var index = ctx.columns.indexOf(column);
    return index === -1 ? null : tr.cells[index + 1]; // the row's header comes first
  }

  function matches(ctx, tr, state) {
    if (state.on && (" " + (tr.getAttribute("data-on") || "") + " ").indexOf(" " + state.on + " ") === -1) return false;
    return ctx.filterNames.every(function (name) {
      var want = state.filters[name];
      if (!want) return true;
      var td = cellOf(ctx, tr, name.slice(2));
      return td && td.getAttribute("data-level") === want;
    });
  }

  /* The opponent a sort ranks a comparison column against: the reader's choice, else the column's own (its
     baseline, or the option most of its cells are measured against; none where each row's best is the
     opponent). Rows measured against it rank by that verdict, the opponent with the level of a ratio of 1,
     and the rest follow by their own verdicts. */
  function sortOption(ctx, column) {
    var sel = ctx.form.elements.sort;
    return Array.prototype.filter.call(sel.options, function (o) { return o.value === column; })[0] || null;
  }
  function opponentOf(ctx, state) {
    var o = sortOption(ctx, state.sort);
    if (!o || !o.hasAttribute("data-vs")) return "";
    return state.vs || o.getAttribute("data-vs");
  }
  function versus(td) { // "road:bad folding:mid" -> {road: "bad", folding: "mid"}
    var out = {};
    (td && td.getAttribute("data-vs") || "").split(" ").forEach(function (pair) {
      var i = pair.lastIndexOf(":");
      if (i > 0) out[pair.slice(0, i)] = pair.slice(i + 1);
    });
    return out;
  }
  function sortKey(ctx, tr, column, vs, depth) {
    var td = cellOf(ctx, tr, column);
    // A judgement's polarity (data-above / data-below, cell_html.py): just above or below the option it reads
    // better or worse than, wherever that option sorts.
    var side = td && (td.hasAttribute("data-above") ? -1 : td.hasAttribute("data-below") ? 1 : 0);
    var next = side && ctx.rowOf[td.getAttribute(side < 0 ? "data-above" : "data-below")];
    if (next && (depth || 0) < 8) {
      var theirs = sortKey(ctx, next, column, vs, (depth || 0) + 1);
      return [theirs[0], theirs[1] + side * 1e-9];
    }
    if (vs) {
      var o = sortOption(ctx, column), against = versus(td)[vs];
      var ratio = td && td.hasAttribute("data-value") ? -parseFloat(td.getAttribute("data-value")) : 0;
      if (tr.getAttribute("data-option") === vs) return [+(o.getAttribute("data-vs-rank") || RANK.mid), -1];
      if (against) return [RANK[against] === undefined ? 9 : RANK[against], ratio]; // then by its ratio, best first
      var own = sortKey(ctx, tr, column, "");
      return [10 + own[0], own[1]];
    }
    // The baseline of a column sorts with the level its own ratio (1) gets there (data-rank).
    var level = !td ? undefined : td.hasAttribute("data-rank") ? +td.getAttribute("data-rank") : RANK[td.getAttribute("data-level")];
    var value = td && td.hasAttribute("data-value") ? parseFloat(td.getAttribute("data-value")) : -Infinity;
    return [level === undefined ? 9 : level, -value];
  }

  function render(ctx, state) {
    ctx.state = state;
    var f = ctx.form.elements;
    if (ctx.judge) {
      ctx.judge.value = state.judge;
      if (ctx.judged !== state.judge) { judgeMatrix(ctx, state); return; } // renders again once judged
    }
    if (f.on) f.on.value = state.on;
    ctx.filterNames.forEach(function (name) { f[name].value = state.filters[name] || ""; });
    f.sort.value = state.sort;
    // Filter.
    var shown = 0;
    ctx.order.forEach(function (id) {
      var tr = ctx.rowOf[id];
      var keep = matches(ctx, tr, state);
      tr.hidden = !keep;
      if (keep) shown += 1;
    });
    // Sort (stable: ties keep the guide's order).
    var ids = ctx.order.slice();
    var vs = state.sort ? opponentOf(ctx, state) : "";
    if (f.vs) {
      f.vs.value = state.vs;
      f.vs.disabled = !(state.sort && sortOption(ctx, state.sort) && sortOption(ctx, state.sort).hasAttribute("data-vs"));
    }
    if (state.sort) {
      ids.sort(function (a, b) {
        var ka = sortKey(ctx, ctx.rowOf[a], state.sort, vs), kb = sortKey(ctx, ctx.rowOf[b], state.sort, vs);
        return ka[0] - kb[0] || ka[1] - kb[1] || ctx.order.indexOf(a) - ctx.order.indexOf(b);
      });
    }
    var body = ctx.table.tBodies[0];
    ids.forEach(function (id) { body.appendChild(ctx.rowOf[id]); });
    ctx.heads.forEach(function (th) {
      if (state.sort && th.getAttribute("data-column") === state.sort) th.setAttribute("aria-sort", "descending");
      else th.removeAttribute("aria-sort");
    });
    // Compare.
    ctx.order.forEach(function (id) {
      var box = ctx.boxes[id];
      box.checked = state.compare.indexOf(id) !== -1;
      box.disabled = !box.checked && state.compare.length >= MAX;
    });
    var words = [];
    if (state.on) words.push(f.on.options[f.on.selectedIndex].text);
    ctx.filterNames.forEach(function (name) {
      if (state.filters[name]) words.push(ctx.labels[name] + ": " + f[name].options[f[name].selectedIndex].text);
    });
    var noun = ctx.form.getAttribute("data-noun-plural") || "rows";
    var said = shown === ctx.order.length
      ? "Showing all " + shown + " " + noun + "."
      : shown === 0
        ? "No " + noun.replace(/s$/, "") + " matches " + words.join(" and ") + "."
        : "Showing " + shown + " of " + ctx.order.length + " " + noun + ": " + words.join(" and ") + ".";
    if (state.sort) {
      said += " Sorted by " + f.sort.options[f.sort.selectedIndex].text;
      if (vs) {
        var vsName = ctx.optionName[vs] || vs;
        var apart = ctx.order.filter(function (id) {
          return !ctx.rowOf[id].hidden && id !== vs && !versus(cellOf(ctx, ctx.rowOf[id], state.sort))[vs];
        }).length;
        said += ", against " + vsName;
        if (apart) said += "; " + apart + " " + (apart === 1 ? noun.replace(/s$/, "") : noun) + " not compared with " + vsName +
          " follow" + (apart === 1 ? "s" : "") + ", by their own verdicts";
      } else if (sortOption(ctx, state.sort) && sortOption(ctx, state.sort).getAttribute("data-best") === "1") {
        said += ", each against the best of its row";
      }
      said += ".";
    }
    if (state.compare.length === 1) said += " Tick one or two more to compare.";
    if (state.judge) said += " Colours judged for " + contextName(ctx, state.judge) + ".";
    ctx.status.textContent = said;
    renderCompare(ctx, state);
  }

  /* --- "Judge for" ------------------------------------------------------------ */

  function rules() { // yours.js's rules (window.dgRules), loaded once from beside this script
    if (window.dgRules) return Promise.resolve(window.dgRules);
    if (!rulesLoading) {
      rulesLoading = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = here.replace(/matrix\.js(\?.*)?$/, "yours.js");
        script.onload = function () { if (window.dgRules) resolve(window.dgRules); else reject(new Error("no rules in yours.js")); };
        script.onerror = function () { rulesLoading = null; reject(new Error("yours.js could not be loaded")); };
        document.head.appendChild(script);
      });
    }
    return rulesLoading;
  }

  function contextName(ctx, id) {
    var select = ctx.judge;
    var o = select && Array.prototype.filter.call(select.options, function (x) { return x.value === id; })[0];
    return o ? o.text : id;
  }

  function staticPage(ctx, id) { // the matrix judged for `id` as a static page (judge/<context>/), from its <option>
    var select = ctx.judge;
    var o = select && Array.prototype.filter.call(select.options, function (x) { return x.value === id; })[0];
    var href = o && o.getAttribute("data-page");
    return href && !/^[a-z][a-z0-9+.-]*:/i.test(href) ? href : ""; // a relative link the build wrote, nothing else
  }

  function shownAs(c) { // what a cell says, to tell a re-judged cell from its published one
    return JSON.stringify([c.verdict && c.verdict.level, c.verdict && c.verdict.word, c.verdict && c.verdict.symbol,
      c.detail || "", c.summary || "", c.coverage || "",
      (c.parts || []).map(function (p) { return [p.verdict.level, p.word || p.verdict.word, p.regimes.map(function (r) { return r.name; })]; })]);
  }

  function judgedWord(v) { // a judgement says so, before its word (verdict_html.py: _judged_word)
    return v.judged ? [el("span", { "class": "dg-judged-word", text: (JUDGEMENT_WORD || "judgement") + ":" }), document.createTextNode(" ")] : [];
  }
  var JUDGEMENT_WORD = "";

  function verdictLine(v, word) {
    return el("span", { "class": "dg-verdict" }, [el("span", { "class": "dg-symbol", "aria-hidden": "true", text: v.symbol }),
      document.createTextNode(" ")].concat(judgedWord(v), [document.createTextNode(word || v.word)]));
  }

  var WORST = { bad: 0, mid: 1, good: 2, reference: 3, judged: 4, unknown: 5 };
  function glance(p) { // what the cell's line shows of a part (cells.py: Part.glance): a sweep's loads too
    var word = p.word || p.verdict.word, rs = p.regimes || [];
    if (rs.length && rs.every(function (r) { return r.swept; })) {
      return word + " on " + rs.map(function (r) { return r.name; }).join(", ");
    }
    return word;
  }
  function versusOf(parts) { // each opponent with the worst verdict against it (cell_html.py: _versus)
    var worst = {}, order = [];
    parts.forEach(function (p) {
      if (!p.opponent) return;
      if (!(p.opponent in worst)) { order.push(p.opponent); worst[p.opponent] = p.verdict.level; }
      else if (WORST[p.verdict.level] < WORST[worst[p.opponent]]) worst[p.opponent] = p.verdict.level;
    });
    return order.map(function (o) { return o + ":" + worst[o]; }).join(" ");
  }

  function colourOf(v) { return /^[a-z]+$/.test(v.colour) ? v.colour : "grey"; }

  /* One cell judged for a context, in the compact matrix's shape: the verdict line (a split cell's other parts
     as small badges) with the rest folded under it: each part with its rows, the ratios, the tables, and what
     the cell says for any context. The published cell is kept and put back when the judging is undone. */
  function judgeCell(td, published, c, name, results) {
    if (!td.dgPublished) {
      td.dgPublished = { html: td.innerHTML, cls: td.className, level: td.getAttribute("data-level"),
        value: td.getAttribute("data-value"), vs: td.getAttribute("data-vs") };
    }
    var saved = td.dgPublished;
    if (!c || shownAs(c) === shownAs(published)) {
      if (td.className !== saved.cls) {
        td.innerHTML = saved.html; // the page's own markup, as it was served
        td.className = saved.cls;
        td.setAttribute("data-level", saved.level);
        if (saved.value === null) td.removeAttribute("data-value"); else td.setAttribute("data-value", saved.value);
        if (saved.vs === null) td.removeAttribute("data-vs"); else td.setAttribute("data-vs", saved.vs);
      }
      return false;
    }
    var v = c.verdict, parts = c.parts || [];
    var links = {};
    Array.prototype.forEach.call(td.querySelectorAll("a.dg-src"), function (a) { links[a.hash.slice(1)] = a.cloneNode(true); });
    if (!td.dgLinks) td.dgLinks = links; else links = td.dgLinks;
    if (!td.dgMeasuredOn) { // where the cell's values were measured (the campaign), kept from the published cell
      td.dgMeasuredOn = Array.prototype.filter.call(td.querySelectorAll(".dg-from"), function (x) {
        return /^measured on /.test(text(x));
      }).map(function (x) { return x.cloneNode(true); });
    }
    td.className = "dg-cell dg-" + colourOf(v) + (v.judged ? " dg-judged" : "") + (parts.length > 1 ? " dg-split" : "") + " dg-rejudged";
    td.setAttribute("data-level", v.level);
    if (c.value === null || c.value === undefined) td.removeAttribute("data-value");
    else td.setAttribute("data-value", String(c.value));
    var vs = versusOf(parts);
    if (vs) td.setAttribute("data-vs", vs); else td.removeAttribute("data-vs");
    var first = parts[0], lineWord = first && first.verdict.level === v.level && first.verdict.word === v.word ? glance(first) : v.word;
    var head = el("summary", {}, [verdictLine(v, lineWord)]);
    if (!td.dgCaveats) td.dgCaveats = Array.prototype.map.call(td.querySelectorAll("summary .dg-caveat"), function (x) { return x.cloneNode(true); });
    td.dgCaveats.forEach(function (x) { // the record's caveats for any context stay on the line (cell_html.py: caveat_marks)
      head.appendChild(document.createTextNode(" "));
      head.appendChild(x.cloneNode(true));
    });
    parts.slice(1).forEach(function (p) {
      head.appendChild(document.createTextNode(" "));
      head.appendChild(el("span", { "class": "dg-mark dg-" + colourOf(p.verdict) + (p.verdict.judged ? " dg-judged" : "") }, [
        el("span", { "class": "dg-symbol", "aria-hidden": "true", text: p.verdict.symbol }), document.createTextNode(" ")].concat(
        judgedWord(p.verdict), [document.createTextNode(glance(p))])));
    });
    var body = el("div", { "class": "dg-more-body" });
    parts.forEach(function (p) {
      var line = el("span", { "class": "dg-part" }, [el("span", { "class": "dg-badge dg-" + colourOf(p.verdict) + (p.verdict.judged ? " dg-judged" : "") }, [
        el("span", { "class": "dg-symbol", "aria-hidden": "true", text: p.verdict.symbol }), document.createTextNode(" ")].concat(
        judgedWord(p.verdict), [document.createTextNode(p.word || p.verdict.word)]))]);
      if (p.regimes.length) line.appendChild(document.createTextNode(" on "));
      p.regimes.forEach(function (r, i) {
        if (i) line.appendChild(document.createTextNode(", "));
        line.appendChild(results && r.table ? el("a", { href: results + "#" + r.table + "-row-" + r.row, text: r.name }) : document.createTextNode(r.name));
      });
      body.appendChild(line);
    });
    if (c.summary) body.appendChild(el("span", { "class": "dg-detail dg-summary", text: c.summary }));
    if (c.coverage) body.appendChild(el("span", { "class": "dg-detail dg-coverage", text: "answers for " + c.coverage }));
    if (c.detail) body.appendChild(el("span", { "class": "dg-detail", text: c.detail }));
    if (c.judged && c.judged.confidence === "within noise") {
      body.appendChild(el("span", { "class": "dg-detail dg-noise" }, [el("span", { "class": "dg-symbol", "aria-hidden": "true", text: "≈" }),
        document.createTextNode(" within noise")]));
    }
    (c.tables || []).forEach(function (t) {
      body.appendChild(el("span", { "class": "dg-from" }, [document.createTextNode("from "), links[t] ? links[t].cloneNode(true) : document.createTextNode(t)]));
    });
    if ((c.tables || []).length) td.dgMeasuredOn.forEach(function (x) { body.appendChild(x.cloneNode(true)); });
    body.appendChild(el("span", { "class": "dg-detail dg-judged-for" }, [
      document.createTextNode("Judged for " + name + ". For any context: " + published.verdict.symbol + " " + published.verdict.word + ".")]));
    td.textContent = "";
    td.appendChild(el("details", { "class": "dg-more" }, [head, body]));
    return true;
  }

  /* The answer box says the answer for the context judged for (the guide's own for it, or the one for any). */
  function answerFor(context) {
    Array.prototype.forEach.call(document.querySelectorAll(".dg-answer [data-context]"), function (node) {
      node.hidden = node.getAttribute("data-context") !== (context || "");
    });
  }

  /* Every comparison cell of the given rows judged for `context` ("" undoes it); the number that changed. */
  function judgeRows(data, derived, context, rowsOf) {
    var name = "";
    data.contexts.forEach(function (c) { if (c.id === context) name = c.name; });
    JUDGEMENT_WORD = (data.levels.judged || {}).word || "judgement";
    var any = document.querySelector("a.dg-src");
    var results = any ? any.href.replace(/#.*$/, "") : "";
    var changed = 0;
    data.options.forEach(function (o) {
      var tds = rowsOf(o.id);
      if (!tds) return;
      data.columns.forEach(function (col, i) {
        if ((col.kind !== "comparison" && col.kind !== "support") || !tds[i]) return;
        if (judgeCell(tds[i], o.cells[i], derived ? derived.cells[o.id][i] : null, name, results)) changed += 1;
      });
    });
    return changed;
  }

  function judged(url, context) { // the guide's data and its cells judged for `context`
    return Promise.all([guideData(url), context ? rules() : Promise.resolve(null)]).then(function (got) {
      var data = got[0], r = got[1];
      if (!context) return { data: data, derived: null };
      data.judgedFor = data.judgedFor || {};
      if (!data.judgedFor[context]) data.judgedFor[context] = r.derive(data, {}, context);
      return { data: data, derived: data.judgedFor[context] };
    });
  }

  function judgeMatrix(ctx, state) {
    var want = state.judge;
    ctx.judging = want;
    ctx.judgeStatus.textContent = want ? "Judging for " + contextName(ctx, want) + "…" : "";
    judged(ctx.dataUrl, want).then(function (got) {
      if (ctx.judging !== want || current !== ctx) return;
      var changed = judgeRows(got.data, got.derived, want, function (id) {
        var tr = ctx.rowOf[id];
        return tr ? Array.prototype.slice.call(tr.cells, 1) : null;
      });
      ctx.judged = want;
      answerFor(want);
      Object.keys(ctx.rowOf).forEach(function (id) { // a row recommended for some contexts only loses its mark
        var tr = ctx.rowOf[id], only = tr.getAttribute("data-rec-contexts");
        if (only) tr.classList.toggle("dg-rec-off", !!want && (" " + only + " ").indexOf(" " + want + " ") < 0);
      });
      Object.keys(ctx.rowOf).forEach(function (id) { // an option's page opens judged as the matrix is
        var a = ctx.rowOf[id].querySelector("th > a");
        if (!a) return;
        var url = new URL(a.getAttribute("href"), location.href);
        if (want) url.searchParams.set("judge", want); else url.searchParams.delete("judge");
        a.href = url.pathname + url.search + url.hash;
      });
      var noun = ctx.judgeNoun;
      ctx.judgeStatus.textContent = "";
      if (want) {
        ctx.judgeStatus.appendChild(el("strong", { text: "Colours judged for " + contextName(ctx, want) + ":" }));
        ctx.judgeStatus.appendChild(document.createTextNode(" each comparison column reads " + contextName(ctx, want) +
          "'s rows and the rows that name no " + noun + "; " + changed + (changed === 1 ? " cell differs" : " cells differ") +
          " from any " + noun + " (a line under each)."));
        var page = staticPage(ctx, want);
        if (page) {
          ctx.judgeStatus.appendChild(document.createTextNode(" "));
          ctx.judgeStatus.appendChild(el("a", { href: page, text: "The same as a page of its own" }));
          ctx.judgeStatus.appendChild(document.createTextNode("."));
        }
      } else {
        ctx.judgeStatus.textContent = "Colours judged for any " + noun + ".";
      }
      render(ctx, ctx.state);
    }, function (err) {
      if (ctx.judging !== want || current !== ctx) return;
      ctx.judged = "";
      ctx.judgeStatus.textContent = "The colours could not be judged for " + contextName(ctx, want) + " (" + err.message + "); they are judged for any " + ctx.judgeNoun + ".";
      state.judge = "";
      render(ctx, state);
    });
  }

  /* An option's page opened with ?judge=: its verdict strip judged the same way. */
  function judgeStrip(table) {
    var context = new URLSearchParams(location.search).get("judge");
    var id = table.getAttribute("data-option");
    if (!context || !id) return;
    var url = new URL(table.getAttribute("data-guide"), location.href).href;
    guideData(url).then(function (data) {
      if (!data.contexts.some(function (c) { return c.id === context; })) return null;
      return judged(url, context);
    }).then(function (got) {
      if (!got || !document.body.contains(table)) return;
      var changed = judgeRows(got.data, got.derived, context, function (o) {
        return o === id ? Array.prototype.slice.call(table.tBodies[0].rows[0].cells) : null;
      });
      var name = "";
      got.data.contexts.forEach(function (c) { if (c.id === context) name = c.name; });
      var caption = table.querySelector("caption");
      var said = caption.querySelector(".dg-judge-said") || caption.appendChild(el("span", { "class": "dg-judge-said" }));
      said.textContent = " — colours judged for " + name + " (" + changed + (changed === 1 ? " cell differs" : " cells differ") +
        " from any " + got.data.guide.context_noun + ")";
      var back = caption.querySelector("a");
      if (back) {
        var u = new URL(back.getAttribute("href"), location.href);
        u.searchParams.set("judge", context);
        back.href = u.pathname + u.search + u.hash;
      }
    }, function () { /* the strip keeps its published colours */ });
  }

  /* --- the side-by-side view ----------------------------------------------- */

  function guideData(url) {
    if (!cache[url]) {
      cache[url] = fetch(url).then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.json();
      });
    }
    return cache[url];
  }

  /* A verdict cell of the side-by-side view is the matrix's own cell (split parts, noise, judgement and
     all), without its id and copy link, so both always say the same. */
  function verdictCell(ctx, id, index) {
    var td = ctx.rowOf[id].cells[index + 1].cloneNode(true);
    td.removeAttribute("id");
    td.querySelectorAll("[id], .dg-permalink").forEach(function (n) {
      if (n.classList.contains("dg-permalink")) n.remove();
      else n.removeAttribute("id");
    });
    return td;
  }

  function wrap(id, caption, head, rows) {
    var table = el("table", { "class": "dg-data dg-compare" }, [
      el("caption", { id: id, text: caption }),
      el("thead", {}, [el("tr", {}, head.map(function (h) { return el("th", { scope: "col", text: h }); }))]),
      el("tbody", {}, rows),
    ]);
    return el("div", { "class": "dg-table-wrap", role: "region", "aria-labelledby": id, tabindex: "0" }, [table]);
  }

  function compareTables(ctx, data, ids) {
    var options = ids.map(function (id) { return data.options.filter(function (o) { return o.id === id; })[0]; });
    var names = options.map(function (o) { return o.name; });
    var verdicts = data.columns.map(function (col, i) {
      return el("tr", {}, [el("th", { scope: "row", text: col.label })].concat(options.map(function (o) {
        return verdictCell(ctx, o.id, i);
      })));
    });
    var measured = [];
    data.tables.forEach(function (t) {
      if (t.kind !== "measurements") return;
      var series = ids.map(function (id) {
        var s = t.series.filter(function (s) { return s.option === id; })[0];
        return s ? s.id : null;
      });
      if (series.every(function (s) { return s === null; })) return;
      measured.push(el("tr", { "class": "dg-group" }, [
        el("th", { scope: "colgroup", colspan: String(1 + ids.length), text: t.title + " (" + t.unit + ", " + t.better + " is better)" }),
      ]));
      t.rows.forEach(function (row) {
        measured.push(el("tr", {}, [el("th", { scope: "row", text: row.label })].concat(series.map(function (s) {
          if (s === null) return el("td", { "class": "dg-nm", text: "not in this table" });
          var v = row.values[s];
          if (v.value === null) return el("td", { "class": "dg-nm", text: v.text });
          return el("td", { "class": "dg-num-cell" }, [
            document.createTextNode(v.text),
            v.spread ? document.createTextNode(" ") : null,
            v.spread ? el("span", { "class": "dg-spread", text: v.spread.text }) : null,
          ]);
        }))));
      });
    });
    if (!measured.length) {
      measured.push(el("tr", {}, [el("td", { colspan: String(1 + ids.length), text: "No table has a measured value for these." })]));
    }
    var needs = [el("tr", {}, options.map(function (o) {
      if (!o.needs.length) return el("td", { text: "nothing named" });
      return el("td", {}, [el("ul", {}, o.needs.map(function (n) {
        var where = n.context ? (data.contexts.filter(function (c) { return c.id === n.context; })[0] || {}).name : "any " + data.guide.context_noun;
        return el("li", {}, [document.createTextNode(n.kind + ": "), el("code", { text: n.value }), document.createTextNode(" (" + where + ")")]);
      }))]);
    }))];
    return [
      wrap("cmp-verdicts", "Verdicts, column by column", ["Column"].concat(names), verdicts),
      wrap("cmp-measured", "Every measured row with a value for one of them", ["Row"].concat(names), measured),
      wrap("cmp-needs", "What each needs set or installed", names, needs),
    ];
  }

  function renderCompare(ctx, state) {
    var view = ctx.view;
    var body = view.querySelector(".dg-compare-body");
    var key = state.compare.join(",") + "|" + (ctx.judged || "");
    if (state.compare.length < 2) {
      view.hidden = true;
      body.textContent = "";
      ctx.shownCompare = "";
      return;
    }
    if (ctx.shownCompare === key) return;
    ctx.shownCompare = key;
    var title = view.querySelector("h3");
    var names = state.compare.map(function (id) { return text(ctx.rowOf[id].querySelector("th a")); });
    title.textContent = "Side by side: " + names.join(", ");
    view.hidden = false;
    body.textContent = "Loading the data…";
    guideData(ctx.dataUrl).then(function (data) {
      if (ctx.shownCompare !== key) return;
      body.textContent = "";
      compareTables(ctx, data, state.compare).forEach(function (n) { body.appendChild(n); });
      var clear = el("button", { type: "button", "class": "md-button", text: "Close the comparison" });
      clear.addEventListener("click", function () {
        var next = formState(ctx);
        next.compare = [];
        commit(ctx, next);
        ctx.form.elements.sort.focus();
      });
      body.appendChild(el("p", {}, [clear]));
    }, function (err) {
      body.textContent = "The data could not be loaded (" + err.message + "); the static compare pages still work.";
    });
  }

  /* --- wiring ---------------------------------------------------------------- */

  function commit(ctx, state) {
    var search = searchFor(ctx, state);
    if (search !== location.search) history.pushState(history.state, "", location.pathname + search + location.hash);
    render(ctx, state);
  }

  function init() {
    var form = document.getElementById("matrix-tools");
    var table = document.querySelector("table.dg-matrix:not(.dg-strip)");
    var view = document.getElementById("compare");
    var json = document.querySelector(".dg-downloads a[type='application/json']");
    current = null;
    var strip = document.querySelector("table.dg-strip[data-guide]");
    if (strip) judgeStrip(strip);
    if (!form || !table || !view || !json) return;
    // Maps keyed by path ids (which the address names: ?compare=constructor is an id like any other)
    // have no prototype, so no id finds an inherited property.
    var judge = document.querySelector("#matrix-judge select[name=judge]");
    var ctx = {
      judge: judge, judgeStatus: document.getElementById("matrix-judge-status"), judged: "", judging: "",
      judgeNoun: (judge && judge.options[0] ? judge.options[0].text.replace(/^any /, "") : "context"),
      form: form, table: table, view: view, status: document.getElementById("matrix-status"),
      dataUrl: json.href, path: location.pathname, rowOf: Object.create(null), order: [], boxes: Object.create(null), labels: Object.create(null),
      filterNames: [], heads: [], state: { judge: "", on: "", filters: {}, sort: "", vs: "", compare: [] }, shownCompare: "",
      optionName: Object.create(null),
    };
    if (form.elements.vs) {
      Array.prototype.forEach.call(form.elements.vs.options, function (o) { if (o.value) ctx.optionName[o.value] = o.text; });
    }
    Array.prototype.forEach.call(form.elements, function (f) {
      if (f.name && f.name.indexOf("f-") === 0) {
        ctx.filterNames.push(f.name);
        ctx.labels[f.name] = text(f.parentElement.firstChild);
      }
    });
    var columns = (table.getAttribute("data-columns") || "").split(" ");
    ctx.columns = columns;
    ctx.heads = Array.prototype.slice.call(table.tHead.rows[0].cells, 1);
    ctx.heads.forEach(function (th, i) { th.setAttribute("data-column", columns[i]); });
    Array.prototype.forEach.call(table.tBodies[0].rows, function (tr) {
      var id = tr.getAttribute("data-option");
      if (!id) return;
      ctx.rowOf[id] = tr;
      ctx.order.push(id);
      var th = tr.querySelector("th");
      var box = th.querySelector("input.dg-pick-box");
      if (!box) {
        box = el("input", { type: "checkbox", "class": "dg-pick-box", value: id });
        var label = el("label", { "class": "dg-pick" }, [
          box, document.createTextNode(" compare"),
          el("span", { "class": "dg-sr-only", text: " " + text(th.querySelector("a")) }),
        ]);
        th.appendChild(label);
      }
      ctx.boxes[id] = box;
      box.addEventListener("change", function () { commit(ctx, formState(ctx)); });
    });
    form.addEventListener("change", function (event) {
      if (event.target.classList.contains("dg-pick-box")) return;
      commit(ctx, formState(ctx));
    });
    if (judge) judge.addEventListener("change", function () { commit(ctx, formState(ctx)); });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.addEventListener("reset", function (event) {
      event.preventDefault();
      commit(ctx, { judge: ctx.state.judge, on: "", filters: {}, sort: "", vs: "", compare: [] });
    });
    current = ctx;
    var state = stateFrom(ctx, location.search);
    var box = document.getElementById("matrix-tools-box");
    if (box && searchFor(ctx, narrowed(state))) box.open = true; // a shared view opens with its choices in sight
    var normal = searchFor(ctx, state);
    if (normal !== location.search) history.replaceState(history.state, "", location.pathname + normal + location.hash);
    render(ctx, state);
  }

  window.addEventListener("popstate", function () {
    if (current && document.body.contains(current.form) && location.pathname === current.path) {
      var state = stateFrom(current, location.search);
      var box = document.getElementById("matrix-tools-box");
      if (box && searchFor(current, narrowed(state))) box.open = true; // back or forward into a narrowed view: its choices in sight
      render(current, state);
    }
  });

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
