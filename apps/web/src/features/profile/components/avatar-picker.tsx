import { CameraOutlined } from '@ant-design/icons';
import { AVATAR_TYPES } from '@app/contracts';
import { Button } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message.ts';
import messages from '../../../shared/ui/form-messages.module.css';
import { useAuthStore } from '../../auth/index.ts';
import { checkAvatarFile, useUploadAvatar, type AvatarProblem } from '../api/upload-avatar.ts';
import styles from '../profile.module.css';
import { MemberAvatar } from './member-avatar.tsx';

/** The member's picture with a Change avatar button: checks type and size, previews, uploads at once. */
export function AvatarPicker() {
  const { t } = useTranslation();
  const info = useAuthStore((s) => s.info);
  const upload = useUploadAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<AvatarProblem | null>(null);
  const messageId = useId();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (file: File | undefined) => {
    if (!file) return;
    const issue = checkAvatarFile(file);
    setProblem(issue);
    if (issue) return;
    setPreview(URL.createObjectURL(file));
    // The preview shows while uploading; afterwards the stored picture (or the old one on failure).
    upload.mutate(file, { onSettled: () => setPreview(null) });
  };

  const error = problem
    ? t(problem === 'type' ? 'profile.edit.avatar.typeError' : 'profile.edit.avatar.sizeError')
    : upload.isError
      ? errorMessage(t, upload.error)
      : null;
  const src = preview ?? info?.avatarUrl ?? undefined;

  return (
    <div className={styles.avatarPicker}>
      <MemberAvatar info={info} size={88} src={src} className={styles.avatar} />
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        hidden
        aria-label={t('profile.edit.avatar.change')}
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button
        icon={<CameraOutlined aria-hidden />}
        loading={upload.isPending}
        onClick={() => inputRef.current?.click()}
        aria-describedby={error ? messageId : undefined}
        data-testid="profile-avatar"
      >
        {t('profile.edit.avatar.change')}
      </Button>
      <p className={styles.avatarHint}>{t('profile.edit.avatar.hint')}</p>
      <div id={messageId} role="alert" className={messages.fieldError}>
        {error}
      </div>
    </div>
  );
}
