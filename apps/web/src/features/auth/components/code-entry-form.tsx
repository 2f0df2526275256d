import { Alert, Button } from 'antd';
import { useId } from 'react';
import { formatCountdown } from '../hooks/use-countdown.ts';
import styles from '../auth.module.css';
import { isCompleteCode, OtpInput } from './otp-input.tsx';

type CodeEntryFormProps = {
  code: string;
  onCodeChange: (code: string) => void;
  error: string | null;
  /** A success note ("We sent you a new code."), shown when there is no error. */
  notice: string | null;
  confirming: boolean;
  /** With the code to confirm (the one just completed when `submitOnComplete` sent it). */
  onConfirm: (code: string) => void;
  /** Send the code as soon as its last digit is typed, pasted or autofilled (no Confirm to tap). */
  submitOnComplete?: boolean;
  /** Changed after a refused code: the boxes (cleared by the owner) take the focus again. */
  refocus?: number;
  resendSecondsLeft: number;
  resending: boolean;
  onResend: () => void;
  onBack: () => void;
  labels: { confirm: string; resend: string; resendIn: (time: string) => string; back: string };
  testIds: { confirm: string; resend: string; back: string };
};

/**
 * Six boxes for a code sent by e-mail, its error or notice, Confirm, a Resend that counts down, and
 * a way back: the same steps wherever a code is asked for (sign-in, confirming a new e-mail).
 */
export function CodeEntryForm(props: CodeEntryFormProps) {
  const errorId = useId();
  const { resendSecondsLeft: secondsLeft } = props;
  return (
    <>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onConfirm(props.code);
        }}
      >
        <OtpInput
          value={props.code}
          onChange={(next) => {
            props.onCodeChange(next);
            if (props.submitOnComplete && !props.confirming && next !== props.code && isCompleteCode(next))
              props.onConfirm(next);
          }}
          refocus={props.refocus}
          invalid={!!props.error}
          errorId={errorId}
          disabled={props.confirming}
          focusOnMount
        />
        <div id={errorId} aria-live="polite" className={styles.feedback}>
          {props.error && <Alert type="error" showIcon title={props.error} />}
          {!props.error && props.notice && <Alert type="success" showIcon title={props.notice} />}
        </div>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={props.confirming}
          data-testid={props.testIds.confirm}
        >
          {props.labels.confirm}
        </Button>
      </form>
      <div className={styles.actions}>
        <Button
          type="link"
          className={styles.resend}
          data-testid={props.testIds.resend}
          disabled={secondsLeft > 0}
          loading={props.resending}
          onClick={props.onResend}
        >
          {secondsLeft > 0 ? props.labels.resendIn(formatCountdown(secondsLeft)) : props.labels.resend}
        </Button>
        <Button block data-testid={props.testIds.back} onClick={props.onBack}>
          {props.labels.back}
        </Button>
      </div>
    </>
  );
}
