import { CrownOutlined } from '@ant-design/icons';
import type { MemberInfo } from '@app/contracts';
import { Avatar } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayName, initialsOf } from '../../auth/index.ts';

/** Name, e-mail and picture; tier and points are placeholders until the points feature lands (no fake progress bar). */
export function MemberCard({ info }: { info: MemberInfo }) {
  const { t } = useTranslation();
  const name = displayName(info);
  return (
    <section className="member-card" aria-label={t('profile.card.label')}>
      <div className="member-card-top">
        <Avatar
          size={64}
          src={info.avatarUrl ?? undefined}
          alt={t('profile.edit.avatar.alt')}
          className="member-avatar member-avatar-on-dark"
        >
          {initialsOf(info)}
        </Avatar>
        <div className="member-card-id">
          <p className="member-name">{name || info.email}</p>
          {name && <p className="member-email">{info.email}</p>}
        </div>
      </div>
      <div className="member-card-tier">
        <span className="tier-pill">
          <CrownOutlined aria-hidden /> {t('profile.card.tierPlaceholder')}
        </span>
        <span className="member-points">{t('profile.card.pointsPlaceholder')}</span>
      </div>
      {/* The progress bar toward the next tier appears with real points (the points feature). */}
    </section>
  );
}
