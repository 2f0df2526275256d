import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CampaignComposer } from '../campaigns/campaign-composer.tsx';
import { changeLanguage } from '../shared/i18n.ts';
import { CatalogueEditor } from './catalogue-editor.tsx';
import { CATALOGUE_KINDS, type CatalogueKind } from './kinds.ts';

// antd's forms and drawers take their time in happy-dom under a full parallel run.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const STORE = '11111111-1111-4111-8111-111111111111';
const FAR_STORE = '22222222-2222-4222-8222-222222222222';
const CATEGORY = '33333333-3333-4333-8333-333333333333';
const VOUCHER = '44444444-4444-4444-8444-444444444444';

const store = (id: string, nameEn: string, nameTh: string) => ({
  id,
  categoryId: CATEGORY,
  nameEn,
  nameTh,
  descriptionEn: null,
  descriptionTh: null,
  logoFile: 'u-logo.webp',
  logoUrl: '/media/logo.webp',
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const category = { id: CATEGORY, slug: 'food', nameEn: 'Food', nameTh: 'อาหาร', sortOrder: 0 };
const voucher = (id: string, titleEn: string) => ({
  id,
  storeId: FAR_STORE,
  categoryId: CATEGORY,
  titleEn,
  titleTh: `${titleEn} (TH)`,
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const page = (items: unknown[], total = items.length) => ok({ items, total, page: 1, pageSize: 20 });

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
let calls: Call[];
/** The server's answer to a save (PUT); a conflict by default is off. */
let saveAnswer: () => Response;

/**
 * The admin API as the forms see it: the first page of stores holds one store (the one far down the
 * list is read on its own), searches find by name, a save answers as `saveAnswer` says.
 */
function serve(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://admin.test');
  const path = url.pathname.replace('/admin/api', '');
  const method = init?.method ?? 'GET';
  calls.push({
    method,
    path,
    query: url.searchParams,
    body: init?.body ? JSON.parse(String(init.body)) : null,
  });
  const q = url.searchParams.get('q')?.toLowerCase() ?? '';
  if (method === 'PUT') return Promise.resolve(saveAnswer());
  if (path === '/catalogue/stores') {
    const all = [store(STORE, 'Baan Kafae', 'บ้านกาแฟ'), store(FAR_STORE, 'Zabb Noodles', 'แซ่บก๋วยเตี๋ยว')];
    const hits = q ? all.filter((s) => s.nameEn.toLowerCase().includes(q)) : all.slice(0, 1);
    return Promise.resolve(page(hits, q ? hits.length : 240));
  }
  if (path === `/catalogue/stores/${FAR_STORE}`)
    return Promise.resolve(ok(store(FAR_STORE, 'Zabb Noodles', 'แซ่บก๋วยเตี๋ยว')));
  if (path === `/catalogue/stores/${STORE}`)
    return Promise.resolve(ok(store(STORE, 'Baan Kafae', 'บ้านกาแฟ')));
  if (path === '/catalogue/categories')
    return Promise.resolve(page(q && !'food'.includes(q) ? [] : [category]));
  if (path === '/catalogue/vouchers' || path === '/catalogue/privileges')
    return Promise.resolve(page(q === 'latte' ? [voucher(VOUCHER, 'Iced latte')] : []));
  if (path === '/campaigns/preview') return Promise.resolve(ok({ recipients: 12 }));
  return Promise.resolve(page([]));
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>{children}</App>
    </QueryClientProvider>,
  );
}

const editor = (kind: CatalogueKind, target: string = 'new') =>
  wrap(
    <CatalogueEditor kind={kind} target={target} canWrite onClose={() => {}} onStatus={async () => null} />,
  );

/** Each control's accessible name as Testing Library computes it (what getByRole's `name` matches). */
function accessibleNames(root: HTMLElement) {
  const names = new Map<Element, string>();
  for (const role of ['textbox', 'spinbutton', 'combobox', 'switch', 'radio', 'checkbox'] as const)
    within(root).queryAllByRole(role, {
      name: (name, el) => {
        names.set(el, name);
        return true;
      },
    });
  return names;
}

/** Every control a person fills in or picks with: text, numbers, dates, selects, switches, radios. */
const controls = (root: HTMLElement) =>
  [
    ...root.querySelectorAll<HTMLElement>(
      'input:not([type=file]):not([type=hidden]), textarea, [role=combobox], [role=switch]',
    ),
  ].filter((el) => !el.closest('[aria-hidden=true]') && !el.hasAttribute('hidden'));

beforeEach(() => {
  calls = [];
  saveAnswer = () => ok(store(FAR_STORE, 'Zabb Noodles', 'แซ่บก๋วยเตี๋ยว'));
  vi.stubGlobal('fetch', vi.fn(serve));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await changeLanguage('en');
});

describe('catalogue forms: accessible names', () => {
  for (const lang of ['en', 'th'] as const)
    for (const kind of CATALOGUE_KINDS)
      it(`every control of the ${kind} form has a name of its own (${lang})`, async () => {
        await changeLanguage(lang);
        editor(kind);
        const drawer = await screen.findByRole('dialog');
        await waitFor(() => expect(controls(drawer).length).toBeGreaterThan(2));
        const names = accessibleNames(document.body);
        for (const el of controls(drawer)) {
          const name = names.get(el) ?? '';
          expect(name.trim(), el.outerHTML).not.toBe('');
          // The label alone: neither "(optional)" nor the required asterisk is part of the name.
          expect(name, el.outerHTML).not.toMatch(/optional|ไม่บังคับ|\*/i);
        }
        // Labels point at this form's controls: no id is used twice on the page.
        const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
        expect(ids.length).toBe(new Set(ids).size);
      });

  it('the store and category pickers are found by their labels, and say they are required', async () => {
    editor('vouchers');
    const drawer = await screen.findByRole('dialog');
    const storePicker = await within(drawer).findByRole('combobox', { name: 'Store' });
    expect(storePicker.getAttribute('aria-required')).toBe('true');
    expect(within(drawer).getByRole('combobox', { name: 'Category' })).toBeTruthy();
    expect(
      within(drawer).getByRole('combobox', { name: 'Minimum tier' }).getAttribute('aria-required'),
    ).toBeNull();
  });

  it('the campaign composer: every control named, the link picker included', async () => {
    wrap(<CampaignComposer open onClose={() => {}} />);
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('radio', { name: 'A voucher' }));
    await within(drawer).findByRole('combobox', { name: 'Voucher' });
    const names = accessibleNames(document.body);
    for (const el of [...controls(drawer), ...drawer.querySelectorAll('input[type=radio]')])
      expect(names.get(el)?.trim(), el.outerHTML).toBeTruthy();
  });
});

describe('catalogue pickers', () => {
  it('show the chosen store by name though it is not on the first page', async () => {
    // A voucher of a store far down the list (not among the first page's): its name is read on its own.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://admin.test').pathname;
        if (path === `/admin/api/catalogue/vouchers/${VOUCHER}`)
          return Promise.resolve(ok({ ...voucherView(), version: 7 }));
        return serve(input, init);
      }),
    );
    editor('vouchers', VOUCHER);
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(drawer.textContent).toContain('Zabb Noodles'));
    expect(calls.some((c) => c.path === `/catalogue/stores/${FAR_STORE}`)).toBe(true);
  });

  it('search the server as staff type (debounced) and say when nothing is found', async () => {
    editor('vouchers');
    const drawer = await screen.findByRole('dialog');
    const picker = await within(drawer).findByRole('combobox', { name: 'Store' });
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'z' } });
    fireEvent.change(picker, { target: { value: 'za' } });
    fireEvent.change(picker, { target: { value: 'zab' } });
    await screen.findByText('Zabb Noodles');
    const searched = calls.filter((c) => c.path === '/catalogue/stores' && c.query.get('q'));
    // One search for what was typed, not one per key.
    expect(searched.map((c) => c.query.get('q'))).toEqual(['zab']);
    expect(Number(searched[0]!.query.get('pageSize'))).toBeLessThanOrEqual(100);
    fireEvent.change(picker, { target: { value: 'nowhere' } });
    await screen.findByText('Nothing found for “nowhere”.');
  });

  it('in Thai: searching and nothing found', async () => {
    await changeLanguage('th');
    editor('vouchers');
    const drawer = await screen.findByRole('dialog');
    const picker = await within(drawer).findByRole('combobox', { name: 'หมวดหมู่' });
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'ไม่มี' } });
    // While the search waits and runs, the list says so instead of offering the earlier rows.
    await screen.findByText('กำลังค้นหา…');
    expect(screen.queryByRole('option', { name: 'อาหาร' })).toBeNull();
    await screen.findByText('ไม่พบรายการที่ตรงกับ “ไม่มี”');
  });
});

