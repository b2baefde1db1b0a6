/* javascripts/matrix.js, part 5 of 6: the side-by-side view of two or three options, from downloads/guide.json.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of matrix/ in order into the javascripts/matrix.js the site ships. */
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

