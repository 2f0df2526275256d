import { CrownOutlined, RightOutlined } from '@ant-design/icons';
import type { MemberInfo, PointsSummary } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import skeleton from '../../../shared/ui/skeleton.module.css';
import { displayName } from '../../auth/index.ts';
import { getPointsQueryOptions } from '../../../shared/points.ts';
import styles from '../profile.module.css';
import { MemberAvatar } from './member-avatar.tsx';
import { CardNumber } from './member-card-number.tsx';

/**
 * Name, email and picture; the card number a store's cashier awards points to, with the card to scan
 * (GET /bff/member-card); then the tier, the points and the way to the next tier (GET /bff/points).
 */
export function MemberCard({ info }: { info: MemberInfo }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const name = displayName(info);
  const points = useQuery(getPointsQueryOptions(info.id));
  return (
    <section className={styles.card} aria-label={t('profile.card.label')} data-testid="member-card">
      <div className={styles.cardTop}>
        <MemberAvatar
          info={info}
          size={64}
          src={info.avatarUrl ?? undefined}
          className={`${styles.avatar} ${styles.avatarOnDark}`}
        />
        <div className={styles.cardId}>
          <p className={styles.name}>{name || info.email}</p>
          {name && <p className={styles.email}>{info.email}</p>}
        </div>
      </div>
      <CardNumber viewer={info.id} name={name} />
      {points.data ? (
        <PointsPart summary={points.data} />
      ) : points.isError ? (
        // Over the loading shape, kept but unseen: the card keeps its height and nothing below moves.
        <div className={styles.cardPointsError}>
          <PointsShape />
          <div className={styles.cardTier} role="alert">
            <span className={styles.points}>{t('profile.card.pointsError')}</span>
            <button
              type="button"
              className={styles.cardRetry}
              onClick={() => void points.refetch()}
              disabled={points.isFetching}
              data-testid="points-retry"
            >
              {t('states.retry')}
            </button>
          </div>
        </div>
      ) : (
        // The shape of the loaded part (tier row, bar, goal line), so nothing below moves when it arrives.
        <div role="status" aria-busy="true" data-testid="points-loading">
          <span className="visually-hidden">{t('app.loading')}</span>
          <PointsShape />
        </div>
      )}
      <Link to={to(paths.privilegesHistory)} className={styles.cardLink} data-testid="points-history-link">
        {t('profile.card.pointsHistory')}
        <RightOutlined aria-hidden />
      </Link>
    </section>
  );
}

/** The loaded points part's outline: tier row, bar and the two goal lines, as skeletons. */
function PointsShape() {
  return (
    <div className={styles.pointsShape} aria-hidden="true">
      <div className={styles.cardTier}>
        <span className={`${skeleton.skeleton} ${styles.cardSkeletonPill}`} />
        <span className={`${skeleton.skeleton} ${styles.cardSkeletonPoints}`} />
      </div>
      <div className={styles.progress} />
      <p className={styles.progressText}>
        <span className={styles.progressEarned}>
          <span className={`${skeleton.skeleton} ${styles.cardSkeletonGoal}`} />
        </span>
        <span className={styles.progressGoal}>
          <span className={`${skeleton.skeleton} ${styles.cardSkeletonGoal}`} />
        </span>
      </p>
    </div>
  );
}

/**
 * Two figures a member must not confuse: the balance (what they can spend now) and what they earned in
 * the rolling 12 months (what the tier counts; spending does not lower it). Each is named for what it
 * is, and the goal line adds up: earned + still to earn = what the next tier needs.
 */
function PointsPart({ summary }: { summary: PointsSummary }) {
  const { t } = useTranslation();
  const tier = t(`catalogue.tiers.${summary.tier}`);
  const next = summary.nextTier;
  const percent = Math.round(Math.min(1, Math.max(0, summary.progress)) * 100);
  const earned = next
    ? t('profile.card.earned', {
        earned: formatNumber(summary.earnedInWindow),
        required: formatNumber(next.pointsRequired),
      })
    : null;
  const goal = next
    ? next.pointsNeeded > 0
      ? t('profile.card.toNext', {
          count: next.pointsNeeded,
          points: formatNumber(next.pointsNeeded),
          tier: t(`catalogue.tiers.${next.tier}`),
        })
      : t('profile.card.reached', { tier: t(`catalogue.tiers.${next.tier}`) })
    : t('profile.card.highestTier');
  return (
    <>
      <div className={styles.cardTier}>
        <span className={styles.tierPill} data-testid="member-tier">
          <CrownOutlined aria-hidden /> {tier}
        </span>
        <span className={styles.points} data-testid="member-points">
          {t('profile.card.points', { count: summary.balance, points: formatNumber(summary.balance) })}
        </span>
      </div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={t('profile.card.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={earned ? `${earned}. ${goal}` : goal}
      >
        <span className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.progressText} data-testid="member-progress">
        {earned && (
          <span className={styles.progressEarned} data-testid="member-earned">
            {earned}
          </span>
        )}
        <span className={styles.progressGoal}>{goal}</span>
      </p>
    </>
  );
}
