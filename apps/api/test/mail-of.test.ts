import { describe, expect, it } from 'vitest';
import { mailOf, renderCodeMail } from '../src/mail/otp-mail.ts';
import { renderStaffCodeMail } from '../src/modules/admin/auth/staff-code-mail.ts';

describe('mailOf: one mail of paragraphs, as text and HTML', () => {
  it('puts the code on its own line between the paragraphs, and leaves it out when there is none', () => {
    const withCode = mailOf({
      to: 'a@example.com',
      lang: 'en',
      subject: 'S',
      before: ['Hello,', 'Intro'],
      code: '123456',
      after: ['Bye'],
      logHint: 'hint',
    });
    expect(withCode).toMatchObject({ to: 'a@example.com', subject: 'S', logHint: 'hint' });
    expect(withCode.text).toBe('Hello,\n\nIntro\n\n123456\n\nBye\n');
    expect(withCode.html).toContain('123456');

    const without = mailOf({
      to: 'a@example.com',
      lang: 'th',
      subject: 'S',
      before: ['<b>'],
      after: ['x'],
      logHint: 'h',
    });
    expect(without.text).toBe('<b>\n\nx\n');
    // The layout escapes what it is given.
    expect(without.html).toContain('&lt;b&gt;');
    expect(without.html).not.toContain('<b>');
  });

  it("writes the back office's sign-in code in its own words, the code alone on its line", () => {
    const mail = renderStaffCodeMail('staff@example.com', 'en', '654321', 600);
    expect(mail.subject).toBe('Your back-office sign-in code: 654321');
    expect(mail.text.split('\n\n')).toEqual([
      'Hello,',
      'Use this code to sign in to the Privileges back office:',
      '654321',
      'The code is valid for 10 minutes and can be used once. You will then be asked for the code from your authenticator app.',
      'If you did not try to sign in, tell the programme owner: someone may know your email address and be trying to get in.',
      'The Privileges team\n',
    ]);
    expect(mail.logHint).toBe('back-office sign-in code 654321');
    expect(renderCodeMail('otp', 'm@example.com', 'th', '111222', 300).logHint).toBe('sign-in code 111222');
  });
});
