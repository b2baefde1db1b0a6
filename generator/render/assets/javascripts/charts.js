/* Makes the guide's charts interactive.
 *
 * Each chart is a <figure class="dg-chart"> whose plot box (its height reserved by the page) already
 * holds the chart drawn as SVG when the site was built (generator/render/bar_svg.py, curve_svg.py), and
 * whose data-spec attribute holds the same chart as a plotly figure (JSON); the caption says everything in
 * words. The SVG is what a reader sees first, in print and without scripts. This script:
 *
 * - runs on every page Material shows, including pages reached by instant navigation (document$), and does
 *   nothing on a page without a chart;
 * - loads plotly.js from the site itself (vendor/ beside this file) at most once per visit, and only when
 *   the reader asks for it: the pointer enters a chart, a chart gets the keyboard focus, or a finger or
 *   a click touches it. Until then a page weighs what its HTML, the theme and its SVG weigh;
 * - then draws that chart with plotly in the same box, over the SVG, and hides the SVG once drawn: the box
 *   keeps its height, so nothing moves;
 * - takes colours and font from Material's palette, and follows the palette toggle live (it observes
 *   data-md-color-scheme on body; the SVG follows by itself, through CSS);
 * - redraws to the right width when the plot box changes size (window resize, a content tab shown, the
 *   sidebar toggled);
 * - lets a sweep's curve chart (the one kind with a hover mode) show each point's values on hover or tap,
 *   and go to its value in the table on a click.
 *
 * plotly.js is the guide's own bundle (tools/plotly: bar and scatter traces and the components these charts
 * use, built with esbuild from the plotly.js package, about 355 KiB gzipped), or as a fallback the npm
 * package plotly.js-basic-dist-min (bar, scatter, pie; 386 KiB).
 */
