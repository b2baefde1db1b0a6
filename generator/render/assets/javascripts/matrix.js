/* The matrix's reader tools: filter rows by context and by verdict in any column, sort by any verdict
   column, and put two or three options side by side, without leaving the page.

   The page carries everything needed: each row names its option (data-option) and the contexts it
   works in (data-on); the table lists its columns' ids in order (data-columns); each cell its
   verdict level (data-level) and, for a comparison, the ratio the verdict comes from (data-value). The side-by-side view is built from
   downloads/guide.json, the same derived data the site publishes (linked under the matrix).

   State lives in the query string (?on=<context>&f-<column>=<level>&sort=<column>&compare=a,b):
   a link restores it, a reload keeps it, back/forward step through it. It runs on every page
   Material's instant navigation swaps in (document$). Without JavaScript the form stays hidden and
   the full matrix and the static compare pages are there. */
(function () {
  "use strict";

  var RANK = { good: 0, mid: 1, bad: 2, unknown: 3, reference: 4 };
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
    var state = { on: "", filters: {}, sort: "", compare: [] };
    var on = ctx.form.elements.on;
    if (on && valid(on, params.get("on"))) state.on = params.get("on");
    ctx.filterNames.forEach(function (name) {
      var value = params.get(name);
      if (valid(ctx.form.elements[name], value)) state.filters[name] = value;
    });
    if (valid(ctx.form.elements.sort, params.get("sort"))) state.sort = params.get("sort");
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
    if (state.on) params.set("on", state.on);
    ctx.filterNames.forEach(function (name) { if (state.filters[name]) params.set(name, state.filters[name]); });
    if (state.sort) params.set("sort", state.sort);
    if (state.compare.length) params.set("compare", state.compare.join(","));
    var s = params.toString().replace(/%2C/g, ",");
    return s ? "?" + s : "";
  }

  function formState(ctx) {
    var f = ctx.form.elements;
    var state = { on: f.on ? f.on.value : "", filters: {}, sort: f.sort.value, compare: [] };
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

  function sortKey(ctx, tr, column) {
    var td = cellOf(ctx, tr, column);
    // The baseline of a column sorts with the level its own ratio (1) gets there (data-rank).
    var level = !td ? undefined : td.hasAttribute("data-rank") ? +td.getAttribute("data-rank") : RANK[td.getAttribute("data-level")];
    var value = td && td.hasAttribute("data-value") ? parseFloat(td.getAttribute("data-value")) : -Infinity;
    return [level === undefined ? 9 : level, -value];
  }

  function render(ctx, state) {
    ctx.state = state;
    var f = ctx.form.elements;
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
    if (state.sort) {
      ids.sort(function (a, b) {
        var ka = sortKey(ctx, ctx.rowOf[a], state.sort), kb = sortKey(ctx, ctx.rowOf[b], state.sort);
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
    if (state.sort) said += " Sorted by " + f.sort.options[f.sort.selectedIndex].text + ".";
    if (state.compare.length === 1) said += " Tick one or two more to compare.";
    ctx.status.textContent = said;
    renderCompare(ctx, state);
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
    var key = state.compare.join(",");
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
    var table = document.querySelector("table.dg-matrix");
    var view = document.getElementById("compare");
    var json = document.querySelector(".dg-downloads a[type='application/json']");
    current = null;
    if (!form || !table || !view || !json) return;
    // Maps keyed by path ids (which the address names: ?compare=constructor is an id like any other)
    // have no prototype, so no id finds an inherited property.
    var ctx = {
      form: form, table: table, view: view, status: document.getElementById("matrix-status"),
      dataUrl: json.href, path: location.pathname, rowOf: Object.create(null), order: [], boxes: Object.create(null), labels: Object.create(null),
      filterNames: [], heads: [], state: { on: "", filters: {}, sort: "", compare: [] }, shownCompare: "",
    };
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
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.addEventListener("reset", function (event) {
      event.preventDefault();
      commit(ctx, { on: "", filters: {}, sort: "", compare: [] });
    });
    current = ctx;
    var state = stateFrom(ctx, location.search);
    var box = document.getElementById("matrix-tools-box");
    if (box && searchFor(ctx, state)) box.open = true; // a shared view opens with its choices in sight
    var normal = searchFor(ctx, state);
    if (normal !== location.search) history.replaceState(history.state, "", location.pathname + normal + location.hash);
    render(ctx, state);
  }

  window.addEventListener("popstate", function () {
    if (current && document.body.contains(current.form) && location.pathname === current.path) {
      var state = stateFrom(current, location.search);
      var box = document.getElementById("matrix-tools-box");
      if (box && searchFor(current, state)) box.open = true; // back or forward into a narrowed view: its choices in sight
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
