// Plain SVG charts built with DOM calls (no HTML strings, no library): a line
// chart, a scatter plot and one stacked bar. Colours come from CSS classes
// (`series-0` …) so dark mode restyles them; every chart has a <title>, an
// aria-label and axes with units, and its callers also give the figures as a table.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 640;
const HEIGHT = 300;
const MARGIN = { top: 46, right: 16, bottom: 46, left: 78 };

export function svgNode(tag, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text != null) node.textContent = text;
  return node;
}

/** An empty chart: the <svg> with its title (also its accessible name) and heading. */
function frame(title, className, height = HEIGHT) {
  const svg = svgNode('svg', {
    viewBox: `0 0 ${WIDTH} ${height}`, role: 'img', 'aria-label': title, class: `chart ${className}`,
  });
  svg.append(svgNode('title', {}, title));
  svg.append(svgNode('text', { x: WIDTH / 2, y: 18, class: 'chart-title', 'text-anchor': 'middle' }, title));
  return svg;
}

/** About five round tick values covering [min, max]. */
export function ticks(min, max, count = 5) {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const first = Math.ceil(min / step) * step;
  const values = [];
  for (let v = first; v <= max + step * 1e-9; v += step) values.push(Number(v.toPrecision(12)));
  return values;
}

/** 1, 2 and 5 times the powers of ten within [min, max] (min > 0). */
export function logTicks(min, max) {
  const values = [];
  for (let p = Math.floor(Math.log10(min)); p <= Math.ceil(Math.log10(max)); p += 1) {
    for (const m of [1, 2, 5]) {
      const v = Number((m * 10 ** p).toPrecision(12));
      if (v >= min && v <= max) values.push(v);
    }
  }
  return values;
}

/** Scales and axes for a plot area; `format*` turn tick values into text. */
function axes(svg, { xMin, xMax, yMin, yMax, xLabel, yLabel, formatX, formatY, xLog = false }, height = HEIGHT) {
  const left = MARGIN.left;
  const right = WIDTH - MARGIN.right;
  const top = MARGIN.top;
  const bottom = height - MARGIN.bottom;
  const tx = xLog ? (v) => Math.log10(v) : (v) => v;
  const [x0, x1] = [tx(xMin), tx(xMax)];
  const x = (v) => left + ((tx(v) - x0) / (x1 - x0 || 1)) * (right - left);
  const y = (v) => bottom - ((v - yMin) / (yMax - yMin || 1)) * (bottom - top);
  const group = svgNode('g', { class: 'axes' });
  group.append(svgNode('line', { x1: left, y1: bottom, x2: right, y2: bottom, class: 'axis' }));
  group.append(svgNode('line', { x1: left, y1: top, x2: left, y2: bottom, class: 'axis' }));
  for (const v of ticks(yMin, yMax)) {
    group.append(svgNode('line', { x1: left, y1: y(v), x2: right, y2: y(v), class: 'grid' }));
    group.append(svgNode('text', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'tick' }, formatY(v)));
  }
  const xTicks = xLog
    ? logTicks(xMin, xMax)
    : ticks(xMin, xMax);
  for (const v of xTicks) {
    group.append(svgNode('text', { x: x(v), y: bottom + 16, 'text-anchor': 'middle', class: 'tick' }, formatX(v)));
  }
  group.append(svgNode('text', { x: (left + right) / 2, y: height - 8, 'text-anchor': 'middle', class: 'axis-label x-label' }, xLabel));
  group.append(svgNode('text', {
    x: 14, y: (top + bottom) / 2, 'text-anchor': 'middle', class: 'axis-label y-label',
    transform: `rotate(-90 14 ${(top + bottom) / 2})`,
  }, yLabel));
  svg.append(group);
  return { x, y };
}

/** A legend row under the title: one swatch and name per series. */
function legend(svg, names) {
  const group = svgNode('g', { class: 'legend' });
  let x = MARGIN.left;
  names.forEach((name, i) => {
    group.append(svgNode('rect', { x, y: 24, width: 10, height: 10, class: `swatch series-${i}` }));
    group.append(svgNode('text', { x: x + 14, y: 33, class: 'tick' }, name));
    // CJK glyphs are about twice as wide as Latin ones.
    x += 24 + [...name].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 11 : 6.5), 0);
  });
  svg.append(group);
}

