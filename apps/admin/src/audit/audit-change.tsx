import type { AuditEntry } from '@app/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './audit-change.module.css';

const show = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value, null, 2);

/** A record before and after the change, side by side (stacked on a phone); fields that changed are listed. */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const before = entry.before as Record<string, unknown> | null;
  const after = entry.after as Record<string, unknown> | null;
  const changed =
    before && after && typeof before === 'object' && typeof after === 'object'
      ? [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
          (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
        )
      : [];
  return (
    <div className={styles.change}>
      {changed.length > 0 && (
        <Typography.Paragraph className={styles.fields}>
          {t('admin.audit.changedFields')}: <strong>{changed.join(', ')}</strong>
        </Typography.Paragraph>
      )}
      <div className={styles.sides}>
        <section>
          <Typography.Text strong>{t('admin.audit.before')}</Typography.Text>
          <pre className={styles.json}>{show(entry.before) ?? t('admin.audit.nothing')}</pre>
        </section>
        <section>
          <Typography.Text strong>{t('admin.audit.after')}</Typography.Text>
          <pre className={styles.json}>{show(entry.after) ?? t('admin.audit.nothing')}</pre>
        </section>
      </div>
      {entry.requestId && (
        <div className="muted small mono">{t('admin.audit.requestId', { id: entry.requestId })}</div>
      )}
    </div>
  );
}
