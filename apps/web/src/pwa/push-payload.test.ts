import { describe, expect, it } from 'vitest';
import { parsePushPayload } from './push-payload.ts';

describe('parsePushPayload', () => {
  it('reads title, body, url and tag', () => {
    expect(
      parsePushPayload('{"title":"Order successful","body":"2 vouchers","url":"/th/wallet","tag":"order-1"}'),
    ).toEqual({ title: 'Order successful', body: '2 vouchers', url: '/th/wallet', tag: 'order-1' });
  });

  it('leaves the tag out when there is none, and opens the app when the url is not an app address', () => {
    expect(parsePushPayload('{"title":"Hi","body":"x","url":"https://elsewhere.example/"}')).toEqual({
      title: 'Hi',
      body: 'x',
      url: '/',
    });
  });

  it('shows nothing for a message that is not a notification', () => {
    expect(parsePushPayload('not json')).toBeNull();
    expect(parsePushPayload('null')).toBeNull();
    expect(parsePushPayload('{"body":"no title","url":"/"}')).toBeNull();
    expect(parsePushPayload('{"title":"  ","body":"","url":"/"}')).toBeNull();
  });
});
