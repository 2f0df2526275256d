import { RightOutlined } from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import styles from '../profile.module.css';

type RowText = {
  icon: ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
  label: string;
  /** What the row is set to, after its label (the language). */
  value?: ReactNode;
  /** The arrow of a row that leads on; an action done in place (Log out) has none. */
  leadsOn?: boolean;
};

/** What a row of the profile menu shows: its icon, its label, its value, and an arrow if it leads on. */
export function MenuRowText({ icon: Icon, label, value, leadsOn = true }: RowText) {
  return (
    <>
      <Icon aria-hidden className={styles.menuIcon} />
      <span className={styles.menuLabel}>{label}</span>
      {value}
      {leadsOn && <RightOutlined aria-hidden className={styles.menuChevron} />}
    </>
  );
}

/** A row of the profile menu that opens another screen. */
export const MenuLink = ({ to, testId, ...text }: RowText & { to: string; testId: string }) => (
  <Link to={to} className={styles.menuItem} data-testid={testId}>
    <MenuRowText {...text} />
  </Link>
);
