/**
 * The privacy page's words on time requests (content/legal/privacy.md, an editor file) say the same
 * as the rules the code keeps (src/features/requests): what is kept, for how long and who sees it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../src/features/requests';

const policy = readFileSync('content/legal/privacy.md', 'utf8');
const section = policy.slice(policy.indexOf('- **Time requests.**'), policy.indexOf('\n', policy.indexOf('- **Time requests.**')));

describe('privacy page on time requests', () => {
  it('names what a request keeps, for how long, and why', () => {
    expect(section).toContain('your name, your email address, your phone number (if you give one) and your note');
    expect(section).toContain(`deleted ${REQUEST_LIMITS.retentionDays} days after the last date of your request`);
    expect(section).toContain(`reminder ${REQUEST_LIMITS.reminderHours} hours ahead`);
    expect(section).toContain(`work for ${REQUEST_LIMITS.linkHours} hours`);
    expect(section).toContain('Only the business you asked sees your details');
  });
});
