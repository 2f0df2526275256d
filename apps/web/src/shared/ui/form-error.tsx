import { Alert } from 'antd';
import messages from './form-messages.module.css';

/**
 * What went wrong with a whole form (not one field), just above its submit button. The live region
 * is there before the error, so a screen reader announces the error when it appears.
 */
export function FormError({ error, testId }: { error: string | null; testId: string }) {
  return (
    <div aria-live="polite">
      {error && <Alert className={messages.alert} type="error" showIcon title={error} data-testid={testId} />}
    </div>
  );
}
