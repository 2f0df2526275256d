import type { Migration } from 'kysely';
import * as initial from './2025-11-22-0001-initial.ts';
import * as housekeepingIndexes from './2025-11-22-0002-housekeeping-indexes.ts';
import * as catalogue from './2025-11-23-0001-catalogue.ts';
import * as catalogueListIndexes from './2025-11-23-0002-catalogue-list-indexes.ts';
import * as handledEvent from './2025-11-24-0001-handled-event.ts';
import * as catalogueAvailabilityOrder from './2025-11-25-0001-catalogue-availability-order.ts';
import * as catalogueVersion from './2025-11-26-0001-catalogue-version.ts';
import * as sessionVersion from './2025-11-27-0001-session-version.ts';
import * as buying from './2025-11-28-0001-buying.ts';
import * as pointsAndTiers from './2025-11-29-0001-points-and-tiers.ts';
import * as walletUse from './2025-11-29-0001-wallet-use.ts';
import * as walletPrivileges from './2025-11-29-0002-wallet-privileges.ts';
import * as notifications from './2025-11-30-0002-notifications.ts';
import * as memberLimits from './2025-12-01-0001-member-limits-and-line-points.ts';
import * as rateLimitCounter from './2025-12-02-0001-rate-limit-counter.ts';
import * as priceFromOptionsLock from './2025-12-03-0001-price-from-options-lock.ts';
import * as staffAndAudit from './2025-12-04-0001-staff-and-audit.ts';
import * as refunds from './2025-12-05-0001-refunds.ts';
import * as programmeRules from './2025-12-05-0002-programme-rules.ts';
import * as memberSearchAndAdjustments from './2025-12-06-0001-member-search-and-adjustments.ts';
import * as catalogueDrafts from './2025-12-07-0001-catalogue-drafts.ts';
import * as campaigns from './2025-12-08-0001-campaigns.ts';
import * as cataloguePublishedAt from './2025-12-09-0001-catalogue-published-at.ts';
import * as catalogueVersions from './2025-12-10-0001-catalogue-versions.ts';
import * as counter from './2025-12-11-0001-counter.ts';
import * as walletUseNumber from './2025-12-11-0002-wallet-use-number.ts';
import * as pushAndPreferences from './2025-12-12-0001-push-and-preferences.ts';
import * as windowStartsIndexes from './2025-12-13-0001-window-starts-indexes.ts';

/**
 * Every migration, by name. Names start with a timestamp so they sort in the order they were
 * written; a static list (rather than a folder scan) works the same under tsx, Vitest and a bundle.
 */
export const migrations: Record<string, Migration> = {
  '2025-11-22-0001-initial': initial,
  '2025-11-22-0002-housekeeping-indexes': housekeepingIndexes,
  '2025-11-23-0001-catalogue': catalogue,
  '2025-11-23-0002-catalogue-list-indexes': catalogueListIndexes,
  '2025-11-24-0001-handled-event': handledEvent,
  '2025-11-25-0001-catalogue-availability-order': catalogueAvailabilityOrder,
  '2025-11-26-0001-catalogue-version': catalogueVersion,
  '2025-11-27-0001-session-version': sessionVersion,
  '2025-11-28-0001-buying': buying,
  '2025-11-29-0001-points-and-tiers': pointsAndTiers,
  '2025-11-29-0001-wallet-use': walletUse,
  '2025-11-29-0002-wallet-privileges': walletPrivileges,
  '2025-11-30-0002-notifications': notifications,
  '2025-12-01-0001-member-limits-and-line-points': memberLimits,
  '2025-12-02-0001-rate-limit-counter': rateLimitCounter,
  '2025-12-03-0001-price-from-options-lock': priceFromOptionsLock,
  '2025-12-04-0001-staff-and-audit': staffAndAudit,
  '2025-12-05-0001-refunds': refunds,
  '2025-12-05-0002-programme-rules': programmeRules,
  '2025-12-06-0001-member-search-and-adjustments': memberSearchAndAdjustments,
  '2025-12-07-0001-catalogue-drafts': catalogueDrafts,
  '2025-12-08-0001-campaigns': campaigns,
  '2025-12-09-0001-catalogue-published-at': cataloguePublishedAt,
  '2025-12-10-0001-catalogue-versions': catalogueVersions,
  '2025-12-11-0001-counter': counter,
  '2025-12-11-0002-wallet-use-number': walletUseNumber,
  '2025-12-12-0001-push-and-preferences': pushAndPreferences,
  '2025-12-13-0001-window-starts-indexes': windowStartsIndexes,
};
