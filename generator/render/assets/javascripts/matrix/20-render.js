/* javascripts/matrix.js, part 2 of 6: a state applied to the page: rows filtered, sorted (against an opponent),
   ticked for comparison, and the status line.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of matrix/ in order into the javascripts/matrix.js the site ships. */
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

