import type { Language } from '@app/contracts';
import { t } from '../../i18n/messages.ts';
import type { Charge } from './payment-provider.ts';
import { groupCardNumber, TEST_CARDS, type CardErrors, type CardInput } from './sandbox-card.ts';

/*
 * The dev bank's pages: plain server-rendered HTML, no script (the app's policy allows none inline),
 * styles inline (the policy allows those). Every text comes from locales/*.json `sandbox.*` and every
 * value is escaped where it is written.
 */

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI','Noto Sans Thai',sans-serif;line-height:1.6;color:#1f2937;background:#f3f4f6}
.bar{display:flex;justify-content:space-between;align-items:center;padding:12px 16px;background:#0f3d3e;color:#fff}
.bar strong{font-size:17px}.bar a{color:#fff;margin-left:12px}
main{max-width:440px;margin:0 auto;padding:16px}
.badge{background:#fef3c7;color:#78350f;border-radius:8px;padding:8px 12px;font-size:14px;margin:0 0 16px}
.card{background:#fff;border-radius:12px;padding:16px;margin-bottom:16px;box-shadow:0 1px 2px rgb(0 0 0 / 8%)}
.label{color:#4b5563;font-size:14px;margin:0}
.merchant{font-size:18px;font-weight:600;margin:0 0 4px;overflow-wrap:anywhere}
.amount{font-size:34px;font-weight:700;margin:0 0 12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0;font-size:14px}
dt{color:#4b5563}dd{margin:0;overflow-wrap:anywhere}
h1{font-size:22px;margin:0 0 8px}h2{font-size:16px;margin:0 0 8px}
button{display:block;width:100%;min-height:48px;border-radius:10px;font:inherit;font-weight:600;font-size:16px;cursor:pointer;margin-top:12px}
.primary{background:#0f766e;color:#fff;border:0}.danger{background:#fff;color:#b91c1c;border:2px solid #b91c1c}
.quiet{background:#fff;color:#374151;border:1px solid #6b7280}
label{display:block;font-weight:600;margin-top:12px}
input{display:block;width:100%;min-height:44px;padding:8px 12px;font:inherit;font-size:16px;border:1px solid #9ca3af;border-radius:8px;margin-top:4px}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.error{color:#b91c1c;font-size:14px;margin:4px 0 0}
.problem{border-left:4px solid #b91c1c}
ul{padding-left:20px;margin:0}code{font-size:14px;overflow-wrap:anywhere}
details{margin-top:12px;font-size:14px}
a{color:#0f766e}
`;

export interface PageText {
  lang: Language;
  /** The same page in the other language. */
  otherLanguageHref: string;
}

const layout = ({ lang, otherLanguageHref }: PageText, title: string, body: string) => {
  const other: Language = lang === 'th' ? 'en' : 'th';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(t(lang, 'sandbox.title'))}</title>
<style>${STYLE}</style></head>
<body><header class="bar"><strong>${escapeHtml(t(lang, 'sandbox.title'))}</strong>
<a href="${escapeHtml(otherLanguageHref)}" lang="${other}" hreflang="${other}">${escapeHtml(t(other, 'sandbox.languageName'))}</a></header>
<main>
<p class="badge">${escapeHtml(t(lang, 'sandbox.badge'))}</p>
${body}
</main></body></html>`;
};

const baht = (amount: number) => `฿${new Intl.NumberFormat('th-TH').format(amount)}`;

const bangkokTime = (lang: Language, d: Date) =>
  new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
    timeZone: 'Asia/Bangkok',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);

export interface ChargeView {
  charge: Charge;
  description: string;
  /** Where "Back to the shop" goes: the charge's return path in the page's language. */
  backHref: string;
}

const summary = (lang: Language, { charge, description }: ChargeView) => {
  const tx = (key: string, vars: Record<string, string> = {}) => escapeHtml(t(lang, `sandbox.${key}`, vars));
  const orderNumber = charge.metadata.orderNumber;
  return `<section class="card" aria-labelledby="merchant">
<p class="label">${tx('paying')}</p>
<p class="merchant" id="merchant">${escapeHtml(description)}</p>
<p class="amount">${escapeHtml(baht(charge.amount))}</p>
<dl>
${orderNumber ? `<dt>${tx('order')}</dt><dd>${escapeHtml(orderNumber)}</dd>` : ''}
<dt>${tx('channel')}</dt><dd>${escapeHtml(t(lang, `payments.channels.${charge.type}.name`))}</dd>
<dt>${tx('payBefore')}</dt><dd>${escapeHtml(bangkokTime(lang, charge.expiresAt))}</dd>
<dt>${tx('reference')}</dt><dd><code>${escapeHtml(charge.ref)}</code></dd>
</dl>
</section>`;
};

const back = (lang: Language, href: string) =>
  `<p><a href="${escapeHtml(href)}">${escapeHtml(t(lang, 'sandbox.back'))}</a></p>`;

export interface CardForm {
  values: Omit<CardInput, 'cvc'>;
  errors: CardErrors;
}

/** A pending charge: Approve/Decline for PromptPay, the card form for a card; "Let it expire" for both. */
export const payPage = (text: PageText, view: ChargeView, action: string, card?: CardForm): string => {
  const { lang } = text;
  const tx = (key: string, vars: Record<string, string> = {}) => escapeHtml(t(lang, `sandbox.${key}`, vars));
  const langField = `<input type="hidden" name="lang" value="${lang}">`;
  const { charge } = view;
  let form: string;
  if (charge.type === 'promptpay') {
    form = `<section class="card" aria-labelledby="answer">
<h1 id="answer">${tx('promptpay.title')}</h1>
<p>${tx('promptpay.intro')}</p>
<form method="post" action="${escapeHtml(action)}">${langField}
<button class="primary" type="submit" name="action" value="approve">${tx('promptpay.approve')}</button>
<button class="danger" type="submit" name="action" value="decline">${tx('promptpay.decline')}</button>
</form>
${charge.qrPayload ? `<details><summary>${tx('promptpay.payload')}</summary><code>${escapeHtml(charge.qrPayload)}</code></details>` : ''}
</section>`;
  } else {
    const errors = card?.errors ?? {};
    const field = (
      name: 'number' | 'expiry' | 'cvc',
      attrs: string,
      value: string,
    ) => `<label for="${name}">${tx(`card.${name}`)}</label>
<input id="${name}" name="${name}" ${attrs} value="${escapeHtml(value)}"${errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>
${errors[name] ? `<p class="error" id="${name}-error">${tx(`card.errors.${errors[name]}`)}</p>` : ''}`;
    const cards = TEST_CARDS.map(
      (c) => `<li><code>${groupCardNumber(c.number)}</code> — ${tx(`card.testCard.${c.label}`)}</li>`,
    ).join('\n');
    form = `<section class="card${Object.keys(errors).length ? ' problem' : ''}" aria-labelledby="answer">
<h1 id="answer">${tx('card.title')}</h1>
<p>${tx('card.intro')}</p>
<form method="post" action="${escapeHtml(action)}" novalidate>${langField}
${field('number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23" required', card?.values.number ?? '')}
<div class="row"><div>${field('expiry', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" required', card?.values.expiry ?? '')}</div>
<div>${field('cvc', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" required', '')}</div></div>
<button class="primary" type="submit" name="action" value="pay">${tx('card.pay', { amount: baht(charge.amount) })}</button>
</form>
</section>
<section class="card" aria-labelledby="tests"><h2 id="tests">${tx('card.testCards')}</h2>
<ul>${cards}</ul>
<p>${tx('card.testCardHint')}</p></section>`;
  }
  // Its own form: the card form's fields (and their checks) have nothing to do with letting time run out.
  const expire = `<section class="card" aria-labelledby="expire">
<h2 id="expire">${tx('expire.title')}</h2>
<p>${tx('expire.text')}</p>
<form method="post" action="${escapeHtml(action)}">${langField}
<button class="quiet" type="submit" name="action" value="expire">${tx('expire.action')}</button>
</form>
</section>`;
  return layout(
    text,
    t(lang, 'sandbox.pageTitle'),
    `${summary(lang, view)}\n${form}\n${expire}\n${back(lang, view.backHref)}`,
  );
};

/** A charge that is no longer pending; `afterAttempt` when an answer just came for it (nothing changed). */
export const finishedPage = (text: PageText, view: ChargeView, afterAttempt: boolean): string => {
  const { lang } = text;
  const status = view.charge.status;
  const tx = (key: string) => escapeHtml(t(lang, `sandbox.${key}`));
  return layout(
    text,
    t(lang, `sandbox.status.${status}.title`),
    `<section class="card" aria-labelledby="status">
<h1 id="status">${tx(`status.${status}.title`)}</h1>
${afterAttempt ? `<p><strong>${tx('nothingChanged')}</strong></p>` : ''}
<p>${tx(`status.${status}.text`)}</p>
</section>
${summary(lang, view)}
${back(lang, view.backHref)}`,
  );
};

/** A page with a title and a sentence: not found, refused, a form that makes no sense. */
export const messagePage = (text: PageText, key: 'notFound' | 'crossOrigin' | 'badRequest'): string => {
  const { lang } = text;
  return layout(
    text,
    t(lang, `sandbox.${key}.title`),
    `<section class="card"><h1>${escapeHtml(t(lang, `sandbox.${key}.title`))}</h1>
<p>${escapeHtml(t(lang, `sandbox.${key}.text`))}</p></section>`,
  );
};
