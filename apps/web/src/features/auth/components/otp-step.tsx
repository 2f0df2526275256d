import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { errorMessage } from '../../../shared/api/error-message.ts';
import page from '../../../shared/ui/page.module.css';
import { useLogin } from '../api/login.ts';
import { useAdoptProfileLanguage } from '../hooks/use-adopt-profile-language.ts';
import { useCodeEntry } from '../hooks/use-code-entry.ts';
import { useAuthStore } from '../store/auth-store.ts';
import styles from '../auth.module.css';
import { CodeEntryForm } from './code-entry-form.tsx';
import { isCompleteCode } from './otp-input.tsx';

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
  const { code, setCode, localError, setLocalError, notice, setNotice, onCodeChange, clearMessages, resent } =
    useCodeEntry();
  const [refused, setRefused] = useState(0);
  // The sixth digit sends the code by itself; Confirm tapped meanwhile must not send it twice.
  const sending = useRef(false);
  const secondsLeft = props.resendSecondsLeft;

  const confirm = async (entered: string) => {
    if (sending.current) return;
    setNotice(null);
    if (!isCompleteCode(entered)) {
      setLocalError(t('signin.otp.incomplete'));
      return;
    }
    setLocalError(null);
    sending.current = true;
    try {
      const data = await login.mutateAsync({ email: props.email, otp: entered });
      // First the page's language (a device with no saved choice follows the profile), then the
      // guard takes it from here: /signin with a session goes to the redirect target or /home.
      await adoptProfileLanguage(data.language);
      storeLogin(data);
    } catch (error) {
      // A refused code (wrong, expired, too many tries) is of no more use: the boxes are emptied and
      // focused for the next one, the reason shown under them. A network failure keeps the digits for
      // Confirm to send again.
      if (isApiError(error) && error.status < 500) {
        setCode('');
        setRefused((n) => n + 1);
      }
    } finally {
      sending.current = false;
    }
  };

  const resend = async () => {
    login.reset();
    clearMessages();
    if (await props.onResend()) resent(t('signin.otp.resent'));
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
        onCodeChange={onCodeChange}
        error={error}
        notice={notice}
        confirming={login.isPending}
        onConfirm={(entered) => void confirm(entered)}
        submitOnComplete
        refocus={refused}
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
