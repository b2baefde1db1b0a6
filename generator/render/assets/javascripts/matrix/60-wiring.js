/* javascripts/matrix.js, part 6 of 6: wiring: the form's events, history, and the start on every page.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of matrix/ in order into the javascripts/matrix.js the site ships. */
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
