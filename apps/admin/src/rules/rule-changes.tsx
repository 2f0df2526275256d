import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../shared/format.ts';
import type { RuleChange } from './rules-diff.ts';
import styles from './rules.module.css';

/** "Baht per point: 25 → 30", one line per changed value. */
export function RuleChanges({ changes }: { changes: RuleChange[] }) {
  const { t } = useTranslation();
  if (!changes.length) return <span className="muted">{t('admin.rules.noChange')}</span>;
  return (
    <ul className={styles.changes}>
      {changes.map((c) => {
        const label =
          'tier' in c
            ? t(`admin.rules.change.${c.kind}`, { tier: t(`admin.tiers.${c.tier}`) })
            : t(`admin.rules.change.${c.kind}`);
        const show = (v: number | string) => (typeof v === 'number' ? formatNumber(v) : v);
        return (
          <li key={`${c.kind}-${'tier' in c ? c.tier : ''}`}>
            <span className={styles.changeLabel}>{label}</span>{' '}
            <span className={styles.from}>{show(c.from)}</span>{' '}
            <ArrowRightOutlined aria-label={t('admin.rules.becomes')} className={styles.arrow} />{' '}
            <strong>{show(c.to)}</strong>
          </li>
        );
      })}
    </ul>
  );
}
