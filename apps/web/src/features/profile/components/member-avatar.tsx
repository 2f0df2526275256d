import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { initialsOf, type AuthState } from '../../auth/index.ts';
import styles from './member-avatar.module.css';

/**
 * The member's picture; without one, their initials in either script, or a neutral figure without a
 * name. Drawn like antd's Avatar in plain CSS: the profile screen paints without antd's runtime.
 */
export function MemberAvatar({
  info,
  src,
  size,
  className,
}: {
  info: AuthState['info'];
  src: string | undefined;
  size: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const initials = initialsOf(info);
  const alt = t('profile.edit.avatar.alt');
  return (
    <span
      className={`${styles.avatar} ${className ?? ''}`}
      // An icon fills half the circle; initials are 18 px whatever the size, as antd draws them.
      style={{ width: size, height: size, fontSize: !src && !initials ? size / 2 : 18 }}
      data-testid="member-avatar"
    >
      {src ? <img src={src} alt={alt} /> : initials ? <span>{initials}</span> : <UserOutlined aria-hidden />}
    </span>
  );
}