(function () {
  "use strict";

  var PLOTLY_URL = new URL("vendor/plotly.min.js", document.currentScript.src).href;
  /* Bar charts say everything in their labels and are static; a chart with a hover mode (a sweep's
     curves) answers the pointer, but nothing on it drags or zooms, so a finger still scrolls the page. */
  function config(layout) {
    return { staticPlot: layout.hovermode === false, displayModeBar: false, responsive: false };
  }
  var loading = null;
  var current = null;

  function loadPlotly() {
    if (window.Plotly) return Promise.resolve(window.Plotly);
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = PLOTLY_URL;
        script.async = true;
        script.onload = function () { resolve(window.Plotly); };
        script.onerror = function () {
          loading = null;
          reject(new Error("charts: could not load " + PLOTLY_URL));
        };
        document.head.appendChild(script);
      });
    }
    return loading;
  }

  /* Material's colours are CSS custom properties in hsla(...deg...) form; let the
     browser resolve them to rgb(a) strings that plotly understands. */
  function palette() {
    var probe = document.createElement("span");
    probe.style.display = "none";
    document.body.appendChild(probe);
    function resolve(name) {
      probe.style.color = "var(" + name + ")";
      return getComputedStyle(probe).color;
    }
    var colours = {
      bg: resolve("--md-default-bg-color"),
      fg: resolve("--md-default-fg-color"),
      muted: resolve("--md-default-fg-color--light"),
      grid: resolve("--md-default-fg-color--lightest"),
      axis: resolve("--md-default-fg-color--lighter"),
      font: getComputedStyle(document.body).fontFamily
    };
    probe.remove();
    return colours;
  }

  /* The layout keys that carry colour, for the current palette. */
  function themed(layout, c) {
    var update = {
      paper_bgcolor: c.bg,
      plot_bgcolor: c.bg,
      "font.color": c.fg,
      "font.family": c.font
    };
    Object.keys(layout).forEach(function (key) {
      if (/^[xy]axis\d*$/.test(key)) {
        update[key + ".gridcolor"] = c.grid;
        update[key + ".zerolinecolor"] = c.axis;
        update[key + ".linecolor"] = c.axis;
      }
    });
    (layout.annotations || []).forEach(function (a, i) {
      update["annotations[" + i + "].font.color"] = a.name === "not-measured" ? c.muted : c.fg;
    });
    return update;
  }

  /* Whiskers (a value's spread) are drawn in the text colour of the palette. */
  function themeWhiskers(data, c) {
    data.forEach(function (trace) {
      if (trace.error_x) trace.error_x.color = c.fg;
    });
  }

  function applyTo(layout, update) {
    Object.keys(update).forEach(function (path) {
      var parts = path.replace(/\[(\d+)\]/g, ".$1").split(".");
      var node = layout;
      for (var i = 0; i < parts.length - 1; i++) {
        if (node[parts[i]] === undefined) node[parts[i]] = {};
        node = node[parts[i]];
      }
      node[parts[parts.length - 1]] = update[path];
    });
    return layout;
  }

  /* A point whose customdata names an element of the page (its value in the table) goes there when clicked.
     Not on a tap: a finger has no hover, so a tap shows the point's values instead. */
  var lastTouch = 0;
  function follow(event) {
    var source = (event && event.event) || {};
    // A tap reaches plotly as a touch and then as the mouse events the browser makes of it.
    if (/^touch/.test(source.type || "")) lastTouch = Date.now();
    var caps = source.sourceCapabilities;
    if (Date.now() - lastTouch < 1000 || (caps && caps.firesTouchEvents)) return;
    var point = event && event.points && event.points[0];
    var target = point && typeof point.customdata === "string" && document.getElementById(point.customdata);
    if (target) window.location.hash = point.customdata;
  }

  /* One page's charts: what makes each interactive when asked, then resizes and re-themes it; torn down
     on navigation. */
  var ASK = ["pointerenter", "focusin", "click", "touchstart"];
  function Page(figures) {
    var self = this;
    this.plots = [];
    this.asked = [];
    this.sizes = new ResizeObserver(function (entries) {
      entries.forEach(function (entry) {
        var plot = entry.target;
        if (plot.dataset.drawn === "true" && entry.contentRect.width > 0 && window.Plotly) {
          window.Plotly.Plots.resize(plot);
        }
      });
    });
    figures.forEach(function (figure) {
      var plot = figure.querySelector(".dg-chart-plot");
      if (!plot) return;
      if (!plot.hasAttribute("tabindex")) plot.tabIndex = 0; // the keyboard can ask for it too
      function ask() {
        ASK.forEach(function (type) { plot.removeEventListener(type, ask); });
        self.draw(plot);
      }
      ASK.forEach(function (type) { plot.addEventListener(type, ask, { passive: true }); });
      self.asked.push([plot, ask]);
    });
  }

  Page.prototype.draw = function (plot) {
    var self = this;
    var figure = plot.closest("figure");
    if (!figure || !plot.isConnected || plot.dataset.drawn) return Promise.resolve();
    plot.dataset.drawn = "drawing";
    var spec = JSON.parse(plot.dataset.spec);
    return loadPlotly().then(function (Plotly) {
      if (!plot.isConnected) return;
      var colours = palette();
      applyTo(spec.layout, themed(spec.layout, colours));
      themeWhiskers(spec.data, colours);
      return Plotly.newPlot(plot, spec.data, spec.layout, config(spec.layout)).then(function () {
        if (plot.on) plot.on("plotly_click", follow);
        plot.dataset.drawn = "true";
        figure.classList.add("dg-chart--drawn");
        self.plots.push(plot);
        self.sizes.observe(plot);
      });
    }).catch(function (error) {
      figure.classList.add("dg-chart--failed");
      console.error(error);
    });
  };

  Page.prototype.retheme = function () {
    if (!window.Plotly) return;
    var colours = palette();
    this.plots.forEach(function (plot) {
      if (!plot.isConnected) return;
      var whiskered = [];
      plot.data.forEach(function (trace, i) { if (trace.error_x) whiskered.push(i); });
      if (whiskered.length) window.Plotly.restyle(plot, { "error_x.color": colours.fg }, whiskered);
      window.Plotly.relayout(plot, themed(plot.layout, colours));
    });
  };

  Page.prototype.close = function () {
    this.asked.forEach(function (pair) {
      ASK.forEach(function (type) { pair[0].removeEventListener(type, pair[1]); });
    });
    this.sizes.disconnect();
    this.plots.forEach(function (plot) {
      if (window.Plotly) window.Plotly.purge(plot);
    });
    this.plots = [];
  };

  function setup() {
    if (current) current.close();
    current = null;
    var figures = Array.prototype.slice.call(document.querySelectorAll("figure.dg-chart"));
    if (figures.length) current = new Page(figures);
  }

  new MutationObserver(function () {
    if (current) current.retheme();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });

  if (typeof window.document$ !== "undefined") {
    window.document$.subscribe(setup);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
