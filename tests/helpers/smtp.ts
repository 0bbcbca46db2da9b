/**
 * A real SMTP server for tests (npm `smtp-server`): it accepts every message, parses it with
 * mailparser and keeps it, so a test reads the code Glow mailed as an owner would.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestMailbox {
  url: string;
  port: number;
  messages: ParsedMail[];
  /** The newest message to `to`, waiting up to `timeoutMs` for it. */
  latest(to: string, timeoutMs?: number): Promise<ParsedMail>;
  /** The 6-digit code of the newest message to `to`. */
  code(to: string): Promise<string>;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestMailbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  const toOf = (mail: ParsedMail) => [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
  const box: TestMailbox = {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    async latest(to, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mail = messages.filter((m) => toOf(m).includes(to.toLowerCase())).at(-1);
        if (mail) return mail;
        if (Date.now() > until) throw new Error(`No mail to ${to} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async code(to) {
      const mail = await box.latest(to);
      const code = /\b(\d{6})\b/.exec(mail.subject ?? '')?.[1];
      if (!code) throw new Error(`No code in "${mail.subject}"`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return box;
}

/** The SMTP port the browser tests' server mails to (playwright.config.ts): beside E2E_PORT, so two worktrees do not meet. */
export const e2eSmtpPort = (e2ePort: number) => e2ePort + 1000;
