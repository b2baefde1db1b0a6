/* javascripts/matrix.js, part 4 of 6: "Judge for": every comparison cell of the matrix, or of an option's verdict
   strip, judged for one context.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of matrix/ in order into the javascripts/matrix.js the site ships. */
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

