import { Form, type FormInstance, type FormProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { emailProblem } from './email-input.ts';

/**
 * antd's Form as every form of the app uses it. The browser's own validation is off: its bubbles
 * speak the browser's language rather than the page's, and they stop the submit before the app's
 * rules run, leaving an earlier message standing. A field shown in error is checked again as it
 * changes, so its message follows the value and goes once the field is right.
 */
export function AppForm<Values>({
  form,
  onValuesChange,
  ...props
}: Omit<FormProps<Values>, 'children' | 'form'> & { form: FormInstance<Values>; children: ReactNode }) {
  return (
    <Form
      form={form}
      noValidate
      onValuesChange={(changed: Partial<Values>, all: Values) => {
        for (const name of Object.keys(changed as object) as never[])
          if (form.getFieldError(name).length > 0) void form.validateFields([name]).catch(() => undefined);
        onValuesChange?.(changed, all);
      }}
      {...props}
    />
  );
}

/** An e-mail field's rules in antd's terms: required (antd marks the field), then `emailProblem`. */
export const emailRules = (messages: { required: string; invalid: string }): Rule[] => [
  { required: true, whitespace: true, message: messages.required },
  {
    validator: (_, value: string | undefined) => {
      // An empty field is the required rule's to report, once.
      const problem = value?.trim() ? emailProblem(value, messages) : null;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];
