import type { ProgrammeRulesView, Tier } from '@app/contracts';

/** One changed value between two versions of the rules, as the history and the confirmation list it. */
export type RuleChange =
  | { kind: 'bahtPerPoint' | 'pointsLifetimeMonths'; from: number; to: number }
  | { kind: 'pointsRequired'; tier: Tier; from: number; to: number }
  | { kind: 'unlocksEn' | 'unlocksTh'; tier: Tier; from: string; to: string };

type RulesValues = Pick<ProgrammeRulesView, 'bahtPerPoint' | 'pointsLifetimeMonths' | 'tiers'>;

/** What `after` changes in `before`, in the order the form shows the fields. */
export function diffRules(before: RulesValues, after: RulesValues): RuleChange[] {
  const changes: RuleChange[] = [];
  if (before.bahtPerPoint !== after.bahtPerPoint)
    changes.push({ kind: 'bahtPerPoint', from: before.bahtPerPoint, to: after.bahtPerPoint });
  if (before.pointsLifetimeMonths !== after.pointsLifetimeMonths)
    changes.push({
      kind: 'pointsLifetimeMonths',
      from: before.pointsLifetimeMonths,
      to: after.pointsLifetimeMonths,
    });
  for (const tier of after.tiers) {
    const old = before.tiers.find((t) => t.code === tier.code);
    if (!old) continue;
    if (old.pointsRequired !== tier.pointsRequired)
      changes.push({
        kind: 'pointsRequired',
        tier: tier.code,
        from: old.pointsRequired,
        to: tier.pointsRequired,
      });
    if (old.unlocks.en.trim() !== tier.unlocks.en.trim())
      changes.push({ kind: 'unlocksEn', tier: tier.code, from: old.unlocks.en, to: tier.unlocks.en });
    if (old.unlocks.th.trim() !== tier.unlocks.th.trim())
      changes.push({ kind: 'unlocksTh', tier: tier.code, from: old.unlocks.th, to: tier.unlocks.th });
  }
  return changes;
}
