// The points module's public surface: other modules and app.ts import only from here.
export {
  adjustPoints,
  burnPoints,
  earnForOrder,
  expirePoints,
  lockMember,
  pointsBalance,
  pointsExpiryFor,
  reversePoints,
  DEFAULT_POINTS_LIFETIME_MONTHS,
  type BurnResult,
  type ReverseInput,
} from './points-ledger.ts';
export { pointsBalances } from './points-balances.ts';
export { earnForStorePurchase } from './store-earn.ts';
export { pointsHistoryKeys, pointsMovements, type PointsMovementRow } from './points-history.ts';
export { lowerTierAfterRefund, reviewTiers } from './tiers.ts';
export { createPointsRuntime } from './points.jobs.ts';
export { pointsModule } from './points.routes.ts';
export { pointsSummary } from './points.service.ts';
