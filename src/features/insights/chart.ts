/**
 * The Insights chart as SVG markup, drawn on the server (docs/insights.md "The view"). Readable
 * without colour: the current period is bars, the previous one a dashed line with round markers,
 * the legend says which is which in words, and a data table beside it carries every number.
 * Browser-safe and pure.
 */
import type { MeasureReport } from './report';

const W = 720;
const H = 260;
const PAD = { left: 44, right: 12, top: 16, bottom: 52 };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "2026-11-03" → "Nov 3". */
export const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A round top for the axis: 1, 2, 5, 10, 20, 50, … at or above `max`. */
function niceTop(max: number): number {
  if (max <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

export function chartSvg(measure: MeasureReport, days: string[], id: string): string {
  const top = niceTop(Math.max(...measure.daily, ...measure.previousDaily, 0));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const x = (i: number) => PAD.left + i * slot;
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = [0, top / 2, top];
  const bars = measure.daily
    .map((v, i) => {
      const h = (v / top) * plotH;
      return `<rect x="${(x(i) + slot * 0.15).toFixed(1)}" y="${(PAD.top + plotH - h).toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${h.toFixed(1)}" fill="#1f2937"><title>${escapeXml(`${shortDay(days[i]!)}: ${v}`)}</title></rect>`;
    })
    .join('');
  const points = measure.previousDaily.map((v, i) => `${(x(i) + slot / 2).toFixed(1)},${y(v).toFixed(1)}`);
  const markers = points
    .map((p) => `<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="2.5" fill="#fff" stroke="#6b7280" stroke-width="1.5"/>`)
    .join('');
  const labels = [0, Math.floor(days.length / 2), days.length - 1]
    .map((i) => `<text x="${(x(i) + slot / 2).toFixed(1)}" y="${PAD.top + plotH + 18}" text-anchor="middle">${escapeXml(shortDay(days[i]!))}</text>`)
    .join('');
  const grid = ticks
    .map(
      (t) =>
        `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#d1d5db"/><text x="${PAD.left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${t.toLocaleString('en-US')}</text>`,
    )
    .join('');
  const legendY = H - 12;
  const legend =
    `<rect x="${PAD.left}" y="${legendY - 9}" width="12" height="10" fill="#1f2937"/><text x="${PAD.left + 18}" y="${legendY}">Bars: last ${days.length} days</text>` +
    `<line x1="${PAD.left + 190}" x2="${PAD.left + 220}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="#6b7280" stroke-width="2" stroke-dasharray="5 3"/><circle cx="${PAD.left + 205}" cy="${legendY - 4}" r="2.5" fill="#fff" stroke="#6b7280" stroke-width="1.5"/><text x="${PAD.left + 228}" y="${legendY}">Dashed line: the ${days.length} days before</text>`;
  const title = `${measure.label} per day`;
  const desc = `${measure.label}: ${measure.total.toLocaleString('en-US')} in the last ${days.length} days (bars), ${measure.previousTotal.toLocaleString('en-US')} in the ${days.length} days before (dashed line). Every day's figure is in the table that follows.`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-title ${id}-desc" font-size="12" font-family="inherit" fill="#374151" class="h-auto w-full">` +
    `<title id="${id}-title">${escapeXml(title)}</title><desc id="${id}-desc">${escapeXml(desc)}</desc>` +
    `${grid}${bars}<polyline points="${points.join(' ')}" fill="none" stroke="#6b7280" stroke-width="2" stroke-dasharray="5 3"/>${markers}${labels}${legend}</svg>`
  );
}
