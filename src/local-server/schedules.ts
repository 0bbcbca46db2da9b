/**
 * Scheduled functions under `npm start` (docs/mail.md "Worker"): Netlify runs a function whose
 * `config.schedule` is set on that schedule; here one timer per such function calls the same
 * handler as often. Only the schedules functions/ uses are understood; another is refused loudly
 * rather than run at a guessed rate.
 */
import type { FunctionContext } from '../server/http';
import { functionFiles } from './functionRoutes';

interface ScheduledModule {
  default: (req: Request, context: FunctionContext) => Promise<Response> | Response;
  config?: { schedule?: string };
}

const MINUTE = 60_000;
const NAMED: Record<string, number> = { '@hourly': 60 * MINUTE, '@daily': 24 * 60 * MINUTE };

/** Milliseconds between runs of a cron schedule (`@hourly`, `@daily`, `* * * * *`, `*\/N * * * *`). */
export function scheduleIntervalMs(schedule: string): number {
  const named = NAMED[schedule.trim()];
  if (named) return named;
  const every = /^(\*|\*\/(\d+)) \* \* \* \*$/.exec(schedule.trim());
  if (every) return (every[2] ? Number(every[2]) : 1) * MINUTE;
  throw new Error(`Unsupported schedule "${schedule}" for the local timer (src/local-server/schedules.ts)`);
}

/** Starts a timer per scheduled function; returns a function that stops them all. */
export async function startSchedules(load: (file: string) => Promise<ScheduledModule>, files = functionFiles()): Promise<() => void> {
  const timers: NodeJS.Timeout[] = [];
  for (const file of files) {
    const mod = await load(file);
    const schedule = mod.config?.schedule;
    if (!schedule) continue;
    const interval = scheduleIntervalMs(schedule);
    const name = file.replace(/^.*\//, '').replace(/\.\w+$/, '');
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        const next = new Date(Date.now() + interval).toISOString();
        await mod.default(new Request(`http://localhost/.netlify/functions/${name}`, { method: 'POST', body: JSON.stringify({ next_run: next }) }), {
          params: {},
          ip: '',
        });
      } catch (error) {
        console.error(`[schedule] ${name} failed: ${(error as Error).message}`);
      } finally {
        running = false;
      }
    };
    const timer = setInterval(run, interval);
    timer.unref();
    timers.push(timer);
  }
  return () => timers.forEach(clearInterval);
}
