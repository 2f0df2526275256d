import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Why a change is made, kept in the audit log with it: 3 to 500 characters, not only spaces. Every
 * change to a member, a staff account or the programme's rules asks for one.
 */
export function ReasonItem(props: { className?: string; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('admin.common.reason')}
      extra={t('admin.common.reasonHint')}
      className={props.className}
      rules={[
        { required: true, whitespace: true, message: t('admin.common.reasonRequired') },
        { min: 3, message: t('admin.common.reasonShort') },
        { max: 500, message: t('admin.common.reasonLong') },
      ]}
    >
      <Input.TextArea rows={3} maxLength={500} showCount placeholder={props.placeholder} />
    </Form.Item>
  );
}
