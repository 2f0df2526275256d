import '../texts.ts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { EMAIL_INPUT_PROPS, emailProblem } from '../../../shared/ui/email-input.ts';
import { FormError } from '../../../shared/ui/form-error.tsx';
import { lazyScreen } from '../../../shared/ui/lazy-screen.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { LightField } from '../../../shared/ui/light-field.tsx';
import page from '../../../shared/ui/page.module.css';
import { ScreenPlaceholder } from '../../../shared/ui/screen-placeholder.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useSendOtp } from '../api/send-otp.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import styles from '../auth.module.css';

// The e-mail step paints without antd; the code step and an error's alert bring it when they are needed.
const OtpStep = lazyScreen(() => import('../components/otp-step.tsx'));

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
        <Suspense fallback={<ScreenPlaceholder shape="page" />}>
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
        </Suspense>
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
  const [email, setEmail] = useState(props.initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const check = (value: string) =>
    emailProblem(value, {
      required: t('signin.validation.emailRequired'),
      invalid: t('signin.validation.emailInvalid'),
    });
  return (
    <section aria-labelledby="signin-title">
      <h1 id="signin-title" className={`${page.title} ${styles.centered}`}>
        {t('signin.greeting')}
      </h1>
      <p className={`${page.lead} ${styles.centered}`}>{t('signin.subtitle')}</p>
      {/* The browser's own checks are off: their bubbles speak the browser's language, not the page's.
          The field has no name: sent before the app's code has taken over the server's markup, the form
          would otherwise put the address in the page's URL (history, logs). */}
      <form
        name="signin"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problem = check(email);
          setFieldError(problem);
          if (!problem) props.onSubmit(email.trim());
        }}
      >
        <LightField
          id="signin_email"
          data-testid="signin-email"
          {...EMAIL_INPUT_PROPS}
          label={t('signin.emailLabel')}
          placeholder={t('signin.emailPlaceholder')}
          required
          requiredMark={false}
          error={fieldError}
          value={email}
          onFocus={OtpStep.prefetch}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            // A field shown in error is checked again as it changes; its message goes once it is right.
            if (fieldError) setFieldError(check(event.currentTarget.value));
          }}
        />
        <FormError error={props.error} testId="signin-error" />
        <LightButton
          variant="primary"
          type="submit"
          block
          loading={props.pending}
          data-testid="signin-submit"
        >
          {t('signin.submit')}
        </LightButton>
      </form>
    </section>
  );
}

export default SigninScreen;
