import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors } from './error-text.ts';

/**
 * A dialog's or form's submit: busy while the call runs, and a failure said where it was asked (the
 * server's per-field messages under their fields when there is a form) instead of moving on.
 */
export function useSubmit(form?: FormInstance) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      const fields = form ? fieldErrors(e) : [];
      if (fields.length) form?.setFields(fields as never);
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, clearError: () => setError(null), run };
}
