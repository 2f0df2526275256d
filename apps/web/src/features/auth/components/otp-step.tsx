import { OTP_LENGTH } from '@app/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message.ts';
import page from '../../../shared/ui/page.module.css';
import { useLogin } from '../api/login.ts';
import { useAdoptProfileLanguage } from '../hooks/use-adopt-profile-language.ts';
import { useAuthStore } from '../store/auth-store.ts';
import styles from '../auth.module.css';
import { CodeEntryForm } from './code-entry-form.tsx';

const isCompleteCode = (code: string) => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);

export type OtpStepProps = {
  email: string;
  resendSecondsLeft: number;
  resending: boolean;
  resendError: string | null;
  onResend: () => Promise<boolean>;
  onBack: () => void;
};

/** Sign-in's second step, with antd's code boxes: loaded as the member starts on the e-mail step. */
export default function OtpStep(props: OtpStepProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const storeLogin = useAuthStore((s) => s.login);
  const adoptProfileLanguage = useAdoptProfileLanguage();
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const secondsLeft = props.resendSecondsLeft;

  const confirm = async () => {
    setNotice(null);
    if (!isCompleteCode(code)) {
      setLocalError(t('signin.otp.incomplete'));
      return;
    }
    setLocalError(null);
    try {
      const data = await login.mutateAsync({ email: props.email, otp: code });
      // First the page's language (a device with no saved choice follows the profile), then the
      // guard takes it from here: /signin with a session goes to the redirect target or /home.
      await adoptProfileLanguage(data.language);
      storeLogin(data);
    } catch {
      // The error shows under the boxes; the digits stay so one wrong digit can be corrected.
    }
  };

  const resend = async () => {
    login.reset();
    setLocalError(null);
    setNotice(null);
    if (await props.onResend()) {
      setCode('');
      setNotice(t('signin.otp.resent'));
    }
  };

  const error = localError ?? (login.isError ? errorMessage(t, login.error) : null) ?? props.resendError;

  return (
    <section aria-labelledby="otp-title">
      <h1 id="otp-title" className={`${page.title} ${styles.centered}`}>
        {t('signin.otp.title')}
      </h1>
      <p className={`${page.lead} ${styles.centered}`}>
        {t('signin.otp.instruction')}
        <br />
        <span className={styles.sentTo}>{t('signin.otp.sentTo', { email: props.email })}</span>
      </p>
      <CodeEntryForm
        code={code}
        onCodeChange={(v) => {
          setCode(v);
          setLocalError(null);
        }}
        error={error}
        notice={notice}
        confirming={login.isPending}
        onConfirm={() => void confirm()}
        resendSecondsLeft={secondsLeft}
        resending={props.resending}
        onResend={() => void resend()}
        onBack={props.onBack}
        labels={{
          confirm: t('signin.otp.confirm'),
          resend: t('signin.otp.resend'),
          resendIn: (time) => t('signin.otp.resendIn', { time }),
          back: t('signin.otp.back'),
        }}
        testIds={{ confirm: 'otp-confirm', resend: 'otp-resend', back: 'otp-back' }}
      />
    </section>
  );
}
