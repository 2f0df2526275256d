import { Alert } from 'antd';
import messages from '../../../shared/ui/form-messages.module.css';

/** A failed request's message above the submit button, in antd's alert: loaded when one is shown. */
export default function ErrorAlert({ title }: { title: string }) {
  return <Alert className={messages.alert} type="error" showIcon title={title} />;
}
