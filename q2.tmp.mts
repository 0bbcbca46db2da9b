import { createClient } from '@libsql/client';
const c = createClient({ url: `file:${process.argv[2]}` });
const L = `NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed'))`;
const cases: [string, string, string][] = [
  ['providers_price_order', "p.priceRange = '$$'", 'services : (blowout)'],
  ['providers_price_order', "p.priceRange = '$$$$'", 'time*'],
  ['providers_state_order', "p.state = 'CT'", 'services : ("nail" + "art")'],
];
for (const [idx, cond, m] of cases) for (const [name, text] of [['in', `+p.seq IN (SELECT rowid FROM providers_fts WHERE providers_fts MATCH '${m}')`], ['exists', `EXISTS (SELECT 1 FROM providers_fts WHERE providers_fts MATCH '${m}' AND rowid = p.seq)`]]) {
  for (const lim of [12, 492, 1000]) {
    const sql = `SELECT count(*) n FROM (SELECT 1 FROM providers p INDEXED BY ${idx} WHERE ${L} AND ${cond} AND ${text} LIMIT ${lim})`;
    const times: number[] = []; let n;
    for (let i = 0; i < 5; i++) { const t = performance.now(); n = (await c.execute(sql)).rows[0]!.n; times.push(performance.now() - t); }
    times.sort((a, b) => a - b);
    console.log(name, idx, cond, m, 'limit', lim, '->', n, times[2]!.toFixed(1), 'ms');
  }
}
