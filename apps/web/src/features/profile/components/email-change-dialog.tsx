import { OTP_LENGTH } from '@app/contracts/constants';
import { Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import page from '../../../shared/ui/page.module.css';
import { CodeEntryForm, useCodeEntry, useCountdown } from '../../auth/index.ts';
import { useConfirmEmailChange, useSendEmailChangeCode } from '../api/email-change.ts';

type Props = {
  /** The new address the code was (or is to be) sent to; null keeps the dialog closed. */
  email: string | null;
  /** Seconds before another code may be asked for, from the send that opened the dialog. */
  resendAfterSeconds: number;
  onConfirmed: () => void;
  onCancel: () => void;
};

/**
 * The second step of an e-mail change: the code sent to the new address. The address changes on the
 * server only when the code is confirmed; cancelling leaves the member's current address as it is.
 */
export function EmailChangeDialog({ email, resendAfterSeconds, onConfirmed, onCancel }: Props) {
  return (
    <Modal
      open={email !== null}
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      centered
      width={400}
      title={<EmailChangeTitle />}
    >
      {email && (
        <EmailChangeForm
          key={email}
          email={email}
          resendAfterSeconds={resendAfterSeconds}
          onConfirmed={onConfirmed}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}

function EmailChangeTitle() {
  const { t } = useTranslation();
  return <>{t('profile.edit.emailChange.title')}</>;
}

function EmailChangeForm({ email, resendAfterSeconds, onConfirmed, onCancel }: Props & { email: string }) {
  const { t } = useTranslation();
  const { code, localError, setLocalError, notice, setNotice, onCodeChange, clearMessages, resent } =
    useCodeEntry();
  const confirm = useConfirmEmailChange();
  const resend = useSendEmailChangeCode();
  const countdown = useCountdown();
  const startCountdown = countdown.start;
  useEffect(() => startCountdown(resendAfterSeconds), [startCountdown, resendAfterSeconds]);

  const submit = async () => {
    setNotice(null);
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      setLocalError(t('profile.edit.emailChange.incomplete'));
      return;
    }
    setLocalError(null);
    try {
      await confirm.mutateAsync({ email, otp: code });
      onConfirmed();
    } catch {
      // Shown under the boxes; the digits stay so one wrong digit can be corrected.
    }
  };

  const askAgain = async () => {
    confirm.reset();
    clearMessages();
    try {
      const answer = await resend.mutateAsync({ email, language: currentLanguage() });
      countdown.start(answer.resendAfterSeconds);
      resent(t('profile.edit.emailChange.resent'));
    } catch (error) {
      if (isApiError(error) && error.retryAfterSeconds) countdown.start(error.retryAfterSeconds);
    }
  };

  const error =
    localError ??
    (confirm.isError ? errorMessage(t, confirm.error) : null) ??
    (resend.isError ? errorMessage(t, resend.error) : null);

  return (
    <>
      <p className={page.lead}>{t('profile.edit.emailChange.instruction', { email })}</p>
      <CodeEntryForm
        code={code}
        onCodeChange={onCodeChange}
        error={error}
        notice={notice}
        confirming={confirm.isPending}
        onConfirm={() => void submit()}
        resendSecondsLeft={countdown.secondsLeft}
        resending={resend.isPending}
        onResend={() => void askAgain()}
        onBack={onCancel}
        labels={{
          confirm: t('profile.edit.emailChange.confirm'),
          resend: t('profile.edit.emailChange.resend'),
          resendIn: (time) => t('profile.edit.emailChange.resendIn', { time }),
          back: t('profile.edit.emailChange.cancel'),
        }}
        testIds={{
          confirm: 'email-change-confirm',
          resend: 'email-change-resend',
          back: 'email-change-cancel',
        }}
      />
    </>
  );
}
