/* javascripts/yours.js, part 7 of 8: the page: its elements and styles, the fields read, the matrix and the
   decision helper's answers drawn with the reader's values, the address kept.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of yours/ in order into the javascripts/yours.js the site ships. */
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
    return el("span", { "class": "dg-badge dg-" + (/^[a-z]+$/.test(v.colour) ? v.colour : "grey") + (v.judged ? " dg-judged" : "") }, [
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

  /* The reader's numbers a flipped cell reads: each value of its tables that differs from the guide's, published → yours. */
  function movedBy(ctx, state, g, result, f) {
    var i = g.columns.map(function (c) { return c.id; }).indexOf(f.column), now = result.cells[f.option][i] || {};
    var old = g.options.filter(function (o) { return o.id === f.option; })[0].cells[i] || {};
    var tables = (now.tables || []).concat(old.tables || []), moved = [];
    ctx.inputs.forEach(function (x) {
      var mine = state[x.t] && state[x.t][x.r] && state[x.t][x.r][x.s];
      if (!mine || tables.indexOf(x.t) < 0) return;
      var t = g.tables.filter(function (y) { return y.id === x.t; })[0] || { series: [], rows: [] };
      var s = t.series.filter(function (y) { return y.id === x.s; })[0], r = t.rows.filter(function (y) { return y.id === x.r; })[0];
      moved.push((s ? s.label : x.s) + " at " + (r ? r.label : x.r) + ": " + entryText(x.published) + " → " + entryText(mine) + (t.unit ? " " + t.unit : ""));
    });
    if (!moved.length) return "";
    var shown = moved.slice(0, 6).join("; ") + (moved.length > 6 ? "; and " + (moved.length - 6) + " more" : "");
    return "; your number" + (moved.length === 1 ? "" : "s") + " that moved it: " + shown;
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
        td.className = "dg-yours-cell dg-" + (/^[a-z]+$/.test(c.verdict.colour) ? c.verdict.colour : "grey") + (c.verdict.judged ? " dg-judged" : "") + (moved ? " dg-yours-moved" : "");
        td.textContent = "";
        var shown = c.parts && c.parts.length ? c.parts : [{ verdict: c.verdict, regimes: [] }];
        shown.forEach(function (p) { // each part says what it is measured against ("tie vs road")
          var line = el("span", { "class": "dg-yours-part" + (p.verdict.judged ? " dg-judged" : "") }, [el("span", { "class": "dg-symbol", "aria-hidden": "true", text: p.verdict.symbol }),
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
          (f.why ? " (" + f.why + ")" : "") + movedBy(ctx, got.state, shownGuide, result, f)
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

