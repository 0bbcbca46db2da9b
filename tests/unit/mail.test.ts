/** Mail without SMTP_URL: the local servers' console and outbox, and the refusal everywhere else. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeMessage, MailUnavailableError, sendCodeMail } from '../../src/features/owners/mail.server';

const dir = mkdtempSync(join(tmpdir(), 'glow-outbox-'));
afterEach(() => {
  delete process.env.GLOW_LOCAL_MAIL;
  delete process.env.MAIL_OUTBOX;
  vi.restoreAllMocks();
});

describe('mail without SMTP_URL', () => {
  it('under npm start and npm run dev: prints the message and keeps it as an .eml file in the outbox', async () => {
    process.env.GLOW_LOCAL_MAIL = '1';
    process.env.MAIL_OUTBOX = join(dir, 'outbox');
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    await sendCodeMail({
      to: 'owner@example.com',
      code: '123456',
      purpose: { kind: 'claim', listingUrl: 'https://glow.example.com/provider/fern-file-boise' },
    });
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    // Quoted-printable wraps long lines with a soft break.
    const eml = readFileSync(join(dir, 'outbox', files[0]!), 'utf8').replace(/=\r?\n/g, '');
    expect(eml).toMatch(/^Subject: 123456 is your Glow code$/m);
    expect(eml).toMatch(/^To: owner@example.com$/m);
    expect(eml).toContain('text/plain');
    expect(eml).toContain('claim the listing https://glow.example.com/provider/fern-file-boise on Glow');
    expect(printed.join('\n')).toContain('123456 is your Glow code');
    rmSync(dir, { recursive: true, force: true });
  });

  it('anywhere else: refuses with a clear error rather than pretend', async () => {
    await expect(sendCodeMail({ to: 'owner@example.com', code: '123456', purpose: { kind: 'sign-in' } })).rejects.toThrow(MailUnavailableError);
  });

  it('says who asked, why, and what to do if it was not them, in plain text and HTML', () => {
    const claimUrl = 'https://glow.example.com/business?claim=p1&email=owner%40example.com';
    const listingUrl = 'https://glow.example.com/provider/fern-file-boise';
    const message = codeMessage('owner@example.com', '654321', { kind: 'new-listing', listingUrl, claimUrl });
    expect(message.subject).toBe('654321 is your Glow code');
    expect(message.text).toContain(`Someone listed a business on Glow at ${listingUrl} and gave this email address.`);
    expect(message.text).toContain('If this was not you, ignore this email');
    expect(message.html).toContain(`<a href="${listingUrl}">`);
    // The applicant of a new listing is sent where to enter it, a link in the HTML part.
    expect(message.text).toContain(`open ${claimUrl} and enter the code there`);
    expect(message.html).toContain('<a href="https://glow.example.com/business?claim=p1&#38;email=owner%40example.com">');
    expect(message.html).toContain('/contact">');
  });
});
