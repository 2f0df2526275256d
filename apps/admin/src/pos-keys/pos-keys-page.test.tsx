import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../shared/i18n.ts';
import { PosKeysScreen } from './pos-keys-page.tsx';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const STORE = '11111111-1111-4111-8111-111111111111';
const SECRET = `pos_${'k'.repeat(43)}`;
const key = (id: string, name: string, revokedAt: string | null = null) => ({
  id,
  storeId: STORE,
  storeName: 'Baan Kafae',
  name,
  prefix: 'pos_kkkkkkkk',
  createdAt: '2026-01-01T03:00:00.000Z',
  createdBy: 'owner@example.com',
  lastUsedAt: null,
  revokedAt,
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

let keys: ReturnType<typeof key>[];
let calls: Array<{ method: string; path: string; body: unknown }>;

/** The admin API as the screen sees it: a list of keys, create answers the secret once, revoke marks it. */
function serve(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://admin.test');
  const method = init?.method ?? 'GET';
  const path = url.pathname.replace('/admin/api', '');
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : null;
  calls.push({ method, path, body });
  if (path === '/bff/merchants')
    return Promise.resolve(ok({ items: [{ id: STORE, name: 'Baan Kafae', logoUrl: '' }] }));
  if (path === '/pos-keys' && method === 'GET') return Promise.resolve(ok(keys));
  if (path === '/pos-keys' && method === 'POST') {
    const made = key('22222222-2222-4222-8222-222222222222', body?.name ?? '');
    keys = [made, ...keys];
    return Promise.resolve(ok({ ...made, key: SECRET }));
  }
  const revoke = /^\/pos-keys\/([^/]+)\/revoke$/.exec(path);
  if (revoke) {
    keys = keys.map((k) => (k.id === revoke[1] ? { ...k, revokedAt: '2026-01-02T03:00:00.000Z' } : k));
    return Promise.resolve(ok(keys.find((k) => k.id === revoke[1])));
  }
  return Promise.resolve(ok([]));
}

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <PosKeysScreen />
      </App>
    </QueryClientProvider>,
  );

beforeEach(() => {
  keys = [key('33333333-3333-4333-8333-333333333333', 'Front till')];
  calls = [];
  vi.stubGlobal('fetch', vi.fn(serve));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('POS keys screen', () => {
  it('creates a key and shows its secret once, in a dialog that says so', async () => {
    open();
    expect(await screen.findByText('Front till')).toBeTruthy();
    fireEvent.click(screen.getByTestId('new-pos-key'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Baan Kafae'));
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Back till' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('created-pos-key')).textContent).toContain(SECRET);
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ storeId: STORE, name: 'Back till' });
    // The list never holds the secret.
    await waitFor(() => expect(screen.getAllByText('Back till').length).toBeGreaterThan(0));
  });

  it('revokes a key after a confirmation, in Thai', async () => {
    await changeLanguage('th');
    open();
    await screen.findByText('Front till');
    fireEvent.click(screen.getByTestId('revoke-33333333-3333-4333-8333-333333333333'));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'ยกเลิกคีย์' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/revoke'))).toBe(true));
    expect(await screen.findByText(/ยกเลิกแล้วเมื่อ/)).toBeTruthy();
  });
});
