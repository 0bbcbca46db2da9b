import { createClient } from '@libsql/client';
const c = createClient({ url: `file:${process.argv[2]}` });
for (const arg of process.argv.slice(3)) {
  const [sql, ...args] = arg.split('|||');
  const times: number[] = []; let rows: any[] = [];
  for (let i = 0; i < 7; i++) { const t = performance.now(); rows = (await c.execute({ sql: sql!, args })).rows; times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(times[3]!.toFixed(1), 'ms', rows.length, 'rows', JSON.stringify(rows[0] ?? null).slice(0, 200), '::', sql!.slice(0, 160));
}
