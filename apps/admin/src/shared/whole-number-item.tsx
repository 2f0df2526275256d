import { Form, InputNumber, type FormItemProps, type InputNumberProps } from 'antd';

/**
 * A whole number from `min` to `max`: the field refuses anything else with `message`, and its input
 * stops at the same bounds. Required unless `optional`; as wide as its cell unless `input.style` says.
 */
export function WholeNumberItem({
  min,
  max,
  message,
  optional,
  input,
  ...item
}: Omit<FormItemProps, 'rules' | 'children'> & {
  min: number;
  max: number;
  message: string;
  optional?: boolean;
  input?: InputNumberProps;
}) {
  return (
    <Form.Item {...item} rules={[{ required: !optional, type: 'integer', min, max, message }]}>
      <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} {...input} />
    </Form.Item>
  );
}
