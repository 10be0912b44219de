import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './mailer';

describe('createMailer without SMTP_URL', () => {
  it('writes the whole mail, link included, to the server log', async () => {
    const lines: { obj: unknown; msg: string }[] = [];
    const logger = {
      warn: (obj: unknown, msg: string) => lines.push({ obj, msg }),
    } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ from: 'x@y', logger });
    await mailer.send({
      to: 'a@b.co',
      subject: 'Reset',
      text: 'Open http://console/reset-password?token=abc',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0].obj).toEqual({ mailTo: 'a@b.co', subject: 'Reset' });
    expect(lines[0].msg).toContain('http://console/reset-password?token=abc');
  });
});
