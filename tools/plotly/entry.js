"use strict";
/*
 * The guide's plotly.js: what src/core.js of plotly.js registers, less what the guide's charts never
 * use, plus the bar trace. The charts (generator/render/chart_spec.py and curve_spec.py, drawn by
 * generator/render/assets/javascripts/charts.js) are bar charts with annotations and a sweep's curves
 * (scatter lines, markers and text, with hover), so the sliders, menus,
 * range sliders and selectors, images, grid and 3-D annotations are left out, with the snapshot and
 * schema APIs. Mode bar, selections and shapes stay registered: plotting reads their layout
 * defaults even when they are off. Built by `make plotly-bundle` (npm run build); never committed.
 */

exports.version = require("plotly.js/src/version").version;

require("native-promise-only");
require("plotly.js/build/plotcss");

var Registry = require("plotly.js/src/registry");
var register = (exports.register = Registry.register);

var plotApi = require("plotly.js/src/plot_api");
Object.keys(plotApi).forEach(function (name) {
  if (name.charAt(0) !== "_") exports[name] = plotApi[name];
  register({ moduleType: "apiMethod", name: name, fn: plotApi[name] });
});

// scatter is registered by core as the default trace type; the guide draws bars, and curves with it.
register(require("plotly.js/src/traces/scatter"));
register([
  require("plotly.js/src/components/annotations"),
  require("plotly.js/src/components/selections"),
  require("plotly.js/src/components/shapes"),
  require("plotly.js/src/components/errorbars"),
  require("plotly.js/src/components/colorscale"),
  require("plotly.js/src/components/colorbar"),
  require("plotly.js/src/components/legend"), // after shapes: its defaults read theirs
  require("plotly.js/src/components/fx"),
  require("plotly.js/src/components/modebar"),
]);
register([require("plotly.js/src/locale-en"), require("plotly.js/src/locale-en-us")]);
register(require("plotly.js/lib/bar"));

var Plots = require("plotly.js/src/plots/plots");
exports.Plots = { resize: Plots.resize };
