/* javascripts/yours.js, part 6 of 8: what a reader types (a field's text, the address's fragment, a pasted CSV
   table, rows and contexts of their own) and the rules exported (window.dgRules, module.exports).
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of yours/ in order into the javascripts/yours.js the site ships. */
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
  /* A plan's CSV (downloads/plans/*.json: bring_back.your_numbers) adds an "at <dimension>" column per envelope
     dimension of its answer's situation: each line is then a row of the reader's own placed there (placed[]: its
     load point's row, label, place, values), never a value of the guide's row, which was measured elsewhere. */
  function pasted(t, text, range, envelope) {
    var rows = csvRows(String(text)), problems = [], edits = dict(), placed = [];
    if (!rows.length) return { problems: ["nothing to read: paste the table with its header line"] };
    var head = rows[0].map(function (h) { return h.trim(); }), cols = dict(), at = [], dims = dict(), taken = [];
    t.series.forEach(function (s) {
      var i = head.indexOf(s.id + " (" + t.unit + ")");
      if (i < 0) i = head.indexOf(s.id);
      if (i >= 0) { cols[s.id] = i; taken.push(i); }
    });
    if (head[0] !== "row" || !Object.keys(cols).length) {
      return { problems: ["the first line must be the CSV's header: row, label, context, then one column per series such as “" +
        t.series[0].id + " (" + t.unit + ")”"] };
    }
    (envelope || []).forEach(function (d) { dims[d.id] = d; });
    for (var h = 0; h < head.length; h++) {
      var m = /^at\s+(.*)$/i.exec(head[h]);
      if (!m || taken.indexOf(h) >= 0) continue;
      if (!Object.prototype.hasOwnProperty.call(dims, m[1])) {
        return { problems: ["column “" + head[h].slice(0, 40) + "”: the guide has no dimension “" + m[1].slice(0, 40) + "” (" +
          (Object.keys(dims).length ? "its dimensions: " + Object.keys(dims).join(", ") : "it declares none") + "); nothing was read"] };
      }
      at.push([h, dims[m[1]]]);
    }
    var ids = dict();
    t.rows.forEach(function (r) { ids[r.id] = true; });
    rows.slice(1).forEach(function (r, n) {
      var id = (r[0] || "").trim(), line = "line " + (n + 2), where = dict(), mine = dict(), given = 0;
      if (!Object.prototype.hasOwnProperty.call(ids, id)) { problems.push(line + ": no row “" + id.slice(0, 40) + "” in this table"); return; }
      for (var k = 0; k < at.length; k++) {
        var v = (r[at[k][0]] || "").trim(), d = at[k][1], hit = d.values.filter(function (x) { return x.id === v || x.label.toLowerCase() === v.toLowerCase(); })[0];
        if (hit) where[d.id] = hit.id;
        else if (v) { problems.push(line + ", at " + d.id + ": “" + v.slice(0, 40) + "” is not a value of " + d.label + " (write one of " + d.values.map(function (x) { return x.id; }).join(", ") + "): line left out"); return; }
      }
      Object.keys(cols).forEach(function (s) {
        var got = parse(r[cols[s]] === undefined ? "" : r[cols[s]].replace(/^'/, ""), range);
        if (got.error) problems.push(line + ", " + s + ": " + got.error);
        else if (!at.length) (edits[id] = edits[id] || dict())[s] = got.entry;
        else if (!got.entry.nm) { mine[s] = got.entry; given++; }
      });
      if (at.length && given) placed.push({ row: id, label: (r[1] || "").trim().slice(0, 60), at: where, edits: mine });
      else if (at.length) problems.push(line + ": no value given: left out");
    });
    return { edits: edits, placed: at.length ? placed : null, problems: problems };
  }

  /* The guide with a reader's own rows (and contexts the guide has none of): every added row starts "not measured"
     and is judged by the same rules, in its context ("Your numbers": one's own A/B on a framework not measured).
     added: {contexts: [{id, name}], rows: {table id: [{id, label, context, load, at}]}}; load: a sweep table's row's
     load; at: envelope dimension id -> the value the reader measured at (guide.json 1.9 envelope), absent: not stated. */
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
          ratios: [], added: true, at: r.at || dict() };
      }));
      return copy;
    });
    return out;
  }
  /* The added rows and contexts in the address: row.<table>.<id>=<context>~<label>, context.<id>=<name>; a row of a
     sweep: row.<table>.<id>=<context>~<load>~<label>; a row's place: at.<table>.<id>=<dimension>~<value>~... */
  function addedFragment(added) {
    var out = [];
    ((added && added.contexts) || []).forEach(function (c) { out.push("context." + c.id + "=" + encodeURIComponent(c.name)); });
    Object.keys((added && added.rows) || dict()).sort().forEach(function (t) {
      added.rows[t].forEach(function (r) {
        var load = typeof r.load === "number" ? raw(r.load) + "~" : "";
        out.push("row." + t + "." + r.id + "=" + encodeURIComponent((r.context || "") + "~" + load + r.label));
        var at = Object.keys(r.at || dict()).sort().map(function (k) { return k + "~" + r.at[k]; });
        if (at.length) out.push("at." + t + "." + r.id + "=" + encodeURIComponent(at.join("~")));
      });
    });
    return out.join("&");
  }
  function addedFrom(guide, hash) {
    var added = { contexts: [], rows: dict() }, known = dict(), tables = dict(), rest = [];
    var names = dict(); // a context named as another is an impostor: refused, never shown as that context
    guide.contexts.forEach(function (c) { known[c.id] = true; names[String(c.name).trim().toLowerCase()] = true; });
    guide.tables.forEach(function (t) { if (t.kind === "measurements") tables[t.id] = t; });
    var places = [], dims = dict(); // a place names only the guide's envelope dimensions and their values
    (guide.envelope || []).forEach(function (d) {
      dims[d.id] = dict();
      d.values.forEach(function (v) { dims[d.id][v.id] = true; });
    });
    String(hash || "").replace(/^#/, "").split("&").forEach(function (part) {
      var m = /^(context|row|at)\.([^=]*)=(.*)$/.exec(part), text = null;
      if (!m) { if (part) rest.push(part); return; }
      try { text = decodeURIComponent(m[3]).slice(0, 80); } catch (err) { return; }
      if (m[1] === "at") { places.push([m[2], text.split("~")]); return; }
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
      (added.rows[t] = added.rows[t] || []).push({ id: id, label: label, context: ctxId || null, load: load, at: dict() });
    });
    places.forEach(function (p) {
      var dot = p[0].indexOf("."), t = p[0].slice(0, dot), id = p[0].slice(dot + 1);
      var row = (added.rows[t] || []).filter(function (r) { return r.id === id; })[0];
      for (var i = 0; row && i + 1 < p[1].length; i += 2) if (dims[p[1][i]] && dims[p[1][i]][p[1][i + 1]]) row.at[p[1][i]] = p[1][i + 1];
    });
    return { added: added, rest: rest.join("&") };
  }

  var core = { derive: derive, answers: answers, parse: parse, fixed: fixed, ratioChange: ratioChange, fragment: fragment,
    fromFragment: fromFragment, pasted: pasted, published: published, entryText: entryText, withRows: withRows,
    addedFragment: addedFragment, addedFrom: addedFrom };
  if (typeof module === "object" && module.exports) { module.exports = core; return; }
  window.dgRules = core; // the matrix's "Judge for" (matrix.js) judges with these same rules

