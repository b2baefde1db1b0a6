/* Permalinks: every matrix cell, table value and fact carries an id built from the ids of what it
   shows (cell_<path>_<column>, v_<table>_<row>_<series>, r_<table>_<row>_<num>_<den>,
   v_<table>_<fact>), so a link to it survives rows being added or reordered.

   This script adds a small "copy link" anchor to each such cell (without JavaScript the ids still
   work as link targets, and :target highlights them), copies the cell's address on click, and
   highlights the cell the address points at, also after Material's instant navigation (which
   changes the address without updating :target).

   It also loads the engine's other scripts on the pages that need them, once per visit, so a page
   without them does not download them: matrix.js (the matrix's filter, sort and compare tools) where
   the matrix is, charts.js where a chart is, decide.js where the decision helper is, yours.js on the "Your numbers" page. Each of them
   follows Material's instant navigation itself (document$), from the page it was loaded on.

   And it removes the line every page shows saying that its scripts are off: they are not, since this one
   runs (it is trusted by its address under site_url, as the others are). */
(function () {
  "use strict";

  var here = document.currentScript ? document.currentScript.src : "";

  var ON_DEMAND = [
    ["matrix.js", "#matrix-tools"],
    ["matrix.js", "table.dg-strip[data-guide]", /[?&]judge=/], // an option's page opened from a judged matrix
    ["charts.js", "figure.dg-chart"],
    ["decide.js", "#dg-decide"],
    ["yours.js", "#dg-yours"]
  ];

  function loadOnDemand() {
    var loaded = (window.__dgLoaded = window.__dgLoaded || {});
    ON_DEMAND.forEach(function (entry) {
      if (loaded[entry[0]] || !here || !document.querySelector(entry[1])) return;
      if (entry[2] && !entry[2].test(location.search)) return;
      loaded[entry[0]] = true;
      var script = document.createElement("script");
      script.src = here.replace(/permalinks\.js(\?.*)?$/, entry[0]);
      document.head.appendChild(script);
    });
  }

  var CELLS = "td[id^='cell_'], td[id^='v_'], td[id^='r_']";

  function words(node) {
    return node ? node.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function label(td) {
    var tr = td.parentElement;
    var table = tr.closest("table");
    var row = words(tr.querySelector("th[scope=row] a") || tr.querySelector("th[scope=row]"));
    var index = Array.prototype.indexOf.call(tr.children, td);
    var head = table && table.tHead ? table.tHead.rows[0] : null;
    var column = head && head.cells[index] ? words(head.cells[index]) : td.getAttribute("data-label") || "";
    return [row, column].filter(Boolean).join(", ");
  }

  function status() {
    var box = document.getElementById("dg-copy-status");
    if (!box) {
      box = document.createElement("p");
      box.id = "dg-copy-status";
      box.className = "dg-copy-status";
      box.setAttribute("role", "status");
      document.body.appendChild(box);
    }
    return box;
  }

  function say(text) {
    var box = status();
    box.textContent = text;
    box.classList.add("dg-shown");
    clearTimeout(say.timer);
    say.timer = setTimeout(function () { box.classList.remove("dg-shown"); }, 2500);
  }

  function addLinks() {
    document.querySelectorAll(CELLS).forEach(function (td) {
      if (td.querySelector(":scope > .dg-permalink")) return;
      var a = document.createElement("a");
      a.className = "dg-permalink";
      a.href = "#" + td.id;
      a.setAttribute("aria-label", "Copy link to " + label(td));
      a.title = "Copy link to this cell";
      a.textContent = "#";
      td.appendChild(a);
    });
  }

  // The fragment as an id; a malformed escape (#%E0%A4%A) is taken as it stands, never thrown.
  function fragment(raw) {
    try {
      return decodeURIComponent(raw);
    } catch (e) {
      return raw;
    }
  }

  function highlight() {
    document.querySelectorAll(".dg-target").forEach(function (el) { el.classList.remove("dg-target"); });
    var id = location.hash ? fragment(location.hash.slice(1)) : "";
    var el = id ? document.getElementById(id) : null;
    if (el && (el.matches(CELLS) || el.matches("tr[id]"))) el.classList.add("dg-target");
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.dg-permalink");
    if (!link) return;
    var td = link.parentElement;
    // A cell re-judged in the browser ("Judge for") is that cell only with the address's ?judge=: the link keeps it.
    var url = location.origin + location.pathname + (td.classList.contains("dg-rejudged") ? location.search : "") + "#" + td.id;
    event.preventDefault();
    event.stopPropagation(); // keep Material's instant navigation from handling the anchor
    history.pushState(history.state, "", location.pathname + location.search + "#" + td.id);
    highlight();
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(
        function () { say("Link copied: " + label(td)); },
        function () { say("Copy failed: the link is in the address bar"); }
      );
    } else {
      say("The link is in the address bar");
    }
  }, true);

  window.addEventListener("hashchange", highlight);
  window.addEventListener("popstate", highlight);

  /* The page's line saying its scripts are off (generator/adapters/material/main.html): they run. */
  function scriptsRun() {
    Array.prototype.forEach.call(document.querySelectorAll(".dg-scripts-off"), function (line) {
      line.remove();
    });
  }
  scriptsRun();

  function init() {
    scriptsRun();
    loadOnDemand();
    addLinks();
    highlight();
    // A live region is announced only if it is in the page before its text changes.
    if (document.querySelector(CELLS)) status();
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
