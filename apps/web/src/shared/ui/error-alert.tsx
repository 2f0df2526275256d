import { Alert } from 'antd';
import messages from './form-messages.module.css';

/** A failed request's message in antd's alert: loaded when one is shown (see FormError). */
export default function ErrorAlert({ title, testId }: { title: string; testId?: string }) {
  return <Alert className={messages.alert} type="error" showIcon title={title} data-testid={testId} />;
}
