import { createHash } from 'node:crypto';
import {
  LANGUAGES,
  NotificationTypeSchema,
  type Language,
  type Notification,
  type NotificationType,
  type Tier,
} from '@app/contracts';
import { formatDate } from '@app/contracts/dates';
import { t } from '../../i18n/messages.ts';
import type { Titles } from './notify.ts';

export interface NotificationRow {
  id: string;
  type: NotificationType;
  params: Record<string, unknown>;
  is_read: boolean;
  created_at: Date;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v) || 0);
const NUMBER_FORMAT = new Intl.NumberFormat('en-US');
/** `count` picks the plural form; `points` is what is shown (1,200). */
const pointsVars = (v: unknown) => ({ count: num(v), points: NUMBER_FORMAT.format(num(v)) });
/** A date the member reads: day/month/year of its Bangkok day, the Buddhist-era year in Thai. */
const dateOf = (lang: Language, v: unknown): string =>
  formatDate(typeof v === 'number' || typeof v === 'string' ? v : null, lang);
const tierName = (lang: Language, v: unknown): string => t(lang, `catalogue.tiers.${str(v) as Tier}`);
const titleOf = (lang: Language, v: unknown): string => {
  const titles = (v ?? {}) as Partial<Titles>;
  return (lang === 'th' ? titles.th : null) ?? titles.en ?? '';
};

/** The texts' variables and the app path each type points to, from its stored parameters. */
const PARTS: Record<
  NotificationType,
  (
    p: Record<string, unknown>,
    lang: Language,
  ) => {
    vars: Record<string, string | number>;
    link: string | null;
    /** Texts that are not the locale's (a campaign's own words): shown as written, never interpolated. */
    text?: { title: string; description: string };
  }
> = {
  order_successful: (p) => ({ vars: { number: str(p.number) }, link: orderLink(p) }),
  order_failed: (p) => ({ vars: { number: str(p.number) }, link: orderLink(p) }),
  order_cancelled: (p) => ({ vars: { number: str(p.number) }, link: orderLink(p) }),
  order_expired: (p) => ({ vars: { number: str(p.number) }, link: orderLink(p) }),
  order_refunded: (p) => ({
    vars: { number: str(p.number), amount: `฿${NUMBER_FORMAT.format(num(p.amount))}` },
    link: orderLink(p),
  }),
  points_earned: (p) => ({
    vars: { ...pointsVars(p.points), number: str(p.number) },
    link: '/profile/history',
  }),
  points_expiring: (p, lang) => ({
    vars: { ...pointsVars(p.points), date: dateOf(lang, p.expiresAt) },
    link: '/profile/history',
  }),
  tier_up: (p, lang) => ({ vars: { tier: tierName(lang, p.tier) }, link: '/profile' }),
  tier_down: (p, lang) => ({ vars: { tier: tierName(lang, p.tier) }, link: '/profile' }),
  voucher_expiring: (p, lang) => ({
    vars: { title: titleOf(lang, p.title), date: dateOf(lang, p.validUntil) },
    link: `/wallet/${encodeURIComponent(str(p.walletId))}`,
  }),
  new_privilege: (p, lang) => ({
    vars: { title: titleOf(lang, p.title), tier: tierName(lang, p.tier) },
    link: `/privileges/${encodeURIComponent(str(p.privilegeId))}`,
  }),
  campaign: (p, lang) => ({
    vars: {},
    link: typeof p.link === 'string' && p.link.startsWith('/') ? p.link : null,
    text: { title: titleOf(lang, p.title), description: titleOf(lang, p.body) },
  }),
  points_adjusted: (p) => ({
    vars: {
      ...pointsVars(Math.abs(num(p.points))),
      signed: `${num(p.points) < 0 ? '−' : '+'}${NUMBER_FORMAT.format(Math.abs(num(p.points)))}`,
      reason: str(p.reason),
    },
    link: '/profile/history',
  }),
  voucher_used: (p, lang) => ({
    vars: { title: titleOf(lang, p.title), store: titleOf(lang, p.store) },
    link: `/wallet/${encodeURIComponent(str(p.walletId))}`,
  }),
  points_earned_store: (p, lang) => ({
    vars: { ...pointsVars(p.points), store: titleOf(lang, p.store) },
    link: '/profile/history',
  }),
};

function orderLink(p: Record<string, unknown>): string {
  return `/checkout/orders/${encodeURIComponent(str(p.orderId))}`;
}

/** One notification as the reader sees it, in `lang` (rendered on every read: old ones follow a language switch). */
export const renderNotification = (row: NotificationRow, lang: Language): Notification => {
  const { vars, link, text } = PARTS[row.type](row.params, lang);
  const key = `notificationMessages.${row.type}`;
  return {
    _id: row.id,
    type: row.type,
    title: text?.title ?? t(lang, `${key}.title`, vars),
    description: text?.description ?? t(lang, `${key}.description`, vars),
    isRead: row.is_read,
    createdAt: row.created_at.toISOString(),
    link,
  };
};

/**
 * A fingerprint of the texts notifications are rendered from: part of the ETag, so a release that
 * rewords them is not hidden behind a 304 of the old wording.
 */
export const TEXTS_FINGERPRINT = createHash('sha256')
  .update(
    JSON.stringify(
      LANGUAGES.map((lang) =>
        NotificationTypeSchema.options.map((type) =>
          renderNotification({ id: '', type, params: {}, is_read: false, created_at: new Date(0) }, lang),
        ),
      ),
    ),
  )
  .digest('base64url')
  .slice(0, 8);
