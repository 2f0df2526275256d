import { Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** A screen's title, with its actions to the right (below it on a phone). */
export function PageHeader({
  title,
  extra,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      <div className={styles.titles}>
        <Typography.Title level={2} className={styles.title}>
          {title}
        </Typography.Title>
        {children}
      </div>
      {extra && <div className={styles.extra}>{extra}</div>}
    </div>
  );
}
