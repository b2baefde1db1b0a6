/* javascripts/matrix.js, part 3 of 6: "Judge for": yours.js's rules loaded on first use, and one cell re-judged in
   the compact matrix's shape.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of matrix/ in order into the javascripts/matrix.js the site ships. */
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
    var link = td.querySelector(":scope > .dg-permalink"); // the cell's copy link (permalinks.js) stays with it
    td.textContent = "";
    td.appendChild(el("details", { "class": "dg-more" }, [head, body]));
    if (link) td.appendChild(link);
    return true;
  }

