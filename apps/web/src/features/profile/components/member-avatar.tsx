import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { useTranslation } from 'react-i18next';
import { initialsOf, type AuthState } from '../../auth/index.ts';

/** The member's picture; without one, their initials in either script, or a neutral figure without a name. */
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
  return (
    <Avatar
      size={size}
      src={src}
      alt={t('profile.edit.avatar.alt')}
      className={className}
      icon={initials ? undefined : <UserOutlined aria-hidden />}
      data-testid="member-avatar"
    >
      {initials || null}
    </Avatar>
  );
}
