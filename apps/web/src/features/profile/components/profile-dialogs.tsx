import type { Language } from '@app/contracts';
import { Button, Modal, Radio, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../shared/i18n/language-preference.ts';
import styles from '../profile.module.css';

export type ProfileDialogsProps = {
  lang: Language;
  confirmingLogout: boolean;
  pickingLanguage: boolean;
  onCloseLogout: () => void;
  onLogout: () => void;
  onCloseLanguage: () => void;
  onPickLanguage: (lang: Language) => void;
};

/** The profile's dialogs: 360 px wide, in the middle of the screen. */
const ProfileModal = (props: ModalProps) => <Modal centered width={360} {...props} />;

/** The profile's two dialogs (log out, language), with antd: loaded when the first of them opens. */
export default function ProfileDialogs({
  lang,
  confirmingLogout,
  pickingLanguage,
  onCloseLogout,
  onLogout,
  onCloseLanguage,
  onPickLanguage,
}: ProfileDialogsProps) {
  const { t } = useTranslation();
  return (
    <>
      <ProfileModal
        open={confirmingLogout}
        title={t('profile.logout.title')}
        onCancel={onCloseLogout}
        footer={[
          <Button key="cancel" onClick={onCloseLogout} data-testid="logout-cancel">
            {t('profile.logout.cancel')}
          </Button>,
          <Button key="confirm" type="primary" danger data-testid="logout-confirm" onClick={onLogout}>
            {t('profile.logout.confirm')}
          </Button>,
        ]}
      >
        <p>{t('profile.logout.body')}</p>
      </ProfileModal>

      <ProfileModal
        open={pickingLanguage}
        title={t('profile.languagePicker.title')}
        footer={null}
        onCancel={onCloseLanguage}
      >
        <Radio.Group
          className={styles.languageOptions}
          value={lang}
          aria-label={t('profile.languagePicker.title')}
          onChange={(e) => onPickLanguage(e.target.value as Language)}
          options={LANGUAGES.map((l) => ({
            value: l,
            label: <span lang={l}>{t(`language.names.${l}`)}</span>,
            'data-testid': `language-option-${l}`,
          }))}
        />
      </ProfileModal>
    </>
  );
}
