import { OTP_LENGTH } from '@app/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { AppForm, EMAIL_INPUT_PROPS, emailRules } from '../../../shared/ui/app-form.tsx';
import messages from '../../../shared/ui/form-messages.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useLogin } from '../api/login.ts';
import { useSendOtp } from '../api/send-otp.ts';
import { CodeEntryForm } from '../components/code-entry-form.tsx';
import { useAdoptProfileLanguage } from '../hooks/use-adopt-profile-language.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { useAuthStore } from '../store/auth-store.ts';
import styles from '../auth.module.css';

type EmailForm = { email: string };

const isCompleteCode = (code: string) => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);

export function SigninScreen() {
  const { t } = useTranslation();
  const [step, setStep] = useState<'email' | 'otp'>('email');
  const [email, setEmail] = useState('');
  const resendCountdown = useCountdown();
  const sendOtp = useSendOtp();
  useDocumentTitle(t('signin.title'));

  const requestCode = async (address: string) => {
    try {
      const answer = await sendOtp.mutateAsync({ email: address, language: currentLanguage() });
      setEmail(address);
      resendCountdown.start(answer.resendAfterSeconds);
      setStep('otp');
      return true;
    } catch (error) {
      if (isApiError(error) && error.retryAfterSeconds) resendCountdown.start(error.retryAfterSeconds);
      return false;
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.hero} aria-hidden="true">
        <svg viewBox="0 0 64 64" width="56" height="56" focusable="false">
          <rect width="64" height="64" rx="16" fill="#14213d" />
          <path d="M32 12l6 13 14 2-10 10 2 14-12-7-12 7 2-14-10-10 14-2z" fill="#fca311" />
        </svg>
      </div>
      {step === 'email' ? (
        <EmailStep
          initialEmail={email}
          pending={sendOtp.isPending}
          error={sendOtp.isError ? errorMessage(t, sendOtp.error) : null}
          onSubmit={(address) => void requestCode(address)}
        />
      ) : (
        <OtpStep
          email={email}
          resendSecondsLeft={resendCountdown.secondsLeft}
          resending={sendOtp.isPending}
          resendError={sendOtp.isError ? errorMessage(t, sendOtp.error) : null}
          onResend={() => requestCode(email)}
          onBack={() => {
            sendOtp.reset();
            setStep('email');
          }}
        />
      )}
    </div>
  );
}

function EmailStep(props: {
  initialEmail: string;
  pending: boolean;
  error: string | null;
  onSubmit: (email: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailForm>();
  return (
    <section aria-labelledby="signin-title">
      <h1 id="signin-title" className={`${page.title} ${styles.centered}`}>
        {t('signin.greeting')}
      </h1>
      <p className={`${page.lead} ${styles.centered}`}>{t('signin.subtitle')}</p>
      <AppForm<EmailForm>
        form={form}
        name="signin"
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: props.initialEmail }}
        onFinish={(values) => props.onSubmit(values.email.trim())}
      >
        <Form.Item<EmailForm>
          name="email"
          label={t('signin.emailLabel')}
          validateTrigger="onSubmit"
          rules={emailRules({
            required: t('signin.validation.emailRequired'),
            invalid: t('signin.validation.emailInvalid'),
          })}
        >
          <Input
            data-testid="signin-email"
            {...EMAIL_INPUT_PROPS}
            placeholder={t('signin.emailPlaceholder')}
          />
        </Form.Item>
        {props.error && <Alert className={messages.alert} type="error" showIcon title={props.error} />}
        <Button type="primary" htmlType="submit" block loading={props.pending} data-testid="signin-submit">
          {t('signin.submit')}
        </Button>
      </AppForm>
    </section>
  );
}

function OtpStep(props: {
  email: string;
  resendSecondsLeft: number;
  resending: boolean;
  resendError: string | null;
  onResend: () => Promise<boolean>;
  onBack: () => void;
}) {
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

export default SigninScreen;
