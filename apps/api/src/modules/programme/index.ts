// The programme's rules (earn rate, points lifetime, tiers): read by catalogue, orders and points; changed by the back office.
export {
  currentRules,
  putRulesInForce,
  rulesHistory,
  rulesOnly,
  type NewRules,
  type ProgrammeRules,
} from './rules.ts';
export { earnRateOf, type EarnRate } from './earn-rate.ts';
