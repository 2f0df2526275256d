import { CrownOutlined } from '@ant-design/icons';
import type { MemberInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../auth/index.ts';
import styles from '../profile.module.css';
import { MemberAvatar } from './member-avatar.tsx';

/** Name, e-mail and picture; tier and points are placeholders until the points feature lands (no fake progress bar). */
export function MemberCard({ info }: { info: MemberInfo }) {
  const { t } = useTranslation();
  const name = displayName(info);
  return (
    <section className={styles.card} aria-label={t('profile.card.label')}>
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
      <div className={styles.cardTier}>
        <span className={styles.tierPill}>
          <CrownOutlined aria-hidden /> {t('profile.card.tierPlaceholder')}
        </span>
        <span className={styles.points}>{t('profile.card.pointsPlaceholder')}</span>
      </div>
      {/* The progress bar toward the next tier appears with real points (the points feature). */}
    </section>
  );
}
