import { GiftOutlined, ShoppingOutlined, StarOutlined } from '@ant-design/icons';
import type { HistoryEntry } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatNumber } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { checkoutOrderPath, privilegePath, walletVoucherPath } from '../../../shared/paths.ts';
import rowList from '../../../shared/ui/row-list.module.css';
import styles from '../history.module.css';
import { signedPoints } from '../../../shared/points.ts';

/** One row of the history; each opens what it refers to (the order, the wallet item, the privilege). */
export function HistoryRow({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation();
  const { lang, to } = useLocalizedPath();
  let icon: ReactNode;
  let title: string;
  let detail: string | null;
  let lines: string[] = [];
  let side: ReactNode;
  let href: string | null;
  if (entry.kind === 'purchase') {
    icon = <ShoppingOutlined aria-hidden />;
    const [first, ...others] = entry.items;
    // The first voucher names the order; the others are counted beside it and listed below.
    title =
      others.length > 0
        ? t('history.purchase.andMore', { title: first?.title ?? entry.title, count: others.length })
        : entry.title;
    if (others.length > 0 || (first?.quantity ?? 1) > 1)
      lines = entry.items.map((i) => t('history.purchase.line', { quantity: i.quantity, title: i.title }));
    detail = t('history.order', { number: entry.orderNumber });
    side = (
      <>
        <span className={styles.amount}>{formatMoney(entry.total)}</span>
        <span className={`${styles.status} ${styles[`status${entry.status}`] ?? ''}`}>
          {t(`history.status.${entry.status}`)}
        </span>
      </>
    );
    href = checkoutOrderPath(entry.id);
  } else if (entry.kind === 'use') {
    icon = <GiftOutlined aria-hidden />;
    title = entry.title;
    detail = entry.merchantName;
    side = (
      <span className={styles.status}>
        {entry.usageLimit === null
          ? t('history.use.used')
          : t('history.use.usedOf', { number: entry.useNumber, limit: entry.usageLimit })}
      </span>
    );
    href = walletVoucherPath(entry.walletItemId);
  } else {
    icon = <StarOutlined aria-hidden />;
    title = t(`history.movement.${entry.movement}`);
    detail = entry.title ?? (entry.orderNumber ? t('history.order', { number: entry.orderNumber }) : null);
    side = (
      <span className={`${styles.amount} ${entry.points < 0 ? styles.out : styles.in}`}>
        {t('history.points', {
          count: Math.abs(entry.points),
          points: signedPoints(entry.points, formatNumber),
        })}
      </span>
    );
    href = entry.privilegeId
      ? privilegePath(entry.privilegeId)
      : entry.orderId
        ? checkoutOrderPath(entry.orderId)
        : null;
  }
  const body = (
    <>
      <span className={`${styles.icon} ${styles[`icon${entry.kind}`] ?? ''}`}>{icon}</span>
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        {lines.length > 0 && (
          <span className={styles.lines} data-testid="history-purchase-lines">
            {lines.map((line, i) => (
              <span key={i} className={styles.line}>
                {line}
              </span>
            ))}
          </span>
        )}
        {detail && <span className={styles.detail}>{detail}</span>}
        <time className={styles.when} dateTime={entry.createdAt}>
          {formatDateTime(entry.createdAt, lang)}
        </time>
      </span>
      <span className={styles.side}>{side}</span>
    </>
  );
  return href ? (
    <Link
      to={to(href)}
      className={`${rowList.row} ${rowList.alignTop} ${rowList.rowLink}`}
      data-testid={`history-${entry.kind}`}
    >
      {body}
    </Link>
  ) : (
    <div className={`${rowList.row} ${rowList.alignTop}`} data-testid={`history-${entry.kind}`}>
      {body}
    </div>
  );
}
