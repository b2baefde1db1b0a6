/* Decision helper: turns the static decision table of the "Which path?" page into a form.

   The rules are not here. The page embeds, as JSON computed at build time (in
   the data-decide attribute: Material's instant navigation would re-run a
   <script type="application/json"> as JavaScript), the questions and, for each
   row of the decision table, the answers that lead to it; every row's full
   answer is already on the page as HTML. This script only finds the row that
   the reader's answers reach and shows its answer.

   State lives in the query string (?question=answer&...): a link restores it,
   a reload keeps it, and back/forward step through the answers. It runs on
   each page Material's instant navigation swaps in (document$). */
(function () {
  "use strict";

  var current = null; // {root, data, form, result, status, path}

  function answersFrom(data, search) {
    var params = new URLSearchParams(search);
    var answers = {};
    data.questions.forEach(function (q) {
      var value = params.get(q.id);
      if (value !== null && q.answers.indexOf(value) !== -1) answers[q.id] = value;
    });
    return answers;
  }

  function searchFor(data, answers) {
    var params = new URLSearchParams();
    data.questions.forEach(function (q) {
      if (answers[q.id]) params.set(q.id, answers[q.id]);
    });
    var text = params.toString();
    return text ? "?" + text : "";
  }

  function reaches(leaf, answers) {
    return Object.keys(leaf.when).every(function (q) {
      return !answers[q] || leaf.when[q].indexOf(answers[q]) !== -1;
    });
  }

  function formAnswers(ctx) {
    var answers = {};
    ctx.data.questions.forEach(function (q) {
      var checked = ctx.form.querySelector('input[name="' + q.id + '"]:checked');
      if (checked) answers[q.id] = checked.value;
    });
    return answers;
  }

  function render(ctx, answers) {
    var data = ctx.data;
    data.questions.forEach(function (q) {
      q.answers.forEach(function (a) {
        var input = document.getElementById("dg-" + q.id + "-" + a);
        if (input) input.checked = answers[q.id] === a;
      });
    });
    var open = data.leaves.filter(function (leaf) { return reaches(leaf, answers); });
    var matter = {};
    open.forEach(function (leaf) {
      Object.keys(leaf.when).forEach(function (q) { matter[q] = true; });
    });
    data.questions.forEach(function (q) {
      var fieldset = ctx.form.querySelector('fieldset[data-question="' + q.id + '"]');
      var idle = open.length === 1 && !matter[q.id];
      fieldset.classList.toggle("dg-q-idle", idle);
      fieldset.querySelector(".dg-q-note").hidden = !idle;
    });
    var reached = open.length === 1 ? open[0].id : null;
    Array.prototype.forEach.call(document.querySelectorAll("table.dg-decisions tr[data-leaf]"), function (row) {
      var here = row.getAttribute("data-leaf") === reached;
      row.classList.toggle("dg-row-current", here);
      if (here) row.setAttribute("aria-current", "true"); else row.removeAttribute("aria-current");
    });
    var result = ctx.result;
    result.textContent = "";
    var original = open.length === 1 ? document.getElementById(open[0].id) : null;
    if (original) {
      var card = original.cloneNode(true);
      card.removeAttribute("id");
      card.removeAttribute("aria-labelledby");
      Array.prototype.forEach.call(card.querySelectorAll("[id]"), function (el) { el.removeAttribute("id"); });
      var back = card.querySelector(".dg-leaf-back");
      if (back) back.remove();
      var title = card.querySelector(".dg-leaf-title");
      var kicker = document.createElement("p");
      kicker.className = "dg-result-kicker";
      kicker.textContent = "The answer for";
      title.parentNode.insertBefore(kicker, title);
      card.classList.add("dg-leaf-result");
      result.appendChild(card);
      result.hidden = false;
      ctx.status.textContent = (open[0].beyond ? "Outside the source's scope, not measured; its pick: " : "Recommended: ") +
        open[0].picks.join("; runner-up: ");
      ctx.root.classList.add("dg-decide-answered");
    } else {
      ctx.root.classList.remove("dg-decide-answered");
      var left = data.questions.filter(function (q) { return matter[q.id] && !answers[q.id]; }).length;
      var hint = document.createElement("p");
      hint.className = "dg-result-hint";
      hint.textContent = Object.keys(answers).length === 0
        ? "Answer the questions above; the recommendation appears as soon as your answers settle it."
        : left + (left === 1 ? " more answer settles it." : " more answers settle it.");
      result.appendChild(hint);
      result.hidden = false;
      ctx.status.textContent = "";
    }
  }

  function commit(ctx, answers) {
    var url = location.pathname + searchFor(ctx.data, answers);
    if (url !== location.pathname + location.search) history.pushState(null, "", url);
    render(ctx, answers);
  }

  function init() {
    var root = document.getElementById("dg-decide");
    current = null;
    if (!root) return;
    var data = JSON.parse(root.getAttribute("data-decide"));
    var ctx = {
      root: root,
      data: data,
      form: root.querySelector(".dg-decide-form"),
      result: root.querySelector(".dg-decide-result"),
      status: root.querySelector(".dg-decide-status"),
      path: location.pathname
    };
    ctx.form.hidden = false;
    (root.closest("article") || root.parentNode).classList.add("dg-decide-js");
    ctx.form.addEventListener("change", function () { commit(ctx, formAnswers(ctx)); });
    ctx.form.addEventListener("reset", function (event) {
      event.preventDefault();
      commit(ctx, {});
    });
    // A row of the table sets the form to that row's answers (its "any" questions stay open).
    var table = document.querySelector("table.dg-decisions");
    if (table) {
      table.addEventListener("click", function (event) {
        // Material's instant navigation makes every href absolute, so compare the parsed link.
        var link = event.target.closest && event.target.closest("a[href*='#when-']");
        if (!link || link.pathname !== location.pathname) return;
        var leaf = data.leaves.filter(function (l) { return "#" + l.id === link.hash; })[0];
        if (!leaf) return;
        event.preventDefault();
        event.stopPropagation(); // keep Material's instant navigation from handling the anchor
        var answers = {};
        Object.keys(leaf.when).forEach(function (q) { answers[q] = leaf.when[q][0]; });
        commit(ctx, answers);
        ctx.form.scrollIntoView({ behavior: "smooth", block: "start" });
      });
    }
    var answers = answersFrom(data, location.search);
    // A link to a row's anchor (from the page without JavaScript) opens with that row's answers.
    var hashed = location.hash && data.leaves.filter(function (l) { return "#" + l.id === location.hash; })[0];
    if (!Object.keys(answers).length && hashed) {
      Object.keys(hashed.when).forEach(function (q) { answers[q] = hashed.when[q][0]; });
      history.replaceState(history.state, "", location.pathname + searchFor(data, answers));
    }
    current = ctx;
    render(ctx, answers);
    // A permalink (answers in the address) opens at its answer, not at the questions a screen above it.
    if (Object.keys(answers).length && ctx.root.classList.contains("dg-decide-answered")) {
      ctx.result.scrollIntoView({ block: "start" });
    }
  }

  window.addEventListener("popstate", function () {
    if (current && document.body.contains(current.root) && location.pathname === current.path) {
      render(current, answersFrom(current.data, location.search));
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