const voucherView = () => ({
  ...voucher(VOUCHER, 'Iced latte'),
  tier: null,
  descriptionEn: null,
  descriptionTh: null,
  termsEn: [],
  termsTh: [],
  imageFiles: [],
  imageUrls: [],
  price: 50,
  priceOptions: [],
  pointsEarned: null,
  privilegeOnly: false,
  stock: null,
  sold: 0,
  saleStartsAt: '2026-01-01T00:00:00.000Z',
  saleEndsAt: null,
  validDays: 90,
  usageLimit: 1,
  limitPerOrder: null,
  limitPerMember: null,
  status: 'draft',
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('edit conflicts', () => {
  const openStore = async (version?: number) => {
    const row = { ...store(FAR_STORE, 'Zabb Noodles', 'แซ่บก๋วยเตี๋ยว'), version };
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://admin.test').pathname;
        if ((init?.method ?? 'GET') === 'GET' && path === `/admin/api/catalogue/stores/${FAR_STORE}`) {
          calls.push({ method: 'GET', path, query: new URLSearchParams(), body: null });
          return Promise.resolve(ok(row));
        }
        return serve(input, init);
      }),
    );
    editor('stores', FAR_STORE);
    const drawer = await screen.findByRole('dialog');
    // Read afresh each time: the field is drawn again once the row is in.
    const name = () => within(drawer).getByRole<HTMLInputElement>('textbox', { name: 'Name (Thai)' });
    await waitFor(() => expect(name().value).toBe('แซ่บก๋วยเตี๋ยว'));
    return { drawer, name, row };
  };

  it('a save sends the version the form was loaded at', async () => {
    const { drawer } = await openStore(3);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { version?: number }).version).toBe(3);
  });

  it('no version from the server: none is sent', async () => {
    const { drawer } = await openStore(undefined);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('version');
  });

  it('edit_conflict: says so, keeps the edits, and reloads only when staff choose', async () => {
    saveAnswer = () =>
      new Response(
        JSON.stringify({ success: false, code: 'edit_conflict', message: ['Someone else saved it.'] }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      );
    const { drawer, name, row } = await openStore(3);
    fireEvent.change(name(), { target: { value: 'ชื่อใหม่ของฉัน' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    const alert = await within(drawer).findByText('Someone else saved this while you were editing it.');
    expect(alert).toBeTruthy();
    await waitFor(() => expect(name().value).toBe('ชื่อใหม่ของฉัน'));
    // Someone else's save is now stored: reloading shows it and the next save sends its version.
    row.nameTh = 'ชื่อของอีกคน';
    row.version = 4;
    fireEvent.click(within(drawer).getByRole('button', { name: 'Reload the latest version' }));
    // Asked first: keeping the edits changes nothing.
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(name().value).toBe('ชื่อใหม่ของฉัน'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Reload the latest version' }));
    // The first question may still be fading out: answer the newest one.
    fireEvent.click((await screen.findAllByRole('button', { name: 'Discard and reload' })).at(-1)!);
    await waitFor(() => expect(name().value).toBe('ชื่อของอีกคน'));
    await waitFor(() =>
      expect(within(drawer).queryByText('Someone else saved this while you were editing it.')).toBeNull(),
    );
    saveAnswer = () => ok(row);
    calls = [];
    await act(async () => {
      fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { version?: number }).version).toBe(4);
  });
});
