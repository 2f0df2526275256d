import type { PointsMovement } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatNumber } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { checkoutOrderPath, privilegePath } from '../../../shared/paths.ts';
import { signedPoints } from '../../../shared/points.ts';
import rowList from '../../../shared/ui/row-list.module.css';
import styles from '../privileges-history.module.css';

/** One points movement: what happened, what it refers to, when, and the signed points; opens its order or privilege. */
export function MovementRow({ movement }: { movement: PointsMovement }) {
  const { t } = useTranslation();
  const { lang, to } = useLocalizedPath();
  const refersTo =
    movement.title ?? (movement.orderNumber ? t('history.order', { number: movement.orderNumber }) : null);
  const href = movement.privilegeId
    ? privilegePath(movement.privilegeId)
    : movement.orderId
      ? checkoutOrderPath(movement.orderId)
      : null;
  const body = (
    <>
      <span className={styles.rowText}>
        <span className={styles.rowTitle}>{t(`history.movement.${movement.movement}`)}</span>
        {refersTo && <span className={styles.rowRef}>{refersTo}</span>}
        <time className={styles.rowWhen} dateTime={movement.createdAt}>
          {formatDateTime(movement.createdAt, lang)}
        </time>
      </span>
      <span
        className={`${styles.rowPoints} ${movement.points < 0 ? styles.out : styles.in}`}
        data-testid="movement-points"
      >
        {t('history.points', {
          count: Math.abs(movement.points),
          points: signedPoints(movement.points, formatNumber),
        })}
      </span>
    </>
  );
  return href ? (
    <Link to={to(href)} className={`${rowList.row} ${rowList.rowLink}`} data-testid="movement-row">
      {body}
    </Link>
  ) : (
    <div className={rowList.row} data-testid="movement-row">
      {body}
    </div>
  );
}