/**
 * Lines of `{ name, points: [[x, y]] }`; `marks` are vertical lines `{ x, label }`
 * (a break-even month).
 */
export function lineChart({ title, xLabel, yLabel, series, marks = [], formatX, formatY, className = 'line-chart' }) {
  const svg = frame(title, className);
  const all = series.flatMap((s) => s.points);
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const scale = axes(svg, {
    xMin: Math.min(...xs), xMax: Math.max(...xs), yMin: 0, yMax: Math.max(...ys) * 1.05 || 1, xLabel, yLabel, formatX, formatY,
  });
  for (const m of marks) {
    svg.append(svgNode('line', { x1: scale.x(m.x), y1: MARGIN.top, x2: scale.x(m.x), y2: HEIGHT - MARGIN.bottom, class: 'mark' }));
    svg.append(svgNode('text', { x: scale.x(m.x) + 4, y: MARGIN.top + 26, class: 'tick mark-label' }, m.label));
  }
  series.forEach((s, i) => {
    const d = s.points.map(([px, py], j) => `${j ? 'L' : 'M'}${scale.x(px).toFixed(1)},${scale.y(py).toFixed(1)}`).join('');
    const path = svgNode('path', { d, class: `series series-${i}` });
    path.append(svgNode('title', {}, s.name));
    svg.append(path);
  });
  legend(svg, series.map((s) => s.name));
  return svg;
}

/** Points `{ x, y, label, highlight }` on a log x axis; highlighted ones joined (a Pareto front). */
export function scatterChart({ title, xLabel, yLabel, points, formatX, formatY, pointsName, frontName, className = 'scatter-chart' }) {
  const svg = frame(title, className);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [xMin, xMax] = [Math.min(...xs), Math.max(...xs)];
  const xLog = xMin > 0 && xMax / xMin > 20;
  const scale = axes(svg, {
    xMin: xLog ? xMin / 1.2 : 0, xMax: xMax * 1.05, yMin: 0, yMax: Math.max(...ys) * 1.05 || 1, xLabel, yLabel, formatX, formatY, xLog,
  });
  const front = points.filter((p) => p.highlight).sort((a, b) => a.x - b.x);
  if (front.length > 1) {
    const d = front.map((p, j) => `${j ? 'L' : 'M'}${scale.x(p.x).toFixed(1)},${scale.y(p.y).toFixed(1)}`).join('');
    svg.append(svgNode('path', { d, class: 'series series-1 front' }));
  }
  for (const p of points) {
    const dot = svgNode('circle', { cx: scale.x(p.x), cy: scale.y(p.y), r: p.highlight ? 5 : 3.5, class: p.highlight ? 'dot front-dot series-1' : 'dot series-0' });
    dot.append(svgNode('title', {}, p.label));
    svg.append(dot);
  }
  legend(svg, [pointsName, frontName]);
  return svg;
}

/** One horizontal bar split into `{ name, value }` parts, each labelled below. */
export function stackedBar({ title, parts, formatValue, formatLabel = (name, value) => `${name}: ${value}`, unitLabel }) {
  const height = 60 + parts.length * 16;
  const svg = frame(title, 'bar-chart', height);
  const total = parts.reduce((sum, p) => sum + p.value, 0) || 1;
  const left = MARGIN.left;
  const width = WIDTH - MARGIN.left - MARGIN.right;
  let x = left;
  parts.forEach((p, i) => {
    const w = (p.value / total) * width;
    const rect = svgNode('rect', { x, y: 26, width: Math.max(w, 0), height: 18, class: `segment series-${i % 6}` });
    const label = formatLabel(p.name, formatValue(p.value));
    rect.append(svgNode('title', {}, label));
    svg.append(rect);
    svg.append(svgNode('rect', { x: left, y: 54 + i * 16, width: 10, height: 10, class: `swatch series-${i % 6}` }));
    svg.append(svgNode('text', { x: left + 14, y: 63 + i * 16, class: 'tick' }, label));
    x += w;
  });
  svg.append(svgNode('text', { x: left - 6, y: 40, 'text-anchor': 'end', class: 'axis-label' }, unitLabel));
  return svg;
}
