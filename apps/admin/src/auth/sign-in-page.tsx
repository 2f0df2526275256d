import type { StaffChallengeData, StaffSessionData } from '@app/contracts';
import { useIsAuthenticated, useLogin } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Typography, type FormInstance, type InputRef } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { api } from '../api/client.ts';
import { session } from '../api/session.ts';
import { homeOf } from '../app/providers.ts';
import { useSubmit } from '../shared/use-submit.ts';
import { currentLanguage } from '../shared/i18n.ts';
import { LanguageSwitch } from '../shared/language-switch.tsx';
import styles from './sign-in.module.css';

type Step =
  { kind: 'email' } | { kind: 'code'; email: string } | { kind: 'factor'; challenge: StaffChallengeData };

const CODE_RULES = (message: string) => [{ required: true, pattern: /^\d{6}$/, message }];

/** The two code steps' texts: the e-mailed code, then the authenticator app's. */
const CODE_STEPS = {
  code: { label: 'admin.auth.emailCode', submit: 'admin.auth.verify', back: 'admin.auth.otherEmail' },
  factor: { label: 'admin.auth.appCode', submit: 'admin.auth.signIn', back: 'admin.auth.startOver' },
} as const;

/**
 * Staff sign-in at /admin: e-mail → the 6-digit code sent to it → the authenticator app's code. On the
 * first sign-in (or after an owner reset it) the authenticator is enrolled here: a QR code of the
 * otpauth:// address and the secret as text for apps that cannot scan.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const { data: auth, isLoading } = useIsAuthenticated();
  const { mutate: login } = useLogin<{ token: string; staff: StaffSessionData['staff'] }>();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [ended] = useState(() => session.endedBefore());
  const [form] = Form.useForm();
  const { busy, error, run } = useSubmit(form);

  if (!isLoading && auth?.authenticated) {
    const staff = session.staff();
    return <Navigate to={staff ? homeOf(staff) : '/members'} replace />;
  }

  const sendCode = ({ email }: { email: string }) =>
    run(async () => {
      await api.post('/auth/send-code', { email, language: currentLanguage() });
      setStep({ kind: 'code', email });
      form.resetFields(['code']);
    });
  const verifyCode = (email: string, { code }: { code: string }) =>
    run(async () => {
      const challenge = await api.post<StaffChallengeData>('/auth/verify-code', { email, code });
      setStep({ kind: 'factor', challenge });
      form.resetFields(['code']);
    });
  const secondFactor = (challenge: StaffChallengeData, { code }: { code: string }) =>
    run(async () => {
      const data = await api.post<StaffSessionData>('/auth/second-factor', {
        challengeToken: challenge.challengeToken,
        code,
      });
      login({ token: data.token, staff: data.staff });
    });

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <LanguageSwitch />
      </div>
      <Card className={styles.card}>
        <div className={styles.brand}>
          <span className={styles.mark} aria-hidden="true">
            ★
          </span>
          <div>
            <Typography.Title level={1} className={styles.title}>
              {t('admin.auth.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('admin.auth.subtitle')}</Typography.Text>
          </div>
        </div>
        {ended && step.kind === 'email' && (
          <Alert className={styles.alert} type="warning" showIcon title={t('admin.auth.sessionEnded')} />
        )}
        {error && <Alert className={styles.alert} type="error" showIcon title={error} role="alert" />}

        {step.kind === 'email' && (
          <Form form={form} layout="vertical" onFinish={sendCode} requiredMark={false}>
            <Form.Item
              name="email"
              label={t('admin.auth.email')}
              rules={[{ required: true, type: 'email', message: t('admin.auth.emailInvalid') }]}
            >
              <Input type="email" autoComplete="username" inputMode="email" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('admin.auth.sendCode')}
            </Button>
          </Form>
        )}

        {step.kind !== 'email' && (
          <CodeStep
            // Its own field per step: the second code starts empty, with the cursor in it.
            key={step.kind}
            form={form}
            busy={busy}
            texts={CODE_STEPS[step.kind]}
            onFinish={(v) =>
              step.kind === 'code' ? verifyCode(step.email, v) : secondFactor(step.challenge, v)
            }
            onBack={() => setStep({ kind: 'email' })}
          >
            {step.kind === 'code' ? (
              <Typography.Paragraph>{t('admin.auth.codeSent', { email: step.email })}</Typography.Paragraph>
            ) : (
              <FactorIntro challenge={step.challenge} />
            )}
          </CodeStep>
        )}
      </Card>
    </div>
  );
}

/**
 * A step that asks for a 6-digit code (the e-mailed one, then the authenticator's): what the step says
 * first (`children`), the code field, the button that sends it and a way back to the e-mail step.
 */
function CodeStep(props: {
  form: FormInstance;
  busy: boolean;
  texts: (typeof CODE_STEPS)[keyof typeof CODE_STEPS];
  onFinish: (values: { code: string }) => void;
  onBack: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const code = useRef<InputRef>(null);
  // Each code step puts the cursor in its field as it opens (what autoFocus would do, without surprising
  // a screen reader on load).
  useEffect(() => code.current?.focus(), []);
  return (
    <Form form={props.form} layout="vertical" onFinish={props.onFinish} requiredMark={false}>
      {props.children}
      <Form.Item name="code" label={t(props.texts.label)} rules={CODE_RULES(t('admin.auth.codeInvalid'))}>
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} ref={code} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={props.busy}>
        {t(props.texts.submit)}
      </Button>
      <Button type="link" block onClick={props.onBack}>
        {t(props.texts.back)}
      </Button>
    </Form>
  );
}

/**
 * What the authenticator step says first: on a first sign-in (or after an owner reset it) the enrolment,
 * a QR code of the otpauth:// address and the secret as text for apps that cannot scan; else a line.
 */
function FactorIntro({ challenge }: { challenge: StaffChallengeData }) {
  const { t } = useTranslation();
  if (!challenge.enrolment)
    return <Typography.Paragraph>{t('admin.auth.appCodeIntro')}</Typography.Paragraph>;
  return (
    <div className={styles.enrol}>
      <Typography.Paragraph>{t('admin.auth.enrolIntro')}</Typography.Paragraph>
      <div className={styles.qr}>
        <QRCodeSVG value={challenge.enrolment.otpauthUrl} size={176} title={t('admin.auth.qrTitle')} />
      </div>
      <Typography.Paragraph className={styles.secretLabel}>
        {t('admin.auth.secretLabel')}
      </Typography.Paragraph>
      <Typography.Text code copyable className={styles.secret} data-testid="totp-secret">
        {challenge.enrolment.secret}
      </Typography.Text>
    </div>
  );
}
