import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './required-mark.module.css';

/**
 * Forms mark what must be filled in, not what may be left: an asterisk after the label, hidden from
 * screen readers (antd gives the control aria-required, which they announce), so a control's accessible
 * name is its label alone ("Store", not "Store (optional)" or "* Store"). Pass as a Form's requiredMark.
 */
export const requiredMark = (label: ReactNode, { required }: { required: boolean }) => (
  <>
    {label}
    {required && (
      <span className={styles.mark} aria-hidden="true">
        *
      </span>
    )}
  </>
);

/** The line above such a form that says what the asterisk means. */
export function RequiredNote() {
  const { t } = useTranslation();
  return <p className={`muted small ${styles.note}`}>{t('admin.common.requiredNote')}</p>;
}
