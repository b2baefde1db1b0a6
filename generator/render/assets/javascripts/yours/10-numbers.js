/* "Your numbers": a reader's own values, judged in the browser by the guide's own rules.

   The rules and the published values come from downloads/guide.json (format 1.2: bands, levels,
   noise rules, tags, statistics and spreads; 1.3 adds the claims and the decision helper's answers,
   shown where present; 1.4 the range of values the build accepts, kept in every field, pasted table
   and link); the judging below mirrors generator/derive
   (evidence.py, noise.py, columns/comparison.py, guide.py:table_view) step for step, and
   tests/test_yours_parity.py runs both over the shipped guide, the example guide and hundreds of
   generated ones, requiring the same ratios as printed, verdicts and flips. Nothing is sent
   anywhere: the reader's values live in the address's fragment. Every string is set as text. */
/* javascripts/yours.js, part 1 of 8: numbers as Python prints them (generator/numbers.py) and statistics as its
   statistics module computes them.
   A fragment of the script's one function (the first part opens it, the last closes it):
   generator/render/script_parts.py joins the parts of yours/ in order into the javascripts/yours.js the site ships. */
(function () {
  "use strict";
  // Every lookup keyed by a name (a row, table, context, series; some from the address) has no prototype:
  // "constructor", "toString" or "__proto__" is a name like any other, never Object's own.
  function dict() { return Object.create(null); }

  /* --- numbers as Python prints them (generator/numbers.py) ---------------- */

  // f"{x:.{d}f}": the exact value rounded half to even (toFixed rounds exact ties up).
  function fixed(x, d) {
    var up = x.toFixed(d);
    var longer = x.toFixed(Math.min(100, d + 60));
    var tail = longer.slice(longer.length - 60 + 1);
    if (longer.charAt(longer.length - 60) !== "5" || /[1-9]/.test(tail)) return up;
    var down = x.toFixed(d + 1).slice(0, -1).replace(/\.$/, "");
    return Number(up.slice(-1)) % 2 === 0 ? up : down;
  }
  function ratioText(x, d) { return fixed(x, d) + "×"; }
  function ratioRange(lo, hi, d) {
    var a = fixed(lo, d), b = fixed(hi, d);
    return a === b ? a + "×" : a + "–" + b + "×";
  }
  function raw(x) { return String(x); }
  // one spelling for every ratio (generator/numbers.py: times, times_range): where lower is better, the factor
  // (never below 1) and the way it reads, "1.14× lower latency"
  function timesRange(lo, hi, d, better, quantity) {
    if (better === "higher") return ratioRange(lo, hi, d);
    var one = fixed(1, d);
    if ((fixed(lo, d) === one && fixed(hi, d) === one) || (fixed(1 / hi, d) === one && fixed(1 / lo, d) === one))
      return ratioText(1, d) + ", the same " + quantity;
    if (lo >= 1) return ratioRange(lo, hi, d) + " higher " + quantity;
    if (hi <= 1) return ratioRange(1 / hi, 1 / lo, d) + " lower " + quantity;
    return ratioText(1 / lo, d) + " lower to " + ratioText(hi, d) + " higher " + quantity;
  }
  function times(x, d, better, quantity) { return timesRange(x, x, d, better, quantity); }
  // a measured value as printed: to its series' (or table's) value_digits when set (generator/derive/evidence.py: figure)
  function figure(series, x) {
    var d = series.value_digits;
    return d === null || d === undefined ? raw(x) : fixed(x, d);
  }
  // columns/comparison.py: ratio_change; how = [better, quantity] of the cell's tables (reading)
  function ratioChange(a, b, how) {
    var better = how ? how[0] : "higher", quantity = how ? how[1] : "", d = 2;
    function spell(x, n) { return better === "higher" ? ratioText(x, n) : times(1 / x, n, better, quantity); }
    if (a !== null && b !== null && a !== b) while (d < 4 && spell(a, d) === spell(b, d)) d++;
    return (a === null ? "—" : spell(a, d)) + " → " + (b === null ? "—" : spell(b, d));
  }

  /* --- statistics as Python's statistics module computes them -------------- */

  function fsum(xs) { // math.fsum: exact partials, correctly rounded
    var partials = [];
    xs.forEach(function (x) {
      var i = 0;
      for (var j = 0; j < partials.length; j++) {
        var y = partials[j];
        if (Math.abs(x) < Math.abs(y)) { var t = x; x = y; y = t; }
        var hi = x + y, lo = y - (hi - x);
        if (lo) partials[i++] = lo;
        x = hi;
      }
      partials.length = i;
      partials.push(x);
    });
    var n = partials.length, top = 0, low = 0;
    if (n > 0) {
      top = partials[--n];
      while (n > 0) {
        var px = top, py = partials[--n];
        top = px + py;
        low = py - (top - px);
        if (low) break;
      }
      if (n > 0 && ((low < 0 && partials[n - 1] < 0) || (low > 0 && partials[n - 1] > 0))) {
        var dy = low * 2, sx = top + dy;
        if (dy === sx - top) top = sx;
      }
    }
    return top;
  }
  var B0 = BigInt(0), B1 = BigInt(1), B2 = BigInt(2);
  function exact(x) { // x = m / 2^e, both BigInt
    var e = 0;
    while (!Number.isInteger(x)) { x *= 2; e++; }
    return [BigInt(x), e];
  }
  function isqrt(n) {
    if (n < B2) return n;
    var x = BigInt(1) << BigInt(Math.ceil(n.toString(2).length / 2) + 1);
    for (;;) {
      var y = (x + n / x) / B2;
      if (y >= x) return x;
      x = y;
    }
  }
  function bits(n) { return n === B0 ? 0 : n.toString(2).length; }
  function stdev(xs) { // statistics.stdev: exact sum of squares, correctly rounded square root
    var parts = xs.map(exact);
    var e = Math.max.apply(null, parts.map(function (p) { return p[1]; }));
    var sx = B0, sxx = B0, n = BigInt(xs.length);
    parts.forEach(function (p) {
      var v = p[0] << BigInt(e - p[1]);
      sx += v; sxx += v * v;
    });
    // variance = (n*sxx - sx^2) / (n * (n-1) * 4^e)
    var num = n * sxx - sx * sx, den = n * (n - B1) << BigInt(2 * e);
    if (num === B0) return 0;
    var shift = Math.max(0, Math.ceil((110 - bits(num) + bits(den)) / 2));
    var scaled = (num << BigInt(2 * shift)) / den;
    var q = isqrt(scaled);
    var inexact = q * q !== scaled || (num << BigInt(2 * shift)) % den !== B0;
    q = (q << B1) | (inexact ? B1 : B0);
    return Number(q) / Math.pow(2, shift + 1);
  }
  function median(xs) {
    var s = xs.slice().sort(function (a, b) { return a - b; }), n = s.length, i = Math.floor(n / 2);
    return n % 2 ? s[i] : (s[i - 1] + s[i]) / 2;
  }
  var T95 = [0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
    2.045, 2.042];

  function statistic(runs, name) {
    if (name === "mean") return fsum(runs) / runs.length;
    if (name === "min") return Math.min.apply(null, runs);
    if (name === "max") return Math.max.apply(null, runs);
    return median(runs);
  }
  function spreadOf(runs, value, kind) {
    var n = runs.length;
    if (kind === "min-max") return n >= 2 ? [Math.min.apply(null, runs), Math.max.apply(null, runs)] : null;
    if (n < 2) return null;
    var s = stdev(runs);
    if (kind === "stdev") return [value - s, value + s];
    var mean = fsum(runs) / n, half = (T95[n - 1] || 1.96) * s / Math.sqrt(n);
    return [mean - half, mean + half];
  }

