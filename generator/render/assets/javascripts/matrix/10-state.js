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
/* javascripts/matrix.js, part 1 of 6: the state of the matrix's tools and the address's query string.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of matrix/ in order into the javascripts/matrix.js the site ships. */
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

