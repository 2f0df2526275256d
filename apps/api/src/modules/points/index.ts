// The points module's public surface: other modules and app.ts import only from here.
export {
  adjustPoints,
  burnPoints,
  earnForOrder,
  expirePoints,
  pointsBalance,
  pointsExpiryFor,
  reversePoints,
  POINTS_LIFETIME_YEARS,
  type BurnResult,
  type ReverseInput,
} from './points-ledger.ts';
export { pointsHistoryKeys, pointsMovements, type PointsMovementRow } from './points-history.ts';
export { reviewTiers } from './tiers.ts';
export { createPointsRuntime } from './points.jobs.ts';
export { pointsModule } from './points.routes.ts';
